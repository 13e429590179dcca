import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextFireAt } from './cloud-next-fire';
import { DAY, expectedNext, wallOf, type Zone } from '../../test/support/dst-oracle';
import { RUNS, nearTransition } from '../../test/support/dst-arbitraries';

// Skip and pause near daylight-saving changes (docs/decisions/skip-and-pause.md), against the
// independent oracle of test/support/dst-oracle.ts.

const oracleDate = (zone: Zone, ms: number) => new Date(wallOf(zone, ms).wallMs).toISOString().slice(0, 10);

describe('skip and pause across DST (property tests, 5 zones, 2024–2030)', () => {
  it('a skip passes over exactly one ringing: the next is the oracle’s after it, on another day', () => {
    fc.assert(
      fc.property(nearTransition, ({ transition, fromMs, alarm }) => {
        const zone = transition.zone;
        const skipped = nextFireAt(alarm, new Date(fromMs), zone);
        if (skipped === null) throw new Error('an enabled alarm with a day always fires');
        const next = nextFireAt({ ...alarm, skip_until: skipped.toISOString() }, new Date(fromMs), zone);
        expect(next?.getTime()).toBe(expectedNext(alarm, skipped.getTime(), zone));
        // Never the second showing of a repeated time: a skipped day stays silent.
        expect(oracleDate(zone, next?.getTime() ?? 0)).not.toBe(oracleDate(zone, skipped.getTime()));
      }),
      RUNS,
    );
  }, 30_000); // the oracle reads the clock hour by hour: slow on a busy machine

  it('a pause rings first on the oracle’s first ringing whose local date is after the pause', () => {
    fc.assert(
      fc.property(nearTransition, fc.integer({ min: 0, max: 9 }), ({ transition, fromMs, alarm }, days) => {
        const zone = transition.zone;
        const through = oracleDate(zone, fromMs + days * DAY);
        const result = nextFireAt({ ...alarm, paused_through: through }, new Date(fromMs), zone);
        let expected = expectedNext(alarm, fromMs, zone);
        while (expected !== null && oracleDate(zone, expected) <= through)
          expected = expectedNext(alarm, expected, zone);
        expect(result?.getTime()).toBe(expected);
      }),
      RUNS,
    );
  }, 30_000); // the oracle reads the clock hour by hour: slow on a busy machine
});
