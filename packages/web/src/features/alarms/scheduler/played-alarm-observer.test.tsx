import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithServices } from '../../../test/render-with-services';
import { createTestServices, makeDevice, makePlaylist } from '../../../test/twins';
import { AlarmScheduler } from './AlarmScheduler';

// What the page reports of a player's own alarm playing: the scheduler connects the player before
// its 07:00, and when the player's events show the alarm's card start in the ringing's window the
// page tells the server once; a card started at another time, another card, or one already
// playing when the page first heard the player, is not reported.

const ALARM = '1111111,0700,card1,,,5,1';
// 07:00 on a fixed day in the page's zone (the player has none of its own here).
const due = new Date(2026, 10, 24, 7, 0, 0);

async function connectedBefore(msBefore: number) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(due.getTime() - msBefore);
  const services = createTestServices();
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  services.library.playlists = [makePlaylist(1, { title: 'Morning Songs' })];
  services.library.alarmsByDevice.set('p1', [ALARM]);
  renderWithServices(services, <AlarmScheduler />);
  await screen.findByTestId('next-alarm');
  await waitFor(() => expect(services.devices.status('p1')).toBe('connected'));
  const link = services.links.get('p1');
  if (!link) throw new Error('the scheduler connects the player in the prepare window');
  // One events message, let through the registry's frame: messages of one frame are merged, so the
  // next is sent only once this one is in the registry. (A fixed 20 ms was not enough when CI ran
  // every file at once: jsdom's frame came later, "stopped" and "playing" merged, and the observer
  // never heard the card start.)
  const heard = () => services.devices.getSnapshot().devices['p1']?.events;
  const player = {
    emit: async (payload: unknown) => {
      const before = heard();
      act(() => link.emit(payload));
      await waitFor(() => expect(heard()).not.toBe(before));
    },
  };
  return { services, player, link };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the page’s observer of player alarms', () => {
  it('reports the alarm’s card starting at its minute, once per ringing', async () => {
    const { services, player } = await connectedBefore(2_000);
    await player.emit({ playbackStatus: 'stopped' });
    vi.setSystemTime(due.getTime() + 3_000);
    await player.emit({ cardId: 'card1', playbackStatus: 'playing' });
    await waitFor(() => expect(services.alarmHistory.observed).toHaveLength(1));
    expect(services.alarmHistory.observed[0]).toEqual({
      deviceId: 'p1',
      request: {
        alarm: ALARM,
        due_at: due.toISOString(),
        started_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    });
    const started = Date.parse(services.alarmHistory.observed[0]?.request.started_at ?? '');
    expect(started - due.getTime()).toBeGreaterThanOrEqual(3_000);
    expect(started - due.getTime()).toBeLessThan(10_000);

    // Stopped and started again within the window: the same ringing, not reported again.
    await player.emit({ cardId: 'none', playbackStatus: 'stopped' });
    await player.emit({ cardId: 'card1', playbackStatus: 'playing' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(services.alarmHistory.observed).toHaveLength(1);
  });

  it('does not report another card, a start outside the window, or a card it did not see start', async () => {
    const { services, player } = await connectedBefore(2_000);
    // Already playing when the page first heard the player: when it began is unknown.
    await player.emit({ cardId: 'card1', playbackStatus: 'playing' });
    await player.emit({ cardId: 'card2', playbackStatus: 'playing' });
    // Eleven minutes after 07:00 the card starts again: past the ringing's window.
    vi.setSystemTime(due.getTime() + 11 * 60_000);
    await player.emit({ cardId: 'card1', playbackStatus: 'playing' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(services.alarmHistory.observed).toEqual([]);
  });

  it('does not report a card that started while the link was down, heard after it came back', async () => {
    const { services, player, link } = await connectedBefore(2_000);
    await player.emit({ cardId: 'none', playbackStatus: 'stopped' });
    // The broker ends the session; the link logs in again. The card started in between.
    vi.setSystemTime(due.getTime() + 3_000);
    await act(() => link.endSessionAtExpiry());
    await waitFor(() => expect(services.devices.status('p1')).toBe('connected'));
    await player.emit({ cardId: 'card1', playbackStatus: 'playing' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(services.alarmHistory.observed).toEqual([]);
    // Heard stopping and starting again after that: a start the page saw, reported.
    await player.emit({ cardId: 'none', playbackStatus: 'stopped' });
    await player.emit({ cardId: 'card1', playbackStatus: 'playing' });
    await waitFor(() => expect(services.alarmHistory.observed).toHaveLength(1));
    expect(services.alarmHistory.observed[0]?.request.time_zone).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });
});
