import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppSnackbar } from './AppSnackbar';
import { Notifier } from '../services/notifier';
import { NotifierContext } from '../services/notifier-context';
// Loaded up front so the lazy snackbar resolves within act() even under fake timers.
import './NoticeSnackbar';

const renderWith = (notifier: Notifier, extra: ReactNode = null) =>
  render(
    <NotifierContext.Provider value={notifier}>
      {extra}
      <AppSnackbar />
    </NotifierContext.Provider>,
  );

/** Raises a notice and lets the lazily loaded snackbar render it. */
async function show(raise: () => void) {
  act(raise);
  await act(async () => {
    await new Promise<void>((resolve) => queueMicrotask(resolve));
  });
}

describe('snackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message and hides it after 6 seconds, not before', async () => {
    const notifier = new Notifier();
    renderWith(notifier);
    await show(() => notifier.success('Playback stopped'));
    expect(screen.getByRole('alert').textContent).toContain('Playback stopped');

    act(() => {
      vi.advanceTimersByTime(5_900);
    });
    expect(notifier.getSnapshot()?.message).toBe('Playback stopped');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(notifier.getSnapshot()).toBeNull();
  });

  it('a newer message replaces the shown one and gets its own 6 seconds', async () => {
    const notifier = new Notifier();
    renderWith(notifier);
    await show(() => notifier.info('first'));
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    await show(() => notifier.error('second'));
    expect(screen.getByRole('alert').textContent).toContain('second');
    expect(screen.queryByText('first')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(notifier.getSnapshot()?.message).toBe('second');
    act(() => {
      vi.advanceTimersByTime(2_100);
    });
    expect(notifier.getSnapshot()).toBeNull();
  });
});

describe('snackbar beside an open dialog', () => {
  it('a notice raised while a dialog is open stays visible to assistive technology', async () => {
    const notifier = new Notifier();
    renderWith(
      notifier,
      <Dialog open aria-label="Create Alarm">
        <p>dialog body</p>
      </Dialog>,
    );
    act(() => notifier.info('Creating alarm...'));
    // getByRole leaves out what is aria-hidden: the dialog hides the body's other children.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Creating alarm...');
  });
});
