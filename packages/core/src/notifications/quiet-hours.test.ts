import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParentNotification } from './parent-notification';
import {
  NOT_PLAYED_RELEVANT_MS,
  URGENT_WITHIN_MS,
  isQuiet,
  isStillRelevant,
  quietDecision,
  quietEndsAt,
  shouldHoldBack,
} from './quiet-hours';
import { RUNS, anyInstant, nearTransition, zoneArb } from '../../test/support/dst-arbitraries';
import { wallOf } from '../../test/support/dst-oracle';

const london = 'Europe/London';
const night = { start: '21:00', end: '07:00' };
const at = (iso: string) => new Date(iso);
const news = (kind: ParentNotification['kind'], alarmAt: string | null) => ({ kind, alarmAt });
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describe(
  'isQuiet: the parent’s clock within start (inclusive) to end (exclusive)',
  { timeout: 30_000 },
  () => {
    it('across midnight (BST: UTC+1)', () => {
      expect(isQuiet(at('2026-06-10T19:59:00.000Z'), london, night)).toBe(false); // 20:59
      expect(isQuiet(at('2026-06-10T20:00:00.000Z'), london, night)).toBe(true); // 21:00
      expect(isQuiet(at('2026-06-10T23:30:00.000Z'), london, night)).toBe(true); // 00:30
      expect(isQuiet(at('2026-06-11T05:59:00.000Z'), london, night)).toBe(true); // 06:59
      expect(isQuiet(at('2026-06-11T06:00:00.000Z'), london, night)).toBe(false); // 07:00
    });

    it('within one day', () => {
      const nap = { start: '13:00', end: '15:00' };
      expect(isQuiet(at('2026-06-10T11:59:00.000Z'), london, nap)).toBe(false);
      expect(isQuiet(at('2026-06-10T12:00:00.000Z'), london, nap)).toBe(true);
      expect(isQuiet(at('2026-06-10T14:00:00.000Z'), london, nap)).toBe(false);
    });

    it('equal start and end, none set, or not a clock time: never quiet', () => {
      const now = at('2026-06-10T23:00:00.000Z');
      expect(isQuiet(now, london, { start: '22:00', end: '22:00' })).toBe(false);
      expect(isQuiet(now, london, null)).toBe(false);
      expect(isQuiet(now, london, { start: '24:00', end: '07:00' })).toBe(false);
      expect(isQuiet(now, london, { start: '9:00', end: '07:00' })).toBe(false);
    });

    it('on the clock-change nights, by the hours the clock shows', () => {
      // 29 March 2026: 01:00 GMT becomes 02:00 BST. 01:30 never shows; 00:59 GMT is still quiet,
      // 02:00 BST is past a 01:30 end.
      const spring = { start: '23:00', end: '01:30' };
      expect(isQuiet(at('2026-03-29T00:59:00.000Z'), london, spring)).toBe(true);
      expect(isQuiet(at('2026-03-29T01:00:00.000Z'), london, spring)).toBe(false);
      // 25 October 2026: 02:00 BST becomes 01:00 GMT; 01:30 shows twice, quiet both times.
      const autumn = { start: '01:00', end: '02:00' };
      expect(isQuiet(at('2026-10-25T00:30:00.000Z'), london, autumn)).toBe(true);
      expect(isQuiet(at('2026-10-25T01:30:00.000Z'), london, autumn)).toBe(true);
      expect(isQuiet(at('2026-10-25T02:00:00.000Z'), london, autumn)).toBe(false);
    });

    it('property: agrees with the clock as Intl reads it, in zones with DST', () => {
      fc.assert(
        fc.property(
          zoneArb,
          anyInstant,
          fc.integer({ min: 0, max: 1439 }),
          fc.integer({ min: 0, max: 1439 }),
          (zone, nowMs, start, end) => {
            const wall = wallOf(zone, nowMs);
            const minute = wall.hour * 60 + wall.minute;
            const expected =
              start === end
                ? false
                : start < end
                  ? minute >= start && minute < end
                  : minute >= start || minute < end;
            expect(isQuiet(new Date(nowMs), zone, { start: clock(start), end: clock(end) })).toBe(expected);
          },
        ),
        RUNS,
      );
    });
  },
);

