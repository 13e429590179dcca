// A cloud alarm's extras: a wake-up alarm may fade in; a bedtime alarm may set the sleep timer and
// switch the light to the player's night colour. Which choices exist, and the words that say what
// was done (on the row and in the receipt).
import { NIGHT_LIGHT_ON_TEXT, fadedInText, sleepTimerText } from '../texts/alarm-extras-texts';
import { ambientPayload } from '../device/remote-control';
import type { DevicePayloads } from '../device/mqtt-commands';

/** Fade-in lengths offered, in minutes; 0 is no fade. */
export const FADE_IN_CHOICES = [0, 5, 10, 15, 30] as const;
/**
 * Sleep timer lengths offered, in minutes; 0 is none. Minutes only: the player's sleep-timer
 * command takes seconds, and no command for "end of the chapter" is known, so that is not offered.
 */
export const SLEEP_TIMER_CHOICES = [0, 15, 30, 45, 60, 90] as const;

/** The extras as an alarm stores them (nullable columns: null is the same as off). */
export interface AlarmExtras {
  alarm_type: 'wakeup' | 'bedtime';
  fade_in_minutes?: number | null;
  sleep_timer_minutes?: number | null;
  night_light?: boolean | null;
}

/** The extras that apply to the alarm's type (a wake-up alarm has no bedtime routine, and back). */
export function activeExtras(alarm: AlarmExtras): {
  fadeMinutes: number;
  sleepMinutes: number;
  nightLight: boolean;
} {
  const wakeup = alarm.alarm_type === 'wakeup';
  return {
    fadeMinutes: wakeup ? (alarm.fade_in_minutes ?? 0) : 0,
    sleepMinutes: wakeup ? 0 : (alarm.sleep_timer_minutes ?? 0),
    nightLight: !wakeup && alarm.night_light === true,
  };
}

/** "faded in over 10 min" / "sleep timer 30 min, night light on"; '' when none. */
export function extrasText(alarm: AlarmExtras): string {
  const { fadeMinutes, sleepMinutes, nightLight } = activeExtras(alarm);
  const parts: string[] = [];
  if (fadeMinutes > 0) parts.push(fadedInText(fadeMinutes));
  if (sleepMinutes > 0) parts.push(sleepTimerText(sleepMinutes));
  if (nightLight) parts.push(NIGHT_LIGHT_ON_TEXT);
  return parts.join(', ');
}

/** ambients/set for a config colour such as '#b34700'; null when it is not one. */
export function colourPayload(hex: string | undefined): DevicePayloads['ambients/set'] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (match === null) return null;
  const [, r = '0', g = '0', b = '0'] = match;
  return ambientPayload({ r: parseInt(r, 16), g: parseInt(g, 16), b: parseInt(b, 16) });
}

/** The dialog's extras: all three kept while the type flips, only the type's own are sent. */
export interface ExtrasDraft {
  fadeMinutes: number;
  sleepMinutes: number;
  nightLight: boolean;
}

export const NO_EXTRAS: ExtrasDraft = { fadeMinutes: 0, sleepMinutes: 0, nightLight: false };

/** A stored alarm's extras as the dialog starts with them. */
export const extrasDraftOf = (alarm: Omit<AlarmExtras, 'alarm_type'>): ExtrasDraft => ({
  fadeMinutes: alarm.fade_in_minutes ?? 0,
  sleepMinutes: alarm.sleep_timer_minutes ?? 0,
  nightLight: alarm.night_light === true,
});

/** The body's extras: the type's own (off as null), the other type's cleared. */
export function extrasBody(
  type: AlarmExtras['alarm_type'],
  draft: ExtrasDraft,
): { fade_in_minutes: number | null; sleep_timer_minutes: number | null; night_light: boolean | null } {
  const wakeup = type === 'wakeup';
  return {
    fade_in_minutes: wakeup && draft.fadeMinutes > 0 ? draft.fadeMinutes : null,
    sleep_timer_minutes: !wakeup && draft.sleepMinutes > 0 ? draft.sleepMinutes : null,
    night_light: !wakeup && draft.nightLight ? true : null,
  };
}
