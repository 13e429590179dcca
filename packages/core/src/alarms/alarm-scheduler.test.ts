import { describe, expect, it } from 'vitest';
import {
  countdownText,
  planNextAlarm,
  schedulerLine,
  triggerProblem,
  type CloudAlarmPlan,
  type PlannedAlarm,
} from './alarm-scheduler';
import { parseAlarm } from './alarm-codec';
import type { DeviceAlarm } from '../shared/entities';
import { wallClock } from './local-time';

/** A player's alarm string, every day, read with the codec as the app reads the player's config. */
const deviceAlarm = (time: string, cardId: string, enabled = true): DeviceAlarm => {
  const read = parseAlarm(`1111111,${time.replace(':', '')},${cardId},,,5,${enabled ? 1 : 0}`, 0);
  if (!read.ok) throw new Error(read.error);
  return read.alarm;
};
const cloudAlarm = (id: string, at: string | null, enabled = true): CloudAlarmPlan => ({
  id,
  yoto_device_id: 'p2',
  playlist_id: `card-${id}`,
  is_enabled: enabled,
  next_fire_at: at,
});

const now = new Date('2026-11-24T06:00:00Z');
const two = (n: number) => String(n).padStart(2, '0');
const wallTime = (instant: Date, zone: string) => {
  const { hour, minute } = wallClock(instant, zone);
  return `${two(hour)}:${two(minute)}`;
};

describe('the page scheduler’s next alarm', () => {
  it('plans a player’s alarm in the player’s zone, whatever the page’s', () => {
    const devices = [
      { deviceId: 'p1', alarms: [deviceAlarm('07:00', 'morning')], timeZone: 'America/New_York' },
    ];
    // 06:00Z is 01:00 in New York: 07:00 EST there is 12:00Z, not 07:00 in Tokyo (22:00Z the day before).
    expect(planNextAlarm(devices, [], now, 'Asia/Tokyo')).toEqual({
      source: 'device',
      deviceId: 'p1',
      cardId: 'morning',
      at: new Date('2026-11-24T12:00:00Z'),
      timeZone: 'America/New_York',
    });
    // Without a zone of its own, the page's.
    expect(planNextAlarm([{ ...devices[0]!, timeZone: null }], [], now, 'Asia/Tokyo')).toMatchObject({
      at: new Date('2026-11-24T22:00:00Z'),
      timeZone: 'Asia/Tokyo',
    });
  });
  it('takes the earliest across players and the cloud', () => {
    const devices = [{ deviceId: 'p1', alarms: [deviceAlarm('07:00', 'morning')] }];
    expect(planNextAlarm(devices, [cloudAlarm('c1', '2026-11-24T06:30:00.000Z')], now, 'UTC')).toMatchObject({
      source: 'cloud',
      alarmId: 'c1',
      deviceId: 'p2',
      cardId: 'card-c1',
      dueAt: '2026-11-24T06:30:00.000Z',
    });
    expect(planNextAlarm(devices, [cloudAlarm('c1', '2026-11-24T07:30:00.000Z')], now, 'UTC')).toMatchObject({
      source: 'device',
      deviceId: 'p1',
      cardId: 'morning',
      at: new Date('2026-11-24T07:00:00Z'),
    });
  });

  it('skips switched-off alarms and cloud alarms without a next firing', () => {
    const devices = [
      { deviceId: 'p1', alarms: [deviceAlarm('06:10', 'off', false), deviceAlarm('08:00', 'on')] },
    ];
    const cloud = [cloudAlarm('c1', '2026-11-24T06:05:00.000Z', false), cloudAlarm('c2', null)];
    expect(planNextAlarm(devices, cloud, now, 'UTC')).toMatchObject({ source: 'device', cardId: 'on' });
    expect(planNextAlarm([], [], now, 'UTC')).toBeNull();
  });

  it('keeps a cloud firing the server has not moved on from yet, for a minute', () => {
    const late = cloudAlarm('c1', '2026-11-24T05:59:30.000Z');
    expect(planNextAlarm([], [late], now, 'UTC')).toMatchObject({ alarmId: 'c1' });
    expect(planNextAlarm([], [cloudAlarm('c2', '2026-11-24T05:58:00.000Z')], now, 'UTC')).toBeNull();
  });

  it('counts down in words', () => {
    expect(countdownText(2 * 86_400_000 + 3 * 3_600_000)).toBe('in 2d 3h');
    expect(countdownText(7 * 3_600_000 + 5 * 60_000)).toBe('in 7h 05m');
    expect(countdownText(4 * 60_000 + 9_000)).toBe('in 4m 09s');
    expect(countdownText(11_200)).toBe('in 12s');
    expect(countdownText(0)).toBe('now');
  });
});

