// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextFireAt } from '@playlist-alarms/core/cloud/cloud-next-fire';
import type { SyncAlarms, SyncedAlarm } from './alarm-messages';
import { nextScheduledAlarm } from './next-scheduled-alarm';

const EVERY_DAY = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const alarm = (id: string, hour: number, minute: number, extra: Partial<SyncedAlarm> = {}): SyncedAlarm => ({
  id,
  source: 'device',
  deviceId: 'dev-1',
  hour,
  minute,
  days: [...EVERY_DAY],
  cardId: 'card-1',
  ...extra,
});

const sync = (alarms: SyncedAlarm[], extra: Partial<SyncAlarms> = {}): SyncAlarms => ({
  type: 'SYNC_ALARMS',
  timeZone: 'UTC',
  alarms,
  devices: [{ deviceId: 'dev-1', name: 'Bedroom Player' }],
  playlists: [{ cardId: 'card-1', title: 'Morning Songs' }],
  ...extra,
});

describe('nextScheduledAlarm', () => {
  // Tuesday 2026-11-24 06:30 UTC.
  const now = new Date('2026-11-24T06:30:00Z');

  it('is the earliest alarm after now, with its player and playlist named', () => {
    const next = nextScheduledAlarm(sync([alarm('alarm_0', 8, 0), alarm('alarm_1', 7, 0)]), now);
    expect(next).toEqual({
      alarmId: 'alarm_1',
      source: 'device',
      deviceId: 'dev-1',
      deviceName: 'Bedroom Player',
      cardId: 'card-1',
      title: 'Morning Songs',
      at: '2026-11-24T07:00:00.000Z',
    });
  });

  it('moves a time already past today to its next selected day', () => {
    const next = nextScheduledAlarm(sync([alarm('alarm_0', 6, 0, { days: ['thursday'] })]), now);
    expect(next?.at).toBe('2026-11-26T06:00:00.000Z');
  });

  it("reads each alarm in its zone: the alarm's, then its player's, then the page's", () => {
    const next = nextScheduledAlarm(
      sync(
        [
          alarm('cloud-1', 7, 0, { source: 'cloud', timeZone: 'Asia/Tokyo', deviceId: 'dev-2' }),
          alarm('alarm_0', 7, 0),
        ],
        {
          timeZone: 'Europe/Berlin',
          devices: [
            { deviceId: 'dev-1', name: 'Bedroom Player', timeZone: 'America/New_York' },
            { deviceId: 'dev-2', name: '' },
          ],
        },
      ),
      now,
    );
    // 07:00 in Tokyo on the 25th is 22:00 UTC on the 24th; 07:00 in New York is 12:00 UTC.
    expect(next).toMatchObject({ alarmId: 'alarm_0', at: '2026-11-24T12:00:00.000Z' });
    const tokyoOnly = nextScheduledAlarm(
      sync([alarm('cloud-1', 7, 0, { source: 'cloud', timeZone: 'Asia/Tokyo', deviceId: 'dev-2' })], {
        devices: [{ deviceId: 'dev-2', name: '' }],
      }),
      now,
    );
    expect(tokyoOnly).toMatchObject({ deviceName: 'dev-2', at: '2026-11-24T22:00:00.000Z', source: 'cloud' });
  });

  it('falls back to UTC for a zone that does not exist, and leaves an unknown card untitled', () => {
    const next = nextScheduledAlarm(
      sync([alarm('alarm_0', 7, 0, { cardId: 'other' })], { timeZone: 'Mars/Olympus' }),
      now,
    );
    expect(next).toMatchObject({ at: '2026-11-24T07:00:00.000Z', title: null });
  });

  it('agrees with the server in the spring-forward gap: the player’s 02:30 rings when New York’s clocks jump', () => {
    const saturday = new Date('2026-03-07T17:00:00Z');
    const gapAlarm = alarm('alarm_0', 2, 30, { timeZone: 'America/New_York' });
    const next = nextScheduledAlarm(sync([gapAlarm]), saturday);
    // 02:00 EST is 07:00Z, when the clocks go to 03:00 EDT; the server's rule gives the same instant.
    expect(next?.at).toBe('2026-03-08T07:00:00.000Z');
    const server = nextFireAt(
      { hour: 2, minute: 30, days: '1111111', is_enabled: true },
      saturday,
      'America/New_York',
    );
    expect(next?.at).toBe(server?.toISOString());
  });

  it('is null without alarms or without days', () => {
    expect(nextScheduledAlarm(sync([]), now)).toBeNull();
    expect(nextScheduledAlarm(sync([alarm('alarm_0', 7, 0, { days: [] })]), now)).toBeNull();
  });
});
