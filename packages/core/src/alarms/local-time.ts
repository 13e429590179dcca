// Local time in an IANA zone: reading a clock, and the one rule for turning a local date and time
// into an instant. Every alarm goes through resolveLocalTime (the page's scheduler and banner, the
// service worker, the server's cloud alarms), so none of them can disagree about when it rings.
import { tzOffset } from '@date-fns/tz';

const MINUTE_MS = 60_000;
const HALF_DAY_MS = 12 * 60 * MINUTE_MS;

export const isValidTimeZone = (timeZone: string): boolean => !Number.isNaN(tzOffset(timeZone, new Date(0)));

/** Minutes ahead of UTC in `timeZone` at an instant. */
const offsetAt = (timeZone: string, instantMs: number): number => tzOffset(timeZone, new Date(instantMs));

/** Calendar and clock fields of an instant as a clock in `timeZone` shows them (month 0-based). */
export function wallClock(instant: Date, timeZone: string) {
  const shifted = new Date(instant.getTime() + offsetAt(timeZone, instant.getTime()) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/**
 * The instant at which a clock in `timeZone` reads the local date and time (month 0-based; the
 * day may overflow).
 *
 * - A time shown twice (autumn fall-back) gives the first of the two, so an alarm rings once.
 * - A time that never shows (spring-forward gap) gives the first instant after the gap: the moment
 *   the clocks jump, so 01:30 on London's spring day is 01:00 UTC (02:00 BST). No public source
 *   says what a player does with an alarm in the gap (it keeps its own zone rule, the config's
 *   `getPosix`, and rings by its clock); the jump is the earliest instant at which that time has
 *   passed, so the alarm still rings that day and as early as it can, and it is what the server
 *   has always stored as a cloud alarm's next firing.
 */
export function resolveLocalTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): Date {
  const wall = Date.UTC(year, month, day, hour, minute);
  const before = offsetAt(timeZone, wall - HALF_DAY_MS);
  const after = offsetAt(timeZone, wall + HALF_DAY_MS);
  const valid = [before, after]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => offsetAt(timeZone, instant) * MINUTE_MS === wall - instant)
    .sort((a, b) => a - b);
  if (valid[0] !== undefined) return new Date(valid[0]);
  // In a gap: read with the new offset the time lies before the jump, with the old one after it.
  // Search the minute of the jump between the two readings.
  let lo = (wall - after * MINUTE_MS) / MINUTE_MS;
  let hi = (wall - before * MINUTE_MS) / MINUTE_MS;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(timeZone, mid * MINUTE_MS) === after) hi = mid;
    else lo = mid;
  }
  return new Date(hi * MINUTE_MS);
}
