import { describe, expect, it } from 'vitest';
import { nextFireAt } from './cloud-next-fire';
import {
  earliestAfter,
  localDateOf,
  parseLocalDate,
  pauseDateAllowed,
  pauseEndsAt,
  skipPauseLine,
  skipPauseState,
} from '../alarms/skip-pause';
import { shortDate } from '../texts/skip-pause-texts';

const daily = (hour: number, minute: number) => ({ hour, minute, days: '1111111', is_enabled: true });
const iso = (date: Date | null) => date?.toISOString() ?? null;
const London = 'Europe/London';

describe('skip next', () => {
  // 2026-06-10 is a Wednesday; 07:00 London is 06:00 UTC in summer.
  const now = new Date('2026-06-10T08:00:00Z');
  it('passes over the skipped ringing only', () => {
    const skipped = nextFireAt(daily(7, 0), now, London);
    expect(iso(skipped)).toBe('2026-06-11T06:00:00.000Z');
    const alarm = { ...daily(7, 0), skip_until: iso(skipped) };
    expect(iso(nextFireAt(alarm, now, London))).toBe('2026-06-12T06:00:00.000Z');
    // Once the skipped ringing has passed, the skip is spent: the alarm rings daily again.
    expect(iso(nextFireAt(alarm, new Date('2026-06-12T06:00:00Z'), London))).toBe('2026-06-13T06:00:00.000Z');
  });
  it('skipping the ringing before the clocks go back: the next is the day after, in the new offset', () => {
    // London falls back on Sunday 25 October 2026: 07:00 is 06:00 UTC before, 07:00 UTC after.
    const saturday = new Date('2026-10-24T08:00:00Z');
    const alarm = { ...daily(7, 0), skip_until: '2026-10-25T07:00:00.000Z' };
    expect(iso(nextFireAt(alarm, saturday, London))).toBe('2026-10-26T07:00:00.000Z');
  });
  it('a skip of a 01:30 ringing on the fall-back day is not followed by its second showing', () => {
    const first = nextFireAt(daily(1, 30), new Date('2026-10-24T12:00:00Z'), London);
    expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
    const next = nextFireAt(
      { ...daily(1, 30), skip_until: iso(first) },
      new Date('2026-10-24T12:00:00Z'),
      London,
    );
    expect(iso(next)).toBe('2026-10-26T01:30:00.000Z');
  });
});

describe('pause until a date (inclusive, local date in the zone)', () => {
  const now = new Date('2026-03-25T12:00:00Z');
  it('rings first the day after the pause, across the spring change', () => {
    // London springs forward on Sunday 29 March 2026: 07:00 is 07:00 UTC before, 06:00 UTC after.
    const alarm = { ...daily(7, 0), paused_through: '2026-03-29' };
    expect(iso(nextFireAt(alarm, now, London))).toBe('2026-03-30T06:00:00.000Z');
  });
  it('a ringing at midnight right after the pause counts', () => {
    expect(iso(nextFireAt({ ...daily(0, 0), paused_through: '2026-03-27' }, now, London))).toBe(
      '2026-03-28T00:00:00.000Z',
    );
  });
  it('ends at local midnight of the zone, even one that is ahead of UTC', () => {
    expect(iso(pauseEndsAt('2026-06-10', 'Australia/Sydney'))).toBe('2026-06-10T14:00:00.000Z');
    expect(iso(pauseEndsAt('2026-02-30', London))).toBeNull();
  });
  it('a past pause changes nothing', () => {
    expect(iso(nextFireAt({ ...daily(13, 0), paused_through: '2026-03-24' }, now, London))).toBe(
      '2026-03-25T13:00:00.000Z',
    );
    expect(iso(earliestAfter({ paused_through: '2026-03-24', skip_until: null }, now, London))).toBe(
      iso(now),
    );
  });
  it('accepts today or later in the zone, never a past, malformed or impossible date', () => {
    const lateInUtc = new Date('2026-06-10T23:30:00Z'); // already the 11th in London
    expect(pauseDateAllowed('2026-06-11', lateInUtc, London)).toBe(true);
    expect(pauseDateAllowed('2026-06-10', lateInUtc, London)).toBe(false);
    expect(pauseDateAllowed('2026-06-10', lateInUtc, 'UTC')).toBe(true);
    expect(pauseDateAllowed('2026-6-12', lateInUtc, London)).toBe(false);
    expect(parseLocalDate('2027-02-29')).toBeNull();
    expect(parseLocalDate('2028-02-29')).toEqual({ year: 2028, month: 1, day: 29 });
  });
});

describe('the status line', () => {
  const now = new Date('2026-07-30T20:00:00Z'); // Thursday 30 July, 21:00 in London
  it('says which day is skipped: today, tomorrow or the date', () => {
    expect(skipPauseLine({ skip_until: '2026-07-30T21:00:00Z' }, now, London)).toBe('Skipping today');
    expect(skipPauseLine({ skip_until: '2026-07-31T06:00:00Z' }, now, London)).toBe('Skipping tomorrow');
    expect(skipPauseLine({ skip_until: '2026-08-03T06:00:00Z' }, now, London)).toBe('Skipping Mon 3 Aug');
  });
  it('says the last day of a pause, which covers a skip', () => {
    const marks = { skip_until: '2026-07-31T06:00:00Z', paused_through: '2026-08-03' };
    expect(skipPauseLine(marks, now, London)).toBe('Paused until Mon 3 Aug');
  });
  it('says nothing once both have passed', () => {
    const marks = { skip_until: '2026-07-30T06:00:00Z', paused_through: '2026-07-29' };
    expect(skipPauseState(marks, now, London)).toBeNull();
    expect(skipPauseLine(marks, now, London)).toBeNull();
  });
  it('reads dates in the zone', () => {
    expect(localDateOf(new Date('2026-07-30T23:30:00Z'), London)).toBe('2026-07-31');
    expect(shortDate(2026, 7, 3)).toBe('Mon 3 Aug');
  });
});
