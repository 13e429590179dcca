// next_fire_at of a cloud alarm (docs/decisions/local-time-rule.md): the next instant, in
// UTC, at which the alarm's local time falls on one of its days in the user's time zone.
import { maskToDays } from './cloud-alarm-rules';
import { isValidTimeZone } from '../alarms/local-time';
import { nextOccurrence } from '../alarms/next-alarm';
import { earliestAfter, type SkipPause } from '../alarms/skip-pause';

/** The 7-character day mask of a cloud alarm, Monday first, as on the player (`1111100` = weekdays). */
export const DAY_MASK_PATTERN = /^[01]{7}$/;

export interface CloudAlarmSchedule extends SkipPause {
  hour: number;
  minute: number;
  /** Monday-first mask, such as '1111100'. */
  days: string;
  is_enabled: boolean;
}

/** The zone to compute in: the user's when it is a real IANA zone, else UTC (the default). */
export const effectiveTimeZone = (timeZone: string | null | undefined): string =>
  timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';

/**
 * When the alarm next fires strictly after `now`, or null when it is disabled or has no day.
 * Today counts when its time is still ahead; otherwise the next selected day (at most 7 ahead).
 * A skipped ringing and the days of a pause are passed over (./skip-pause.ts).
 */
export function nextFireAt(
  alarm: CloudAlarmSchedule,
  now: Date,
  timeZone: string | null | undefined,
): Date | null {
  if (!alarm.is_enabled || !DAY_MASK_PATTERN.test(alarm.days) || !alarm.days.includes('1')) return null;
  // The same walk over the days as a player's own alarms: one rule for local time everywhere.
  const zone = effectiveTimeZone(timeZone);
  return nextOccurrence(
    { hour: alarm.hour, minute: alarm.minute, days: maskToDays(alarm.days) },
    earliestAfter(alarm, now, zone),
    zone,
  );
}