describe('the scheduler’s line', () => {
  const at = new Date('2026-11-24T07:00:00Z');
  const names = { title: 'Morning Songs', deviceName: 'Bedroom Player' };
  const utcClock = (instant: Date) => instant.toISOString().slice(11, 16);
  const utc = { viewerZone: 'UTC', clock: utcClock };
  const cloudPlan: PlannedAlarm = {
    source: 'cloud',
    deviceId: 'p1',
    cardId: 'card1',
    at,
    timeZone: 'UTC',
    alarmId: 'c1',
    dueAt: at.toISOString(),
  };
  const devicePlan: PlannedAlarm = { source: 'device', deviceId: 'p1', cardId: 'card1', at, timeZone: 'UTC' };
  const before = (ms: number) => new Date(at.getTime() - ms);

  it('waiting: the next alarm, where it plays, its source and the countdown', () => {
    expect(schedulerLine(cloudPlan, names, before(3 * 3_600_000), utc)).toEqual({
      phase: 'waiting',
      text: '⏰ Next alarm: Morning Songs on Bedroom Player at 07:00 (cloud alarm), in 3h 00m',
    });
    expect(schedulerLine(devicePlan, names, before(5 * 60_000 + 1_000), utc)).toEqual({
      phase: 'waiting',
      text: '⏰ Next alarm: Morning Songs on Bedroom Player at 07:00 (player alarm), in 5m 01s',
    });
  });

  it('prepare: five minutes ahead, the player it connects', () => {
    expect(schedulerLine(cloudPlan, names, before(5 * 60_000), utc)).toEqual({
      phase: 'prepare',
      text: '🔔 Preparing alarm: Morning Songs on Bedroom Player at 07:00 (cloud alarm), in 5m 00s. Connecting Bedroom Player.',
    });
    expect(schedulerLine(devicePlan, names, before(12_000), utc)).toEqual({
      phase: 'prepare',
      text: '🔔 Preparing alarm: Morning Songs on Bedroom Player at 07:00 (player alarm), in 12s. Connecting Bedroom Player.',
    });
  });

  it('due: from its time on, still preparing, now', () => {
    for (const now of [at, new Date(at.getTime() + 800)]) {
      expect(schedulerLine(cloudPlan, names, now, utc)).toEqual({
        phase: 'due',
        text: '🔔 Preparing alarm: Morning Songs on Bedroom Player at 07:00 (cloud alarm), now. Connecting Bedroom Player.',
      });
    }
  });

  it('shows the time in the local clock unless told otherwise', () => {
    const local = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
    expect(schedulerLine(cloudPlan, names, before(3 * 3_600_000), { viewerZone: 'UTC' }).text).toBe(
      `⏰ Next alarm: Morning Songs on Bedroom Player at ${local} (cloud alarm), in 3h 00m`,
    );
  });

  it('a player in another zone: its own clock’s time and its place, and the countdown to that instant', () => {
    // 07:00 in New York (EST) is 12:00Z; the viewer is in Tokyo, where it is 21:00.
    const nyAt = new Date('2026-11-24T12:00:00Z');
    const nyPlan: PlannedAlarm = { ...devicePlan, at: nyAt, timeZone: 'America/New_York' };
    const tokyo = {
      viewerZone: 'Asia/Tokyo',
      clock: (instant: Date, zone: string) => wallTime(instant, zone),
    };
    expect(schedulerLine(nyPlan, names, new Date('2026-11-24T10:30:00Z'), tokyo).text).toBe(
      '⏰ Next alarm: Morning Songs on Bedroom Player at 07:00 in New York (player alarm), in 1h 30m',
    );
    // A viewer whose clock agrees sees the time alone.
    const toronto = { ...tokyo, viewerZone: 'America/Toronto' };
    expect(schedulerLine(nyPlan, names, new Date('2026-11-24T10:30:00Z'), toronto).text).toBe(
      '⏰ Next alarm: Morning Songs on Bedroom Player at 07:00 (player alarm), in 1h 30m',
    );
  });
});

describe('what a trigger’s answer means to the parent', () => {
  const known = new Set(['card-a']);
  it('says nothing when it played, or when another process fired it first', () => {
    expect(triggerProblem({ status: 'fired', outcome: 'played', detail: null }, 'card-a', known)).toBeNull();
    expect(triggerProblem({ status: 'already-fired' }, 'card-a', known)).toBeNull();
  });
  it('names a card in none of the parent’s lists, and a failure with its reason', () => {
    expect(triggerProblem({ status: 'fired', outcome: 'played', detail: null }, 'gone', known)).toEqual({
      kind: 'playlist-not-found',
      reason: 'gone',
    });
    expect(triggerProblem({ status: 'refused', reason: 'HTTP 500' }, 'card-a', known)).toEqual({
      kind: 'failed',
      reason: 'HTTP 500',
    });
    expect(
      triggerProblem(
        { status: 'fired', outcome: 'player-offline', detail: 'Bedroom Player is offline' },
        'card-a',
        known,
      ),
    ).toEqual({ kind: 'failed', reason: 'Bedroom Player is offline' });
  });
});
