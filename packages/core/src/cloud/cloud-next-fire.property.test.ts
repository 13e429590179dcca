import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextFireAt } from './cloud-next-fire';

import {
  DAY,
  FIRST_YEAR,
  HOUR,
  LAST_YEAR,
  MINUTE,
  TRANSITIONS,
  WHOLE_HOURS,
  ZONES,
  expectedNext,
  falls,
  gapOf,
  isRepeat,
  skipsAlarm,
  springs,
  wallOf,
  type Alarm,
} from '../../test/support/dst-oracle';
import {
  RUNS,
  alarmArb,
  anyInstant,
  maskArb,
  nearTransition,
  zoneArb,
} from '../../test/support/dst-arbitraries';

// Properties of next_fire_at around daylight-saving transitions (docs/decisions/local-time-rule.md),
// checked against the oracle of test/support/dst-oracle.ts.

// Hundreds of runs each: under a busy machine one took over Vitest's 5 s default.
describe('next_fire_at across DST (property tests, 5 zones, 2024–2030)', { timeout: 30_000 }, () => {
  it('the oracle sees both transitions of every year in every zone, on whole hours', () => {
    for (const zone of ZONES) {
      const list = TRANSITIONS.get(zone) ?? [];
      expect(list.filter((t) => t.after > t.before).length, zone).toBe(LAST_YEAR - FIRST_YEAR + 1);
      expect(list.filter((t) => t.after < t.before).length, zone).toBe(LAST_YEAR - FIRST_YEAR + 1);
    }
    expect(WHOLE_HOURS).toBe(true);
  });

  it('equals the oracle: the first occurrence after `from` (any instant, any alarm)', () => {
    fc.assert(
      fc.property(zoneArb, anyInstant, alarmArb(fc.integer({ min: 0, max: 23 })), (zone, fromMs, alarm) => {
        expect(nextFireAt(alarm, new Date(fromMs), zone)?.getTime()).toBe(expectedNext(alarm, fromMs, zone));
      }),
      RUNS,
    );
  });

  it('equals the oracle near transitions, and is after `from`, on a mask day, at the alarm’s time or at a jump', () => {
    fc.assert(
      fc.property(nearTransition, ({ transition, fromMs, alarm }) => {
        const zone = transition.zone;
        const result = nextFireAt(alarm, new Date(fromMs), zone);
        expect(result?.getTime()).toBe(expectedNext(alarm, fromMs, zone));
        if (result === null) throw new Error('an enabled alarm with a day always fires');
        const at = result.getTime();
        expect(at).toBeGreaterThan(fromMs);
        expect(at - fromMs).toBeLessThanOrEqual(7 * DAY + 2 * HOUR);
        const wall = wallOf(zone, at);
        if (wall.hour === alarm.hour && wall.minute === alarm.minute) {
          expect(alarm.days[wall.weekday]).toBe('1');
          expect(isRepeat(zone, at)).toBe(false); // a repeated time fires at its first showing
        } else {
          // Otherwise the alarm's time was skipped that day and this is the instant the clocks jump.
          const jump = springs.find((t) => t.zone === zone && t.atMs === at);
          expect(jump).toBeDefined();
          if (jump !== undefined) expect(skipsAlarm(alarm, jump)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('a skipped local time fires at the first instant after the gap (the jump), that day', () => {
    const skipped = fc.constantFrom(...springs).chain((t) => {
      const gap = gapOf(t);
      return fc.record({
        transition: fc.constant(t),
        wanted: fc.integer({ min: gap.from / MINUTE, max: gap.to / MINUTE - 1 }).map((m) => m * MINUTE),
        // Up to 6 days before: the only day in the mask is the transition's, so nothing comes earlier.
        lead: fc.integer({ min: 1, max: 6 * DAY }),
      });
    });
    fc.assert(
      fc.property(skipped, ({ transition, wanted, lead }) => {
        const day = new Date(wanted);
        const alarm: Alarm = {
          hour: day.getUTCHours(),
          minute: day.getUTCMinutes(),
          days: '0000000'.replace(/./g, (_, i: number) => (i === (day.getUTCDay() + 6) % 7 ? '1' : '0')),
          is_enabled: true,
        };
        const result = nextFireAt(alarm, new Date(transition.atMs - lead), transition.zone);
        expect(result?.getTime()).toBe(transition.atMs);
        // The jump's own instant shows the first time after the gap.
        expect(wallOf(transition.zone, transition.atMs).wallMs).toBe(gapOf(transition).to);
      }),
      RUNS,
    );
  });

  it('a repeated local time fires once: the next fire after the first showing is not the second', () => {
    const repeated = fc.constantFrom(...falls).chain((t) => {
      const shift = (t.before - t.after) * MINUTE;
      return fc.record({
        transition: fc.constant(t),
        // An instant of the first showing of the repeated hour: [atMs - shift, atMs).
        firstMs: fc
          .integer({ min: (t.atMs - shift) / MINUTE, max: t.atMs / MINUTE - 1 })
          .map((m) => m * MINUTE),
        lead: fc.integer({ min: 1, max: 20 * HOUR }),
        days: maskArb,
      });
    });
    fc.assert(
      fc.property(repeated, ({ transition, firstMs, lead, days }) => {
        const zone = transition.zone;
        const shift = (transition.before - transition.after) * MINUTE;
        const wall = wallOf(zone, firstMs);
        expect(wallOf(zone, firstMs + shift).wallMs).toBe(wall.wallMs); // it does show twice
        const alarm: Alarm = {
          hour: wall.hour,
          minute: wall.minute,
          days: days.replace(/./g, (bit, i: number) => (i === wall.weekday ? '1' : bit)),
          is_enabled: true,
        };
        expect(nextFireAt(alarm, new Date(firstMs - lead), zone)?.getTime()).toBe(firstMs);
        // From the first showing, and from anywhere in the hour before the second: not the second.
        for (const fromMs of [firstMs, firstMs + shift - 1, firstMs + shift / 2]) {
          const next = nextFireAt(alarm, new Date(fromMs), zone)?.getTime();
          expect(next).not.toBe(firstMs + shift);
          expect(next).toBeGreaterThan(firstMs + shift);
          expect(next).toBe(expectedNext(alarm, fromMs, zone));
        }
      }),
      RUNS,
    );
  });
});
