// "Skip next" and "Pause until…" of a cloud alarm (docs/decisions/skip-and-pause.md).
// A skip is the exact instant of the skipped ringing; a pause is a local date in the alarm's zone,
// read as an instant only when needed, so a clock change during the pause moves nothing.
import { resolveLocalTime, wallClock } from './local-time';
import { pausedUntilText, shortDate, skippingText } from '../texts/skip-pause-texts';

/** What the card asks of the server: POST /api/alarms/{id}/{action}, with `through` for a pause. */
export type SkipPauseChange =
  { action: 'skip' } | { action: 'pause'; through: string } | { action: 'resume' };

/** A local calendar date, YYYY-MM-DD. */
export const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface SkipPause {
  /** UTC ISO instant of the skipped ringing; inert once it has passed. */
  skip_until?: string | null;
  /** Last silent local date (YYYY-MM-DD) in the alarm's zone; inert once that day is over. */
  paused_through?: string | null;
}

/** Year, 0-based month and day of a YYYY-MM-DD that names a real date; null otherwise. */
export function parseLocalDate(text: string): { year: number; month: number; day: number } | null {
  const match = LOCAL_DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const check = new Date(Date.UTC(year, month, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instant the pause ends: local midnight after its last day (the clock-change rule applies). */
export function pauseEndsAt(pausedThrough: string, timeZone: string): Date | null {
  const date = parseLocalDate(pausedThrough);
  return date && resolveLocalTime(timeZone, date.year, date.month, date.day + 1, 0, 0);
}

/**
 * The instant after which the next ringing may fall: later than now, than the skipped ringing,
 * and than the end of a pause (1 ms before local midnight, so a ringing at 00:00 after it counts).
 */
export function earliestAfter(marks: SkipPause, now: Date, timeZone: string): Date {
  let from = now.getTime();
  if (marks.skip_until) from = Math.max(from, new Date(marks.skip_until).getTime());
  const end = marks.paused_through ? pauseEndsAt(marks.paused_through, timeZone) : null;
  if (end) from = Math.max(from, end.getTime() - 1);
  return new Date(from);
}

/** A pause may end today or later in the zone, never in the past. */
export const pauseDateAllowed = (through: string, now: Date, timeZone: string): boolean =>
  parseLocalDate(through) !== null && through >= localDateOf(now, timeZone);

export type SkipPauseState = { kind: 'skipped'; date: string } | { kind: 'paused'; through: string } | null;

/** What still holds at `now`: a pause (it covers a skip inside it) or a skip, or nothing. */
export function skipPauseState(marks: SkipPause, now: Date, timeZone: string): SkipPauseState {
  if (marks.paused_through && marks.paused_through >= localDateOf(now, timeZone))
    return { kind: 'paused', through: marks.paused_through };
  if (marks.skip_until && new Date(marks.skip_until).getTime() > now.getTime())
    return { kind: 'skipped', date: localDateOf(new Date(marks.skip_until), timeZone) };
  return null;
}

const plainDate = (text: string): string => {
  const date = parseLocalDate(text);
  return date ? shortDate(date.year, date.month, date.day) : text;
};

/** The card's status line: "Skipping tomorrow", "Skipping Mon 3 Aug", "Paused until Mon 3 Aug", or null. */
export function skipPauseLine(marks: SkipPause, now: Date, timeZone: string): string | null {
  const state = skipPauseState(marks, now, timeZone);
  if (state === null) return null;
  if (state.kind === 'paused') return pausedUntilText(plainDate(state.through));
  const today = localDateOf(now, timeZone);
  const { year, month, day } = wallClock(now, timeZone);
  const tomorrow = localDateOf(resolveLocalTime(timeZone, year, month, day + 1, 12, 0), timeZone);
  if (state.date === today) return skippingText('today');
  if (state.date === tomorrow) return skippingText('tomorrow');
  return skippingText(plainDate(state.date));
}
