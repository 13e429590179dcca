// A parent's quiet hours: news waits until they end, unless it is about an alarm within the next
// hour (then waiting would be too late to act). Quiet hours are read on the parent's clock, so
// across midnight and on the days the clocks change they are the hours the clock shows; they end
// at the first instant the clock reads their end (a skipped end time: the moment the clocks jump).
import type { ParentNotification, QuietHours } from './parent-notification';
import { resolveLocalTime, wallClock } from '../alarms/local-time';
import { effectiveTimeZone } from '../cloud/cloud-next-fire';
import { CLOCK_TIME_PATTERN } from './notification-settings';
/** News of an alarm this close ahead goes out even in quiet hours. */
export const URGENT_WITHIN_MS = 60 * 60_000;
/** News that an alarm did not play is worth sending for this long after its due time. */
export const NOT_PLAYED_RELEVANT_MS = 12 * 60 * 60_000;

const minutesOf = (clock: string): number | null => {
  const match = CLOCK_TIME_PATTERN.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** Start and end in minutes of the day, or null when there are none (equal, or not 'HH:MM'). */
function quietSpan(quiet: QuietHours | null): { start: number; end: number } | null {
  if (quiet === null) return null;
  const [start, end] = [minutesOf(quiet.start), minutesOf(quiet.end)];
  return start === null || end === null || start === end ? null : { start, end };
}

/** Whether the parent's clock at `now` is within the quiet hours: from start (inclusive) to end (exclusive). */
export function isQuiet(now: Date, timeZone: string, quiet: QuietHours | null): boolean {
  const span = quietSpan(quiet);
  if (span === null) return false;
  const { hour, minute } = wallClock(now, effectiveTimeZone(timeZone));
  const at = hour * 60 + minute;
  return span.start < span.end ? at >= span.start && at < span.end : at >= span.start || at < span.end;
}

/**
 * When the quiet hours around `now` end: the next instant after `now` the clock reads their end
 * and it is no longer quiet; null when not quiet. An end inside a clock's spring-forward gap
 * resolves to the jump (the local-time rule), where the clock may read a quiet time again (quiet
 * hours 02:09–02:00 on the night 02:00–03:00 does not exist): the quiet then lasts to the next day's end.
 */
export function quietEndsAt(now: Date, timeZone: string, quiet: QuietHours | null): Date | null {
  const span = quietSpan(quiet);
  if (span === null || !isQuiet(now, timeZone, quiet)) return null;
  const zone = effectiveTimeZone(timeZone);
  const { year, month, day } = wallClock(now, zone);
  const [hour, minute] = [Math.floor(span.end / 60), span.end % 60];
  for (let offset = 0; offset <= 3; offset += 1) {
    const end = resolveLocalTime(zone, year, month, day + offset, hour, minute);
    if (end.getTime() > now.getTime() && !isQuiet(end, zone, quiet)) return end;
  }
  return null;
}

/** Whether the news is about an alarm that rings after `now` and within the next hour. */
export function isUrgent(notification: Pick<ParentNotification, 'alarmAt'>, now: Date): boolean {
  if (notification.alarmAt === null) return false;
  const ahead = Date.parse(notification.alarmAt) - now.getTime();
  return ahead >= 0 && ahead <= URGENT_WITHIN_MS;
}

/** Quiet now, and not about an alarm within the next hour. */
export const shouldHoldBack = (
  notification: Pick<ParentNotification, 'alarmAt'>,
  now: Date,
  timeZone: string,
  quiet: QuietHours | null,
): boolean => isQuiet(now, timeZone, quiet) && !isUrgent(notification, now);

/**
 * Whether the news still means something at `at`: news of an alarm ahead (at risk, player
 * offline, low battery) until the alarm is due; an alarm that did not play for
 * NOT_PLAYED_RELEVANT_MS after its due time.
 */
export function isStillRelevant(
  notification: Pick<ParentNotification, 'kind' | 'alarmAt'>,
  at: Date,
): boolean {
  if (notification.alarmAt === null) return true;
  const alarmAt = Date.parse(notification.alarmAt);
  if (Number.isNaN(alarmAt)) return true;
  return notification.kind === 'alarm-not-played'
    ? at.getTime() < alarmAt + NOT_PLAYED_RELEVANT_MS
    : at.getTime() < alarmAt;
}

export type QuietDecision = { action: 'send' } | { action: 'hold'; until: Date } | { action: 'drop' };

/**
 * What quiet hours make of the news at `now`: send it; hold it until they end, or until its alarm
 * is an hour away if that comes first (then ask again); or drop it, stale now or by the time they
 * end.
 */
export function quietDecision(
  notification: Pick<ParentNotification, 'kind' | 'alarmAt'>,
  now: Date,
  timeZone: string,
  quiet: QuietHours | null,
): QuietDecision {
  if (!isStillRelevant(notification, now)) return { action: 'drop' };
  if (!shouldHoldBack(notification, now, timeZone, quiet)) return { action: 'send' };
  const end = quietEndsAt(now, timeZone, quiet);
  if (end === null) return { action: 'drop' };
  // An alarm ahead may come within the hour before the quiet hours end: ask again then.
  const alarmAt = notification.alarmAt === null ? Number.NaN : Date.parse(notification.alarmAt);
  const urgentFrom = alarmAt - URGENT_WITHIN_MS;
  const until = urgentFrom > now.getTime() && urgentFrom < end.getTime() ? new Date(urgentFrom) : end;
  return isStillRelevant(notification, until) ? { action: 'hold', until } : { action: 'drop' };
}
