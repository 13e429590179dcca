import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationKind, QuietHours } from '@playlist-alarms/core/notifications/parent-notification';
import {
  NOTIFICATION_KIND_LABELS,
  PUSH_SETTINGS_TEXTS as T,
} from '@playlist-alarms/core/texts/push-settings-texts';
import { renderWithServices } from '../../test/render-with-services';
import { createTestServices } from '../../test/twins';
import {
  PushPermissionDenied,
  type BrowserPush,
  type PushSource,
  type PushSupport,
} from '../../services/push-client';
import { NotificationSettings } from './NotificationSettings';

/** This browser's push and the server's rows, in memory, with the permission the test chooses. */
class InMemoryPush implements PushSource {
  browser: BrowserPush | null = null;
  quiet: QuietHours = { start: '21:00', end: '07:00' };
  saves: NotificationKind[][] = [];
  constructor(
    public permission: PushSupport,
    private readonly answerPrompt: 'granted' | 'denied' = 'granted',
  ) {}
  support() {
    return this.permission;
  }
  current() {
    return Promise.resolve(this.browser);
  }
  subscribe(kinds: readonly NotificationKind[]) {
    this.permission = this.answerPrompt;
    if (this.answerPrompt === 'denied') return Promise.reject(new PushPermissionDenied());
    return this.setKinds(kinds);
  }
  setKinds(kinds: readonly NotificationKind[]) {
    this.saves.push([...kinds]);
    this.browser = { endpoint: 'https://push.example/1', kinds: [...kinds] };
    return Promise.resolve(this.browser);
  }
  unsubscribe() {
    this.browser = null;
    return Promise.resolve();
  }
  quietHours() {
    return Promise.resolve(this.quiet);
  }
  setQuietHours(quiet: QuietHours) {
    this.quiet = quiet;
    return Promise.resolve(quiet);
  }
}

const switchFor = (group: HTMLElement, kind: NotificationKind) =>
  within(group).getByRole<HTMLInputElement>('switch', { name: NOTIFICATION_KIND_LABELS[kind] });

const renderWith = (source: PushSource) =>
  renderWithServices(createTestServices(), <NotificationSettings source={source} />);

describe('NotificationSettings', () => {
  it('turns on with every kind, switches one off, and turns off', async () => {
    const source = new InMemoryPush('default');
    renderWith(source);
    await userEvent.click(await screen.findByRole('button', { name: T.turnOn }));
    const group = await screen.findByRole('group', { name: T.notifyMeWhen });
    expect(switchFor(group, 'alarm-not-played').checked).toBe(true);
    expect(within(group).getAllByRole('switch')).toHaveLength(4);

    await userEvent.click(switchFor(group, 'low-battery'));
    await waitFor(() =>
      expect(source.browser?.kinds).toEqual(['alarm-not-played', 'alarm-at-risk', 'player-offline']),
    );
    expect(switchFor(group, 'low-battery').checked).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: T.turnOff }));
    expect(await screen.findByRole('button', { name: T.turnOn })).toBeTruthy();
    expect(source.browser).toBeNull();
  });

  it('says so when the browser has no Web Push, and offers nothing to switch', async () => {
    renderWith(new InMemoryPush('unsupported'));
    expect(await screen.findByText(T.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.turnOn })).toBeNull();
  });

  it('says so when the parent blocks the permission prompt', async () => {
    renderWith(new InMemoryPush('default', 'denied'));
    await userEvent.click(await screen.findByRole('button', { name: T.turnOn }));
    expect(await screen.findByText(T.denied)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.turnOn })).toBeNull();
  });

  it('shows and saves the quiet hours', async () => {
    const source = new InMemoryPush('granted');
    renderWith(source);
    const from = await screen.findByLabelText(T.quietFrom);
    expect((from as HTMLInputElement).value).toBe('21:00');
    await userEvent.clear(from);
    await userEvent.type(from, '22:30');
    await userEvent.click(screen.getByRole('button', { name: T.saveQuietHours }));
    expect(await screen.findByText(T.quietHoursSaved)).toBeTruthy();
    expect(source.quiet).toEqual({ start: '22:30', end: '07:00' });
  });
});
