import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextFireAt } from '../cloud/cloud-next-fire';
import { maskToDays } from '../cloud/cloud-alarm-rules';
import { resolveLocalTime } from './local-time';
import { nextOccurrence } from './next-alarm';
import {
  FIRST_YEAR,
  HOUR,
  LAST_YEAR,
  MINUTE,
  TRANSITIONS,
  ZONES,
  expectedNext,
  falls,
  gapOf,
  springs,
  wallOf,
  type Alarm,
} from '../../test/support/dst-oracle';
import { RUNS, alarmArb, anyInstant, nearTransition, zoneArb } from '../../test/support/dst-arbitraries';

// One rule for local time: a player's own alarm (the page's scheduler and banner, the service
// worker) and a cloud alarm (the server) resolve a local time the same way, checked against the
// Intl-only oracle in five zones of both hemispheres across both changes of every year 2024–2030.

const playerAlarm = (alarm: Alarm) => ({
  hour: alarm.hour,
  minute: alarm.minute,
  days: maskToDays(alarm.days),
});

// Hundreds of runs each: under a busy machine a property can take over Vitest's 5 s default.
describe('one rule for local time (property tests, 5 zones, 2024–2030)', { timeout: 30_000 }, () => {
  it('covers both changes of every year in every zone', () => {
    expect(ZONES.length).toBeGreaterThanOrEqual(4);
    for (const zone of ZONES) {
      const list = TRANSITIONS.get(zone) ?? [];
      expect(list.filter((t) => t.after > t.before).length, zone).toBe(LAST_YEAR - FIRST_YEAR + 1);
      expect(list.filter((t) => t.after < t.before).length, zone).toBe(LAST_YEAR - FIRST_YEAR + 1);
    }
  });

  it('every skipped local time resolves to the instant the clocks jump', () => {
    for (const transition of springs) {
      const { from, to } = gapOf(transition);
      for (let wall = from; wall < to; wall += 15 * MINUTE) {
        const day = new Date(wall);
        const at = resolveLocalTime(
          transition.zone,
          day.getUTCFullYear(),
          day.getUTCMonth(),
          day.getUTCDate(),
          day.getUTCHours(),
          day.getUTCMinutes(),
        );
        expect(at.getTime(), `${transition.zone} ${day.toISOString()}`).toBe(transition.atMs);
      }
    }
  });

  it('every repeated local time resolves to its first showing', () => {
    for (const transition of falls) {
      const shift = (transition.before - transition.after) * MINUTE;
      for (let first = transition.atMs - shift; first < transition.atMs; first += 15 * MINUTE) {
        const day = new Date(wallOf(transition.zone, first).wallMs);
        const at = resolveLocalTime(
          transition.zone,
          day.getUTCFullYear(),
          day.getUTCMonth(),
          day.getUTCDate(),
          day.getUTCHours(),
          day.getUTCMinutes(),
        );
        expect(at.getTime(), `${transition.zone} ${day.toISOString()}`).toBe(first);
      }
    }
  });

  it('any other local time resolves to the instant the clock shows it', () => {
    fc.assert(
      fc.property(zoneArb, anyInstant, (zone, instantMs) => {
        const exact = Math.floor(instantMs / MINUTE) * MINUTE;
        const day = new Date(wallOf(zone, exact).wallMs);
        const at = resolveLocalTime(
          zone,
          day.getUTCFullYear(),
          day.getUTCMonth(),
          day.getUTCDate(),
          day.getUTCHours(),
          day.getUTCMinutes(),
        );
        expect(wallOf(zone, at.getTime()).wallMs).toBe(day.getTime());
        // The same or, for a repeated time, its first showing.
        expect(at.getTime()).toBeLessThanOrEqual(exact);
        expect(exact - at.getTime()).toBeLessThanOrEqual(HOUR);
      }),
      RUNS,
    );
  });

  it('a player’s own alarm rings when the oracle says, at any instant', () => {
    fc.assert(
      fc.property(zoneArb, anyInstant, alarmArb(fc.integer({ min: 0, max: 23 })), (zone, fromMs, alarm) => {
        const at = nextOccurrence(playerAlarm(alarm), new Date(fromMs), zone);
        expect(at?.getTime()).toBe(expectedNext(alarm, fromMs, zone));
      }),
      RUNS,
    );
  });

  it('near a change, the player’s alarm, the cloud alarm and the oracle agree', () => {
    fc.assert(
      fc.property(nearTransition, ({ transition, fromMs, alarm }) => {
        const zone = transition.zone;
        const player = nextOccurrence(playerAlarm(alarm), new Date(fromMs), zone)?.getTime();
        const cloud = nextFireAt(alarm, new Date(fromMs), zone)?.getTime();
        expect(player).toBe(expectedNext(alarm, fromMs, zone));
        expect(player).toBe(cloud);
      }),
      RUNS,
    );
  });
});
