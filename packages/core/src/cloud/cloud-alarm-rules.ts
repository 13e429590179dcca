// Cloud alarm rules without schemas, so the web app can use them without loading cloud-schemas'
// zod (the app's eager code uses zod/mini; the classic API would grow the shared core chunk).
import { ALARM_MASK_DAY_ORDER } from '../alarms/alarm-codec';
import type { AlarmType, Weekday } from '../shared/entities';

/** Day names → the Monday-first mask (for a UI that shows names). */
export const daysToMask = (days: readonly Weekday[]): string =>
  ALARM_MASK_DAY_ORDER.map((day) => (days.includes(day) ? '1' : '0')).join('');
/** The Monday-first mask → day names, Monday first. */
export const maskToDays = (mask: string): Weekday[] => ALARM_MASK_DAY_ORDER.filter((_, i) => mask[i] === '1');

/** Stored on the alarm scale 1–10; shown ×10 as a percent. */
export const CLOUD_ALARM_DEFAULT_VOLUME = 7;

/** An uploaded alarm's name: the playlist's name, else "{Type} Alarm H:MM". */
export function defaultCloudAlarmName(
  type: AlarmType,
  hour: number,
  minute: number,
  playlistName?: string | null,
) {
  const name = playlistName?.trim();
  if (name) return name;
  const label = type.charAt(0).toUpperCase() + type.slice(1);
  return `${label} Alarm ${hour}:${String(minute).padStart(2, '0')}`;
}