describe('quietEndsAt: the first instant the clock reads the end', { timeout: 30_000 }, () => {
  it('later the same night or the next morning', () => {
    expect(quietEndsAt(at('2026-06-10T21:00:00.000Z'), london, night)).toEqual(
      at('2026-06-11T06:00:00.000Z'),
    );
    expect(quietEndsAt(at('2026-06-11T02:00:00.000Z'), london, night)).toEqual(
      at('2026-06-11T06:00:00.000Z'),
    );
    expect(quietEndsAt(at('2026-06-10T12:00:00.000Z'), london, night)).toBeNull();
  });

  it('an end the clocks skip: the moment they jump; an end shown twice: its first showing', () => {
    expect(quietEndsAt(at('2026-03-28T23:30:00.000Z'), london, { start: '23:00', end: '01:30' })).toEqual(
      at('2026-03-29T01:00:00.000Z'),
    );
    expect(quietEndsAt(at('2026-10-24T23:30:00.000Z'), london, { start: '23:00', end: '01:30' })).toEqual(
      at('2026-10-25T00:30:00.000Z'),
    );
  });

  it('an end inside a spring-forward gap that leaves the clock in quiet hours waits for the next day’s end', () => {
    // New York, 2026-03-08: 02:00 does not exist (02:00 → 03:00). Quiet 02:09–02:00 on the 7th at
    // 02:09 would end at the jump, where the clock reads 03:00: quiet again. It ends on the 9th.
    const quiet = { start: '02:09', end: '02:00' };
    const now = at('2026-03-07T07:09:00.000Z'); // 02:09 EST
    const end = quietEndsAt(now, 'America/New_York', quiet);
    expect(end).toEqual(at('2026-03-09T06:00:00.000Z')); // 02:00 EDT
    expect(isQuiet(at('2026-03-08T07:00:00.000Z'), 'America/New_York', quiet)).toBe(true);
  });

  it('property: while quiet, the end is after now, not quiet then, and quiet just before (to the minute)', () => {
    const quietArb = fc
      .tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 1439 }))
      .map(([start, length]) => ({ start: clock(start), end: clock((start + length) % 1440) }));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(zoneArb, anyInstant),
          nearTransition.map(({ transition, fromMs }) => [transition.zone, fromMs] as const),
        ),
        quietArb,
        ([zone, nowMs], quiet) => {
          const now = new Date(nowMs);
          const end = quietEndsAt(now, zone, quiet);
          if (!isQuiet(now, zone, quiet)) {
            expect(end).toBeNull();
            return;
          }
          expect(end).not.toBeNull();
          if (end === null) return;
          expect(end.getTime()).toBeGreaterThan(nowMs);
          // A day at most, or two when the end fell in a spring-forward gap that left it quiet.
          expect(end.getTime() - nowMs).toBeLessThanOrEqual(49 * 60 * 60_000);
          expect(isQuiet(end, zone, quiet)).toBe(false);
          // Between now and the end, whole minutes on, it is quiet throughout.
          for (let t = end.getTime() - 60_000; t > nowMs; t -= 60 * 60_000)
            expect(isQuiet(new Date(t), zone, quiet)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

describe('holding back: quiet, and not about an alarm within the next hour', { timeout: 30_000 }, () => {
  const now = at('2026-06-11T01:00:00.000Z'); // 02:00 BST, quiet

  it('an alarm within the hour goes out even in quiet hours; later or passed waits', () => {
    expect(URGENT_WITHIN_MS).toBe(60 * 60_000);
    expect(shouldHoldBack(news('player-offline', '2026-06-11T01:04:00.000Z'), now, london, night)).toBe(
      false,
    );
    expect(shouldHoldBack(news('alarm-at-risk', '2026-06-11T02:00:00.000Z'), now, london, night)).toBe(false);
    expect(shouldHoldBack(news('alarm-at-risk', '2026-06-11T02:00:01.000Z'), now, london, night)).toBe(true);
    expect(shouldHoldBack(news('alarm-not-played', '2026-06-11T00:59:00.000Z'), now, london, night)).toBe(
      true,
    );
  });

  it('outside quiet hours nothing is held', () => {
    expect(
      shouldHoldBack(
        news('alarm-at-risk', '2026-06-12T06:00:00.000Z'),
        at('2026-06-11T12:00:00.000Z'),
        london,
        night,
      ),
    ).toBe(false);
  });

  it('held until the quiet hours end, or until its alarm is an hour away if sooner', () => {
    expect(quietDecision(news('alarm-at-risk', '2026-06-11T09:00:00.000Z'), now, london, night)).toEqual({
      action: 'hold',
      until: at('2026-06-11T06:00:00.000Z'),
    });
    expect(quietDecision(news('alarm-at-risk', '2026-06-11T05:30:00.000Z'), now, london, night)).toEqual({
      action: 'hold',
      until: at('2026-06-11T04:30:00.000Z'),
    });
    expect(quietDecision(news('alarm-not-played', '2026-06-11T00:30:00.000Z'), now, london, night)).toEqual({
      action: 'hold',
      until: at('2026-06-11T06:00:00.000Z'),
    });
  });

  it('dropped when stale: an alarm ahead once due; a not-played alarm 12 hours after', () => {
    expect(NOT_PLAYED_RELEVANT_MS).toBe(12 * 60 * 60_000);
    expect(quietDecision(news('low-battery', '2026-06-11T00:59:00.000Z'), now, london, night)).toEqual({
      action: 'drop',
    });
    // Not played at 18:00 BST the evening before: relevant at 02:00, stale by the 07:00 end (13 h).
    expect(isStillRelevant(news('alarm-not-played', '2026-06-10T17:00:00.000Z'), now)).toBe(true);
    expect(quietDecision(news('alarm-not-played', '2026-06-10T17:00:00.000Z'), now, london, night)).toEqual({
      action: 'drop',
    });
    expect(quietDecision(news('alarm-not-played', '2026-06-10T19:00:00.000Z'), now, london, night)).toEqual({
      action: 'hold',
      until: at('2026-06-11T06:00:00.000Z'),
    });
    expect(isStillRelevant(news('alarm-not-played', '2026-06-10T13:00:00.000Z'), now)).toBe(false);
  });

  it('sent at once outside quiet hours, and for an alarm within the hour inside them', () => {
    expect(quietDecision(news('low-battery', '2026-06-11T01:30:00.000Z'), now, london, night)).toEqual({
      action: 'send',
    });
    expect(
      quietDecision(
        news('low-battery', '2026-06-11T18:30:00.000Z'),
        at('2026-06-11T17:00:00.000Z'),
        london,
        night,
      ),
    ).toEqual({
      action: 'send',
    });
  });

  it('property: news of an alarm within the hour is never held; a hold ends in time to act and while it still matters', () => {
    const kinds = fc.constantFrom(
      'alarm-not-played',
      'alarm-at-risk',
      'player-offline',
      'low-battery' as const,
    );
    fc.assert(
      fc.property(
        zoneArb,
        anyInstant,
        kinds,
        fc.integer({ min: -30 * 60 * 60_000, max: 30 * 60 * 60_000 }),
        (zone, nowMs, kind, alarmOffset) => {
          const now = new Date(nowMs);
          const notification = news(kind, new Date(nowMs + alarmOffset).toISOString());
          const decision = quietDecision(notification, now, zone, night);
          if (alarmOffset >= 0 && alarmOffset <= URGENT_WITHIN_MS && isStillRelevant(notification, now))
            expect(decision).toEqual({ action: 'send' });
          if (decision.action !== 'hold') return;
          expect(isQuiet(now, zone, night)).toBe(true);
          expect(decision.until.getTime()).toBeGreaterThan(nowMs);
          expect(decision.until.getTime()).toBeLessThanOrEqual(quietEndsAt(now, zone, night)?.getTime() ?? 0);
          expect(isStillRelevant(notification, decision.until)).toBe(true);
          if (alarmOffset > 0)
            expect(decision.until.getTime()).toBeLessThanOrEqual(nowMs + alarmOffset - URGENT_WITHIN_MS);
        },
      ),
      RUNS,
    );
  });
});
