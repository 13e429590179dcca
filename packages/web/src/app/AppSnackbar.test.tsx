import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppSnackbar } from './AppSnackbar';
import { Notifier } from './notifier';
import { NotifierContext } from './notifier-context';

describe('snackbar (SPEC §2, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const renderWith = (notifier: Notifier) =>
    render(
      <NotifierContext.Provider value={notifier}>
        <AppSnackbar />
      </NotifierContext.Provider>,
    );

  it('shows a message and hides it after 6 seconds, not before', () => {
    const notifier = new Notifier();
    renderWith(notifier);
    act(() => notifier.success('Playback stopped'));
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

  it('a newer message replaces the shown one and gets its own 6 seconds', () => {
    const notifier = new Notifier();
    renderWith(notifier);
    act(() => notifier.info('first'));
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    act(() => notifier.error('second'));
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
