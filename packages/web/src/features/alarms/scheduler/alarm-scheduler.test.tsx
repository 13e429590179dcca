import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { LAZY_MS } from '../../../test/lazy-parts';
import { renderWithServices } from '../../../test/render-with-services';
import { createTestServices, makeDevice, makePlaylist } from '../../../test/twins';
import { AlarmScheduler } from './AlarmScheduler';
import { makeCloudAlarm, makeLibraryGroup } from '@playlist-alarms/core/test/fixtures/builders';

// The page's scheduler over the session's twins: the next alarm across players and cloud, its
// prepare state, and at its time the server asked to fire a cloud alarm — never a device alarm.

const cloudAlarm = (id: string, dueInMs: number, overrides: Partial<CloudAlarm> = {}): CloudAlarm =>
  makeCloudAlarm({
    id,
    alarm_name: 'Wake up',
    playlist_id: 'card1',
    playlist_name: 'Morning Songs',
    hour: 7,
    minute: 0,
    days: '1111111',
    next_fire_at: new Date(Date.now() + dueInMs).toISOString(),
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });

function setup(cloud: CloudAlarm[], deviceAlarms: string[] = []) {
  const services = createTestServices();
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  services.library.playlists = [makePlaylist(1, { title: 'Morning Songs' })];
  services.library.alarmsByDevice.set('p1', deviceAlarms);
  services.cloud.alarms = cloud;
  renderWithServices(services, <AlarmScheduler />);
  return services;
}

describe('the smart alarm scheduler', { timeout: 60_000 }, () => {
  it('shows the next alarm across players and cloud with its countdown', async () => {
    setup([cloudAlarm('c1', 3 * 3_600_000)], ['1111111,0000,card1,,,5,0']);
    const line = await screen.findByTestId('next-alarm');
    expect(line.dataset.phase).toBe('waiting');
    expect(line.textContent).toMatch(
      /^⏰ Next alarm: Morning Songs on Bedroom Player at .+ \(cloud alarm\), in (2h 59m|3h 00m)$/,
    );
  });

  it('five minutes ahead shows the prepare state and connects the online player', async () => {
    const services = setup([cloudAlarm('c1', 4 * 60_000)]);
    const line = await screen.findByTestId('next-alarm');
    expect(line.dataset.phase).toBe('prepare');
    expect(line.textContent).toContain('🔔 Preparing alarm: Morning Songs on Bedroom Player');
    await waitFor(() => expect(services.devices.status('p1')).toBe('connected'));
  });

  it('at the time asks the server to fire the cloud alarm once, with its due time, then plans again', async () => {
    const due = cloudAlarm('c1', 1_200);
    const services = setup([due]);
    await screen.findByTestId('next-alarm');
    await waitFor(() => expect(services.cloud.triggers).toEqual([{ id: 'c1', dueAt: due.next_fire_at }]), {
      timeout: 4_000,
    });
    // The server moved it on a day; 1 s later the page plans that.
    services.cloud.alarms = [{ ...due, next_fire_at: new Date(Date.now() + 86_400_000).toISOString() }];
    await waitFor(() => expect(screen.getByTestId('next-alarm').textContent).toMatch(/in (23h|1d)/), {
      timeout: 4_000,
    });
    expect(services.cloud.triggers).toHaveLength(1);
  });

  it('never rings a device alarm: the player rings it itself, and the page plans the next', async () => {
    // 2 s before 07:00 (local) on a fixed day; only Date is faked, and it runs on with real time.
    const due = new Date(2026, 10, 24, 7, 0, 0);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    try {
      vi.setSystemTime(due.getTime() - 2_000);
      const services = setup([], ['1111111,0700,card1,,,5,1']);
      const line = await screen.findByTestId('next-alarm');
      expect(line.dataset.phase).toBe('prepare');
      expect(line.textContent).toMatch(/\(player alarm\), in [12]s\. Connecting Bedroom Player\.$/);
      await waitFor(() => expect(services.devices.status('p1')).toBe('connected'));

      // Past its time and the 1 s after it, in real time.
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(services.cloud.triggers).toEqual([]);
      expect(services.cloud.calls).not.toContain('triggerAlarm');
      expect(services.links.get('p1')?.sentNames()).toEqual([]);
      // Planned again: the same alarm tomorrow (once the line's countdown has ticked past 07:00).
      await waitFor(
        () => {
          const next = screen.getByTestId('next-alarm');
          expect(next.dataset.phase).toBe('waiting');
          expect(next.textContent).toMatch(/\(player alarm\), in 23h 59m$/);
        },
        { timeout: 2_000 },
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('says why a trigger failed, and names a card in none of the lists', async () => {
    const services = setup([cloudAlarm('c1', 800)]);
    services.cloud.triggerAnswer = { status: 'refused', reason: 'HTTP 503: Service Unavailable' };
    expect(
      await screen.findByText(
        '❌ Failed to trigger alarm: HTTP 503: Service Unavailable',
        {},
        // The notice is the snackbar's lazy chunk, loaded with the file's first notice.
        { timeout: LAZY_MS },
      ),
    ).toBeTruthy();

    const other = setup([cloudAlarm('c2', 800, { playlist_id: 'gone' })]);
    other.cloud.triggerAnswer = { status: 'fired', outcome: 'played', detail: null };
    expect(
      await screen.findByText('⚠️ Alarm triggered but playlist not found: gone', {}, { timeout: LAZY_MS }),
    ).toBeTruthy();
  });

  it('names a family-library card in the line, and its ring is no "playlist not found"', async () => {
    const services = createTestServices();
    services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
    services.library.playlists = [makePlaylist(1, { title: 'Morning Songs' })];
    services.library.familyGroups = [makeLibraryGroup('g1', 'Family Favourites', ['fam1'])];
    services.library.familyCards.set('fam1', makePlaylist(5, { cardId: 'fam1', title: 'Owl Stories' }));
    services.cloud.alarms = [cloudAlarm('c3', 1_500, { playlist_id: 'fam1' })];
    services.cloud.triggerAnswer = { status: 'fired', outcome: 'played', detail: null };
    renderWithServices(services, <AlarmScheduler />);
    await waitFor(() => expect(screen.getByTestId('next-alarm').textContent).toContain('Owl Stories'));
    await waitFor(() => expect(services.cloud.triggers).toHaveLength(1), { timeout: 4_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/playlist not found/)).toBeNull();
  });

  it('plans nothing without devices', async () => {
    const services = createTestServices();
    services.cloud.alarms = [cloudAlarm('c1', 60_000)];
    const { container } = renderWithServices(services, <AlarmScheduler />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(container.textContent).toBe('');
    expect(services.cloud.triggers).toEqual([]);
  });
});
