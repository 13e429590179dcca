// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlarmRelay } from './alarm-relay';
import type { SyncAlarms } from './alarm-messages';
import type { OutgoingMessage } from './worker-messages';

const message = (hour: number, minute: number, id = 'alarm_0'): SyncAlarms => ({
  type: 'SYNC_ALARMS',
  timeZone: 'UTC',
  alarms: [
    {
      id,
      source: 'cloud',
      deviceId: 'dev-1',
      hour,
      minute,
      days: ['tuesday'],
      cardId: 'card-1',
    },
  ],
  devices: [{ deviceId: 'dev-1', name: 'Bedroom Player' }],
  playlists: [],
});

describe('AlarmRelay', () => {
  let posted: OutgoingMessage[];
  let skipped: number;
  let relay: AlarmRelay;

  beforeEach(() => {
    vi.useFakeTimers();
    // Tuesday 2026-11-24 06:59:00 UTC.
    vi.setSystemTime(new Date('2026-11-24T06:59:00Z'));
    posted = [];
    skipped = 0;
    relay = new AlarmRelay({
      now: () => new Date(),
      setTimer: (run, delay) => setTimeout(run, delay),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      broadcast: (m) => posted.push(m),
      skipWaiting: () => {
        skipped += 1;
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers SYNC_ALARMS with SCHEDULE_UPDATE naming the next alarm', () => {
    const answer = relay.receive(message(7, 0));
    expect(answer).toEqual({
      type: 'SCHEDULE_UPDATE',
      next: expect.objectContaining({ alarmId: 'alarm_0', at: '2026-11-24T07:00:00.000Z' }) as unknown,
    });
    expect(posted).toEqual([]);
  });

  it('posts ALARM_TRIGGERED at the alarm time, not before, then the following week', () => {
    relay.receive(message(7, 0));
    vi.advanceTimersByTime(59_999);
    expect(posted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(posted).toEqual([
      {
        type: 'ALARM_TRIGGERED',
        alarm: expect.objectContaining({ alarmId: 'alarm_0', at: '2026-11-24T07:00:00.000Z' }) as unknown,
      },
      {
        type: 'SCHEDULE_UPDATE',
        next: expect.objectContaining({ at: '2026-12-01T07:00:00.000Z' }) as unknown,
      },
    ]);
    expect(relay.scheduled?.at).toBe('2026-12-01T07:00:00.000Z');
  });

  it('replaces the schedule on a newer sync: the old alarm no longer rings', () => {
    relay.receive(message(7, 0, 'old'));
    relay.receive(message(7, 5, 'new'));
    vi.advanceTimersByTime(60_000);
    expect(posted).toEqual([]);
    vi.advanceTimersByTime(5 * 60_000);
    expect(posted[0]).toMatchObject({ type: 'ALARM_TRIGGERED', alarm: { alarmId: 'new' } });
  });

  it('clears the timer when the page syncs no alarms (logged out)', () => {
    relay.receive(message(7, 0));
    expect(relay.receive({ ...message(7, 0), alarms: [] })).toEqual({ type: 'SCHEDULE_UPDATE', next: null });
    vi.advanceTimersByTime(10 * 60_000);
    expect(posted).toEqual([]);
  });

  it('answers a malformed sync with the reason and keeps the schedule it had', () => {
    relay.receive(message(7, 0));
    const answer = relay.receive({ type: 'SYNC_ALARMS', alarms: 'all of them' });
    expect(answer?.error).toMatch(/^Unreadable service worker message: /);
    expect(answer?.next?.alarmId).toBe('alarm_0');
    vi.advanceTimersByTime(60_000);
    expect(posted[0]?.type).toBe('ALARM_TRIGGERED');
  });

  it('activates a waiting worker on SKIP_WAITING and answers nothing', () => {
    expect(relay.receive({ type: 'SKIP_WAITING' })).toBeNull();
    expect(skipped).toBe(1);
  });
});
