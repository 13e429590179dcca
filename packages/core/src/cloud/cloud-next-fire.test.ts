import { describe, expect, it } from 'vitest';
import { effectiveTimeZone, nextFireAt } from './cloud-next-fire';
import { resolveLocalTime } from '../alarms/local-time';

const at = (hour: number, minute: number, days = '1111111', is_enabled = true) => ({
  hour,
  minute,
  days,
  is_enabled,
});
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('next_fire_at: day mask Monday first, in the user’s time zone', () => {
  // 2026-06-10 is a Wednesday.
  const now = new Date('2026-06-10T06:00:00Z');
  it('today when the time is still ahead, in UTC by default', () => {
    expect(iso(nextFireAt(at(7, 30), now, null))).toBe('2026-06-10T07:30:00.000Z');
    expect(iso(nextFireAt(at(7, 30), now, undefined))).toBe('2026-06-10T07:30:00.000Z');
  });
  it('an unknown zone counts as UTC', () => {
    expect(effectiveTimeZone('Mars/Olympus')).toBe('UTC');
    expect(iso(nextFireAt(at(7, 30), now, 'Mars/Olympus'))).toBe('2026-06-10T07:30:00.000Z');
  });
  it('a time exactly now is not ahead: next selected day', () => {
    expect(iso(nextFireAt(at(7, 0), now, 'Europe/London'))).toBe('2026-06-11T06:00:00.000Z');
  });
  it('reads the mask Monday first: 1000000 is Monday, 0000001 is Sunday', () => {
    expect(iso(nextFireAt(at(8, 0, '1000000'), now, 'UTC'))).toBe('2026-06-15T08:00:00.000Z');
    expect(iso(nextFireAt(at(8, 0, '0000001'), now, 'UTC'))).toBe('2026-06-14T08:00:00.000Z');
    expect(iso(nextFireAt(at(8, 0, '0010000'), now, 'UTC'))).toBe('2026-06-10T08:00:00.000Z');
  });
  it('the same weekday a week later when today’s time has passed', () => {
    expect(iso(nextFireAt(at(5, 0, '0010000'), now, 'UTC'))).toBe('2026-06-17T05:00:00.000Z');
  });
  it('the zone decides which day it is (Sydney is already Wednesday evening)', () => {
    expect(iso(nextFireAt(at(8, 0, '0001000'), now, 'Australia/Sydney'))).toBe('2026-06-10T22:00:00.000Z');
    expect(iso(nextFireAt(at(8, 0, '0001000'), now, 'America/Los_Angeles'))).toBe('2026-06-11T15:00:00.000Z');
  });
  it('half-hour and 45-minute zones', () => {
    expect(iso(nextFireAt(at(7, 0), now, 'Asia/Kolkata'))).toBe('2026-06-11T01:30:00.000Z');
    expect(iso(nextFireAt(at(7, 0), now, 'Asia/Kathmandu'))).toBe('2026-06-11T01:15:00.000Z');
  });
  it('null when disabled or when no day is selected', () => {
    expect(nextFireAt(at(7, 30, '1111111', false), now, 'UTC')).toBeNull();
    expect(nextFireAt(at(7, 30, '0000000'), now, 'UTC')).toBeNull();
    expect(nextFireAt(at(7, 30, 'weekday'), now, 'UTC')).toBeNull();
  });
});

describe('next_fire_at across DST transitions', () => {
  it('a skipped local time fires at the first instant after it (London, 29 March 2026)', () => {
    // Clocks go from 01:00 GMT to 02:00 BST at 01:00 UTC: 01:30 does not exist that day.
    expect(iso(resolveLocalTime('Europe/London', 2026, 2, 29, 1, 30))).toBe('2026-03-29T01:00:00.000Z');
    const saturdayNight = new Date('2026-03-28T23:00:00Z');
    expect(iso(nextFireAt(at(1, 30), saturdayNight, 'Europe/London'))).toBe('2026-03-29T01:00:00.000Z');
    // The next day is ordinary again: 01:30 BST.
    expect(iso(nextFireAt(at(1, 30), new Date('2026-03-29T01:00:00Z'), 'Europe/London'))).toBe(
      '2026-03-30T00:30:00.000Z',
    );
  });
  it('a skipped time in New York (8 March 2026, 02:00 EST → 03:00 EDT)', () => {
    expect(iso(nextFireAt(at(2, 15), new Date('2026-03-08T05:00:00Z'), 'America/New_York'))).toBe(
      '2026-03-08T07:00:00.000Z',
    );
  });
  it('a repeated local time fires once, at its first occurrence (London, 25 October 2026)', () => {
    // 01:30 happens at 00:30 UTC (BST) and again at 01:30 UTC (GMT).
    const before = new Date('2026-10-24T22:00:00Z');
    const first = nextFireAt(at(1, 30), before, 'Europe/London');
    expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
    // Computed again right after firing, it moves to the next day, not to the second 01:30.
    expect(iso(nextFireAt(at(1, 30), first!, 'Europe/London'))).toBe('2026-10-26T01:30:00.000Z');
    // Between the two occurrences as well.
    expect(iso(nextFireAt(at(1, 30), new Date('2026-10-25T01:00:00Z'), 'Europe/London'))).toBe(
      '2026-10-26T01:30:00.000Z',
    );
  });
  it('the southern hemisphere: Sydney springs forward on 4 October 2026 (02:00 → 03:00)', () => {
    expect(iso(nextFireAt(at(2, 30), new Date('2026-10-03T12:00:00Z'), 'Australia/Sydney'))).toBe(
      '2026-10-03T16:00:00.000Z',
    );
    // And falls back on 5 April 2026: 02:30 happens twice, the first is in AEDT (UTC+11).
    expect(iso(nextFireAt(at(2, 30), new Date('2026-04-04T12:00:00Z'), 'Australia/Sydney'))).toBe(
      '2026-04-04T15:30:00.000Z',
    );
  });
  it('a wake-up time on either side of the change keeps its local time', () => {
    expect(iso(nextFireAt(at(7, 0), new Date('2026-03-28T12:00:00Z'), 'Europe/Paris'))).toBe(
      '2026-03-29T05:00:00.000Z',
    );
    expect(iso(nextFireAt(at(7, 0), new Date('2026-03-27T12:00:00Z'), 'Europe/Paris'))).toBe(
      '2026-03-28T06:00:00.000Z',
    );
  });
});
