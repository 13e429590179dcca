import fc from 'fast-check';
import { DAY, FIRST_YEAR, LAST_YEAR, MINUTE, ZONES, allTransitions, wallOf } from './dst-oracle';

// The inputs both local-time property suites draw (the player's alarm and the cloud alarm): a zone,
// a day mask, an alarm, and an instant anywhere or near a clock change.

export const zoneArb = fc.constantFrom(...ZONES);
export const maskArb = fc.integer({ min: 1, max: 127 }).map((bits) => bits.toString(2).padStart(7, '0'));
export const alarmArb = (hour: fc.Arbitrary<number>) =>
  fc.record({
    hour,
    minute: fc.integer({ min: 0, max: 59 }),
    days: maskArb,
    is_enabled: fc.constant(true as const),
  });
export const anyInstant = fc.integer({ min: Date.UTC(FIRST_YEAR, 0, 8), max: Date.UTC(LAST_YEAR, 11, 20) });

/** A transition, an instant up to 8 days before to 2 days after it, an alarm near its local hour. */
export const nearTransition = fc.constantFrom(...allTransitions).chain((transition) => {
  const localHour = wallOf(transition.zone, transition.atMs - MINUTE).hour;
  return fc.record({
    transition: fc.constant(transition),
    fromMs: fc.integer({ min: transition.atMs - 8 * DAY, max: transition.atMs + 2 * DAY }),
    alarm: alarmArb(fc.integer({ min: -1, max: 2 }).map((d) => (localHour + d + 24) % 24)),
  });
});

export const RUNS = { numRuns: 400 };
