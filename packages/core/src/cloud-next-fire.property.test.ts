import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextFireAt } from './cloud-next-fire';

// Properties of next_fire_at around daylight-saving transitions (DESIGN.md "Sessions, alarms and
// delivery"), checked against an oracle built on Intl.DateTimeFormat alone (cloud-next-fire.ts
// reads offsets through @date-fns/tz): it walks the instants at which the clock shows the alarm's
// minute, and the transitions, and takes the first occurrence after `from`.

/** Five zones with DST in both hemispheres; all change by a whole hour on the hour (see WHOLE_HOURS). */
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Sydney',
  'America/Santiago',
] as const;
type Zone = (typeof ZONES)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const FIRST_YEAR = 2024;
const LAST_YEAR = 2030;

interface Wall {
  /** The local date and time read as if it were UTC, at minute precision. */
  wallMs: number;
  hour: number;
  minute: number;
  /** 0 = Monday, as the day mask counts. */
  weekday: number;
}

const formatters = new Map<Zone, Intl.DateTimeFormat>();
function wallOf(zone: Zone, instantMs: number): Wall {
  let format = formatters.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instantMs)).map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  const wallMs = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  const weekday = (new Date(wallMs).getUTCDay() + 6) % 7;
  return { wallMs, hour: parts.hour, minute: parts.minute, weekday };
}

/** Minutes ahead of UTC at an instant. */
const offsetAt = (zone: Zone, instantMs: number): number =>
  (wallOf(zone, instantMs).wallMs - Math.floor(instantMs / MINUTE) * MINUTE) / MINUTE;

interface Transition {
  zone: Zone;
  /** The first instant of the new offset. */
  atMs: number;
  before: number;
  after: number;
}

/** Every transition of `zone` from FIRST_YEAR to LAST_YEAR: a daily scan, then bisection to the minute. */
function transitionsOf(zone: Zone): Transition[] {
  const found: Transition[] = [];
  const end = Date.UTC(LAST_YEAR + 1, 0, 1);
  for (let day = Date.UTC(FIRST_YEAR, 0, 1); day < end; day += DAY) {
    const [before, after] = [offsetAt(zone, day), offsetAt(zone, day + DAY)];
    if (before === after) continue;
    let [lo, hi] = [day / MINUTE, (day + DAY) / MINUTE];
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(zone, mid * MINUTE) === after) hi = mid;
      else lo = mid;
    }
    found.push({ zone, atMs: hi * MINUTE, before, after });
  }
  return found;
}

const TRANSITIONS = new Map(ZONES.map((zone) => [zone, transitionsOf(zone)]));
const allTransitions = [...TRANSITIONS.values()].flat();
const springs = allTransitions.filter((t) => t.after > t.before);
const falls = allTransitions.filter((t) => t.after < t.before);

interface Alarm {
  hour: number;
  minute: number;
  days: string;
  is_enabled: true;
}

/** Whether the clock at `instantMs` shows a time for the second time (the repeated hour of a fall back). */
const isRepeat = (zone: Zone, instantMs: number): boolean =>
  (TRANSITIONS.get(zone) ?? []).some(
    (t) => t.before > t.after && t.atMs <= instantMs && instantMs < t.atMs + (t.before - t.after) * MINUTE,
  );

/** The skipped local times of a spring-forward transition, as wall milliseconds [from, to). */
const gapOf = (t: Transition) => ({ from: t.atMs + t.before * MINUTE, to: t.atMs + t.after * MINUTE });

/** The alarm's local time on the day of `wallMs`, as wall milliseconds. */
const alarmWallOn = (alarm: Alarm, wallMs: number): number => {
  const day = new Date(wallMs);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), alarm.hour, alarm.minute);
};
const maskHas = (alarm: Alarm, wallMs: number) => alarm.days[(new Date(wallMs).getUTCDay() + 6) % 7] === '1';

/** Whether a spring-forward transition is an occurrence: the alarm's time is skipped on a day of the mask. */
function skipsAlarm(alarm: Alarm, t: Transition): boolean {
  const gap = gapOf(t);
  return [gap.from, gap.to - 1].some((end) => {
    const wanted = alarmWallOn(alarm, end);
    return gap.from <= wanted && wanted < gap.to && maskHas(alarm, wanted);
  });
}

/** The oracle: the first occurrence strictly after `fromMs`. */
function expectedNext(alarm: Alarm, fromMs: number, zone: Zone): number | null {
  const candidates: number[] = [];
  // Every offset here is whole hours, so the clock shows the alarm's minute exactly when UTC does.
  let t = Math.floor(fromMs / HOUR) * HOUR + alarm.minute * MINUTE;
  if (t <= fromMs) t += HOUR;
  for (; t <= fromMs + 8 * DAY; t += HOUR) {
    const wall = wallOf(zone, t);
    if (wall.hour === alarm.hour && alarm.days[wall.weekday] === '1' && !isRepeat(zone, t)) {
      candidates.push(t);
      break;
    }
  }
  for (const transition of TRANSITIONS.get(zone) ?? []) {
    if (transition.after > transition.before && transition.atMs > fromMs && skipsAlarm(alarm, transition)) {
      candidates.push(transition.atMs);
    }
  }
  return candidates.length === 0 ? null : Math.min(...candidates);
}

const WHOLE_HOURS = allTransitions.every((t) => t.atMs % HOUR === 0 && (t.before - t.after) % 60 === 0);

const zoneArb = fc.constantFrom(...ZONES);
const maskArb = fc.integer({ min: 1, max: 127 }).map((bits) => bits.toString(2).padStart(7, '0'));
const alarmArb = (hour: fc.Arbitrary<number>) =>
  fc.record({
    hour,
    minute: fc.integer({ min: 0, max: 59 }),
    days: maskArb,
    is_enabled: fc.constant(true as const),
  });
const anyInstant = fc.integer({ min: Date.UTC(FIRST_YEAR, 0, 8), max: Date.UTC(LAST_YEAR, 11, 20) });

/** A transition, an instant up to 8 days before to 2 days after it, an alarm near its local hour. */
const nearTransition = fc.constantFrom(...allTransitions).chain((transition) => {
  const localHour = wallOf(transition.zone, transition.atMs - MINUTE).hour;
  return fc.record({
    transition: fc.constant(transition),
    fromMs: fc.integer({ min: transition.atMs - 8 * DAY, max: transition.atMs + 2 * DAY }),
    alarm: alarmArb(fc.integer({ min: -1, max: 2 }).map((d) => (localHour + d + 24) % 24)),
  });
});

const RUNS = { numRuns: 400 };

describe('next_fire_at across DST (property tests, 5 zones, 2024–2030)', () => {
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
