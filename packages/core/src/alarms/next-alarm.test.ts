import { describe, expect, it } from 'vitest';
import type { DeviceAlarm, Weekday } from '../shared/entities';
import { alarmPhase, findNextAlarm, nextOccurrence } from './next-alarm';

const ALL: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const alarm = (hour: number, minute: number, days: Weekday[] = ALL, extra: Partial<DeviceAlarm> = {}) =>
  ({
    id: 'alarm_0',
    time: '',
    hour,
    minute,
    days,
    enabled: true,
    volume: 5,
    cardId: 'c',
    chapterKey: '01',
    trackKey: '01',
    extra: [],
    raw: '',
    ...extra,
  }) satisfies DeviceAlarm;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

describe('smart scheduler: today if the time is still ahead', () => {
  // 2026-06-10 is a Wednesday; London is on BST (UTC+1).
  const now = new Date('2026-06-10T06:00:00Z'); // 07:00 London
  it('rings today when the time is later today', () => {
    expect(iso(nextOccurrence(alarm(7, 30), now, 'Europe/London'))).toBe('2026-06-10T06:30:00.000Z');
  });
  it('skips to the next day when the time has passed', () => {
    expect(iso(nextOccurrence(alarm(6, 30), now, 'Europe/London'))).toBe('2026-06-11T05:30:00.000Z');
  });
  it('an alarm exactly now is not "ahead"', () => {
    expect(iso(nextOccurrence(alarm(7, 0), now, 'Europe/London'))).toBe('2026-06-11T06:00:00.000Z');
  });
  it('uses the time zone to decide which day it is', () => {
    // 06:00Z is already Wednesday 16:00 in Sydney; a Thursday 08:00 alarm is 22:00Z Wednesday.
    expect(iso(nextOccurrence(alarm(8, 0, ['thursday']), now, 'Australia/Sydney'))).toBe(
      '2026-06-10T22:00:00.000Z',
    );
  });
});

describe('smart scheduler: else the next matching day within 7 days', () => {
  const now = new Date('2026-06-10T06:00:00Z'); // Wednesday 07:00 London
  it('finds the next selected weekday', () => {
    expect(iso(nextOccurrence(alarm(7, 30, ['monday']), now, 'Europe/London'))).toBe(
      '2026-06-15T06:30:00.000Z',
    );
  });
  it('finds the same weekday a week later when today has passed', () => {
    expect(iso(nextOccurrence(alarm(6, 0, ['wednesday']), now, 'Europe/London'))).toBe(
      '2026-06-17T05:00:00.000Z',
    );
  });
  it('no days selected never rings', () => {
    expect(nextOccurrence(alarm(7, 30, []), now, 'Europe/London')).toBeNull();
  });
});

describe('DST: Europe/London', () => {
  it('spring forward (29 Mar 2026): 07:00 after the change is 06:00Z (BST)', () => {
    const now = new Date('2026-03-28T22:00:00Z'); // Saturday night, still GMT
    expect(iso(nextOccurrence(alarm(7, 0), now, 'Europe/London'))).toBe('2026-03-29T06:00:00.000Z');
  });
  it('spring forward: a time in the skipped hour (01:30) rings when the clock jumps, 02:00 BST', () => {
    const now = new Date('2026-03-28T22:00:00Z');
    expect(iso(nextOccurrence(alarm(1, 30), now, 'Europe/London'))).toBe('2026-03-29T01:00:00.000Z');
  });
  it('fall back (25 Oct 2026): 07:00 after the change is 07:00Z (GMT)', () => {
    const now = new Date('2026-10-24T22:00:00Z');
    expect(iso(nextOccurrence(alarm(7, 0), now, 'Europe/London'))).toBe('2026-10-25T07:00:00.000Z');
  });
  it('fall back: a time that happens twice (01:30) rings at the first, 01:30 BST', () => {
    const now = new Date('2026-10-24T22:00:00Z');
    expect(iso(nextOccurrence(alarm(1, 30), now, 'Europe/London'))).toBe('2026-10-25T00:30:00.000Z');
  });
  it('a week spanning the change keeps the wall-clock time', () => {
    const now = new Date('2026-03-25T12:00:00Z'); // Wednesday, GMT
    expect(iso(nextOccurrence(alarm(7, 0, ['tuesday']), now, 'Europe/London'))).toBe(
      '2026-03-31T06:00:00.000Z',
    );
  });
});

