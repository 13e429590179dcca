// next_fire_at of a cloud alarm (DESIGN.md "Sessions, alarms and delivery"): the next instant, in
// UTC, at which the alarm's local time falls on one of its days in the user's time zone.
import { tzOffset } from '@date-fns/tz';
import { isValidTimeZone } from './next-alarm';

const MINUTE_MS = 60_000;
const HALF_DAY_MS = 12 * 60 * MINUTE_MS;

/** The 7-character day mask of a cloud alarm, Monday first, as on the player (`1111100` = weekdays). */
export const DAY_MASK_PATTERN = /^[01]{7}$/;

export interface CloudAlarmSchedule {
  hour: number;
  minute: number;
  /** Monday-first mask, such as '1111100'. */
  days: string;
  is_enabled: boolean;
}

/** The zone to compute in: the user's when it is a real IANA zone, else UTC (the default). */
export const effectiveTimeZone = (timeZone: string | null | undefined): string =>
  timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';

const offsetAt = (timeZone: string, instantMs: number): number => tzOffset(timeZone, new Date(instantMs));

/**
 * The instant at which a clock in `timeZone` reads the local date and time (month 0-based; the
 * day may overflow). A time shown twice (fall back) gives the first of the two, so the alarm
 * fires once. A time that is skipped (spring forward) gives the first instant after it: the
 * moment the clocks jump, 01:30 on London's spring day fires at 01:00 UTC (02:00 BST).
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

/**
 * When the alarm next fires strictly after `now`, or null when it is disabled or has no day.
 * Today counts when its time is still ahead; otherwise the next selected day (at most 7 ahead).
 */
export function nextFireAt(
  alarm: CloudAlarmSchedule,
  now: Date,
  timeZone: string | null | undefined,
): Date | null {
  if (!alarm.is_enabled || !DAY_MASK_PATTERN.test(alarm.days) || !alarm.days.includes('1')) return null;
  const zone = effectiveTimeZone(timeZone);
  const local = new Date(now.getTime() + offsetAt(zone, now.getTime()) * MINUTE_MS);
  const [year, month, date] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  for (let offset = 0; offset <= 7; offset += 1) {
    const weekday = new Date(Date.UTC(year, month, date + offset)).getUTCDay(); // 0 = Sunday
    if (alarm.days[(weekday + 6) % 7] !== '1') continue; // mask index 0 = Monday
    const at = resolveLocalTime(zone, year, month, date + offset, alarm.hour, alarm.minute);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}
