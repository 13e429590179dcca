// The rules of a parent's notification settings, as the page's settings and the server's checks
// share them: the clock a quiet hour is written in, whether quiet hours can be saved, and the kinds
// a browser is switched on for. Imports only types and texts: the page's lazy settings chunk and
// the server both load it.
import { NOTIFICATION_KIND_LABELS } from '../texts/push-settings-texts';
import { NOTIFICATION_KINDS } from './parent-notification';
import type { NotificationKind, QuietHours } from './parent-notification';

/** A local clock time, 'HH:MM' from 00:00 to 23:59 (hours and minutes captured). */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isClockTime = (value: string): boolean => CLOCK_TIME_PATTERN.test(value);

/** Quiet hours that can be saved: both ends a clock time (equal ends are allowed: no quiet hours). */
export const quietHoursValid = (quiet: QuietHours | null): quiet is QuietHours =>
  quiet !== null && isClockTime(quiet.start) && isClockTime(quiet.end);

/** One switch of "Notify me when…": every kind, in its fixed order, with its words and state. */
export interface NotificationKindSwitch {
  kind: NotificationKind;
  label: string;
  on: boolean;
}

export function notificationKindSwitches(kinds: readonly NotificationKind[]): NotificationKindSwitch[] {
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABELS[kind],
    on: kinds.includes(kind),
  }));
}

/** The kinds after one switch is flipped: a kind switched on is added once, at the end. */
export function switchKind(
  kinds: readonly NotificationKind[],
  kind: NotificationKind,
  on: boolean,
): NotificationKind[] {
  const others = kinds.filter((k) => k !== kind);
  return on ? [...others, kind] : others;
}