describe('DST: America/New_York', () => {
  it('spring forward (8 Mar 2026): 07:00 is 11:00Z (EDT)', () => {
    const now = new Date('2026-03-08T03:00:00Z'); // Saturday 22:00 EST
    expect(iso(nextOccurrence(alarm(7, 0), now, 'America/New_York'))).toBe('2026-03-08T11:00:00.000Z');
  });
  it('spring forward: 02:30 does not exist and rings when the clock jumps, 03:00 EDT', () => {
    const now = new Date('2026-03-08T03:00:00Z');
    expect(iso(nextOccurrence(alarm(2, 30), now, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
  });
  it('fall back (1 Nov 2026): 07:00 is 12:00Z (EST)', () => {
    const now = new Date('2026-11-01T03:00:00Z'); // Saturday 23:00 EDT
    expect(iso(nextOccurrence(alarm(7, 0), now, 'America/New_York'))).toBe('2026-11-01T12:00:00.000Z');
  });
  it('fall back: 01:30 happens twice and rings at the first, 01:30 EDT', () => {
    const now = new Date('2026-11-01T03:00:00Z');
    expect(iso(nextOccurrence(alarm(1, 30), now, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('the next enabled alarm across all devices', () => {
  const now = new Date('2026-06-10T06:00:00Z'); // 07:00 London
  it('picks the earliest enabled alarm of any device', () => {
    const next = findNextAlarm(
      [
        {
          deviceId: 'a',
          alarms: [alarm(9, 0, ALL, { id: 'alarm_0' }), alarm(7, 15, ALL, { id: 'alarm_1', enabled: false })],
        },
        { deviceId: 'b', alarms: [alarm(8, 0, ALL, { id: 'alarm_0' })] },
      ],
      now,
      'Europe/London',
    );
    expect(next && { device: next.deviceId, id: next.alarm.id, at: iso(next.at) }).toEqual({
      device: 'b',
      id: 'alarm_0',
      at: '2026-06-10T07:00:00.000Z',
    });
  });
  it('uses a device time zone when given, else the caller zone', () => {
    const next = findNextAlarm(
      [
        { deviceId: 'ny', alarms: [alarm(7, 30)], timeZone: 'America/New_York' },
        { deviceId: 'bad-zone', alarms: [alarm(7, 45)], timeZone: 'Nowhere/Else' },
      ],
      now,
      'Europe/London',
    );
    expect(next?.deviceId).toBe('bad-zone');
    expect(iso(next?.at)).toBe('2026-06-10T06:45:00.000Z');
    expect(next?.timeZone).toBe('Europe/London');
  });
  it('rings a player’s alarm in its own zone, and says which', () => {
    const next = findNextAlarm(
      [{ deviceId: 'ny', alarms: [alarm(7, 0)], timeZone: 'America/New_York' }],
      now,
      'Asia/Tokyo',
    );
    expect(iso(next?.at)).toBe('2026-06-10T11:00:00.000Z'); // 07:00 EDT, not 07:00 in Tokyo
    expect(next?.timeZone).toBe('America/New_York');
  });
  it('gives null when nothing is enabled or there are no devices', () => {
    expect(findNextAlarm([], now, 'Europe/London')).toBeNull();
    expect(
      findNextAlarm([{ deviceId: 'a', alarms: [alarm(8, 0, ALL, { enabled: false })] }], now, 'UTC'),
    ).toBeNull();
  });
});

describe('prepare window: 5 minutes (300000 ms) before', () => {
  const at = new Date('2026-06-10T07:00:00Z');
  it('phases: waiting, prepare, due', () => {
    expect(alarmPhase(at, new Date('2026-06-10T06:54:59Z'))).toBe('waiting');
    expect(alarmPhase(at, new Date('2026-06-10T06:55:00Z'))).toBe('prepare');
    expect(alarmPhase(at, new Date('2026-06-10T06:59:59Z'))).toBe('prepare');
    expect(alarmPhase(at, at)).toBe('due');
  });
});
