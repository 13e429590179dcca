// An oracle for alarm times around daylight-saving transitions, built on Intl.DateTimeFormat alone
// (core reads offsets through @date-fns/tz, so the two cannot share a mistake): it walks the
// instants at which the clock shows the alarm's minute, and the transitions, and takes the first
// occurrence after `from`. Shared by the property tests of cloud alarms and of players' own alarms.

/** Five zones with DST in both hemispheres; all change by a whole hour on the hour (see WHOLE_HOURS). */
export const ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Sydney',
  'America/Santiago',
] as const;
export type Zone = (typeof ZONES)[number];

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const FIRST_YEAR = 2024;
export const LAST_YEAR = 2030;

export interface Wall {
  /** The local date and time read as if it were UTC, at minute precision. */
  wallMs: number;
  hour: number;
  minute: number;
  /** 0 = Monday, as the day mask counts. */
  weekday: number;
}

const formatters = new Map<Zone, Intl.DateTimeFormat>();
export function wallOf(zone: Zone, instantMs: number): Wall {
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

export interface Transition {
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

export const TRANSITIONS = new Map(ZONES.map((zone) => [zone, transitionsOf(zone)]));
export const allTransitions = [...TRANSITIONS.values()].flat();
export const springs = allTransitions.filter((t) => t.after > t.before);
export const falls = allTransitions.filter((t) => t.after < t.before);

export interface Alarm {
  hour: number;
  minute: number;
  days: string;
  is_enabled: true;
}

/** Whether the clock at `instantMs` shows a time for the second time (the repeated hour of a fall back). */
export const isRepeat = (zone: Zone, instantMs: number): boolean =>
  (TRANSITIONS.get(zone) ?? []).some(
    (t) => t.before > t.after && t.atMs <= instantMs && instantMs < t.atMs + (t.before - t.after) * MINUTE,
  );

/** The skipped local times of a spring-forward transition, as wall milliseconds [from, to). */
export const gapOf = (t: Transition) => ({ from: t.atMs + t.before * MINUTE, to: t.atMs + t.after * MINUTE });

/** The alarm's local time on the day of `wallMs`, as wall milliseconds. */
const alarmWallOn = (alarm: Alarm, wallMs: number): number => {
  const day = new Date(wallMs);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), alarm.hour, alarm.minute);
};
const maskHas = (alarm: Alarm, wallMs: number) => alarm.days[(new Date(wallMs).getUTCDay() + 6) % 7] === '1';

/** Whether a spring-forward transition is an occurrence: the alarm's time is skipped on a day of the mask. */
export function skipsAlarm(alarm: Alarm, t: Transition): boolean {
  const gap = gapOf(t);
  return [gap.from, gap.to - 1].some((end) => {
    const wanted = alarmWallOn(alarm, end);
    return gap.from <= wanted && wanted < gap.to && maskHas(alarm, wanted);
  });
}

/** The oracle: the first occurrence strictly after `fromMs`. */
export function expectedNext(alarm: Alarm, fromMs: number, zone: Zone): number | null {
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

export const WHOLE_HOURS = allTransitions.every(
  (t) => t.atMs % HOUR === 0 && (t.before - t.after) % 60 === 0,
);
