import { describe, expect, it } from 'vitest';
import { isValidTimeZone, resolveLocalTime, wallClock } from './local-time';

const iso = (date: Date) => date.toISOString();

describe('wall clock of an instant in a zone', () => {
  it('reads the date and time a clock there shows, across the date line and a DST change', () => {
    const instant = new Date('2026-03-29T00:30:00Z'); // 00:30 GMT, a Sunday: London springs forward at 01:00
    expect(wallClock(instant, 'Europe/London')).toEqual({
      year: 2026,
      month: 2,
      day: 29,
      weekday: 0,
      hour: 0,
      minute: 30,
    });
    expect(wallClock(new Date('2026-03-29T01:30:00Z'), 'Europe/London')).toMatchObject({
      hour: 2,
      minute: 30,
    });
    expect(wallClock(instant, 'Asia/Kolkata')).toMatchObject({ day: 29, hour: 6, minute: 0 });
    expect(wallClock(instant, 'America/Los_Angeles')).toMatchObject({
      day: 28,
      weekday: 6,
      hour: 17,
      minute: 30,
    });
  });
});

describe('one rule for a local time', () => {
  it('a plain day resolves with its usual offset', () => {
    expect(iso(resolveLocalTime('America/New_York', 2026, 0, 15, 9, 0))).toBe('2026-01-15T14:00:00.000Z');
    expect(iso(resolveLocalTime('Asia/Kathmandu', 2026, 5, 11, 7, 0))).toBe('2026-06-11T01:15:00.000Z');
  });
  it('a skipped time is the first instant after the gap, the moment the clocks jump', () => {
    expect(iso(resolveLocalTime('Europe/London', 2026, 2, 29, 1, 30))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(resolveLocalTime('America/New_York', 2026, 2, 8, 2, 30))).toBe('2026-03-08T07:00:00.000Z');
    // Lord Howe's half-hour change: 02:15 is skipped, the jump is at 02:00 standard time (15:30Z).
    expect(iso(resolveLocalTime('Australia/Lord_Howe', 2026, 9, 4, 2, 15))).toBe('2026-10-03T15:30:00.000Z');
  });
  it('a time shown twice is its first showing', () => {
    expect(iso(resolveLocalTime('Europe/London', 2026, 9, 25, 1, 30))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(resolveLocalTime('America/New_York', 2026, 10, 1, 1, 30))).toBe('2026-11-01T05:30:00.000Z');
  });
  it('validates time zone names', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Nowhere/Else')).toBe(false);
  });
});
