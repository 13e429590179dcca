// A player rings its own alarms: at the minute of an enabled alarm of its config (its own clock,
// `geoTimezone`), it sets the alarm's volume (under its limit) and starts the alarm's card from
// the start, as a remote card/start does. What rang is kept for tests (the state knob's `rang`),
// so a test can prove an alarm switched off (a skipped one) stayed silent.
import { parseAlarm } from '@playlist-alarms/core/alarms/alarm-codec';
import { isValidTimeZone, wallClock } from '@playlist-alarms/core/alarms/local-time';
import { WEEKDAYS } from '@playlist-alarms/core/alarms/weekdays';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import type { SeedDevice } from './household';
import type { PlayerState } from './player-state';

export type { RangAlarm } from './player-state';

/** The knob keeps the last ones only. */
export const MAX_RANG = 20;

/** The minute an instant falls in: a player looks at its alarms once a minute. */
export const minuteOf = (now: number): number => Math.floor(now / 60_000);

/** The first enabled alarm of `alarms` set for the local minute of `now` in the player's zone, or null. */
export function alarmRingingAt(alarms: readonly string[], timeZone: string, now: number): DeviceAlarm | null {
  const local = wallClock(new Date(now), isValidTimeZone(timeZone) ? timeZone : 'UTC');
  const weekday = WEEKDAYS[local.weekday];
  for (const [index, raw] of alarms.entries()) {
    const parsed = parseAlarm(raw, index);
    if (!parsed.ok || !parsed.alarm.enabled || weekday === undefined) continue;
    const { hour, minute, days } = parsed.alarm;
    if (hour === local.hour && minute === local.minute && days.includes(weekday)) return parsed.alarm;
  }
  return null;
}

/** Looks at the config's alarms once a minute (the first minute it lives through is not one). */
export class OwnAlarms {
  private minute: number;

  constructor(now: number) {
    this.minute = minuteOf(now);
  }

  /** The alarm that rings now, once in its minute; null otherwise. */
  ringing(device: Pick<SeedDevice, 'config' | 'geoTimezone'>, now: number): DeviceAlarm | null {
    const minute = minuteOf(now);
    if (minute === this.minute) return null;
    this.minute = minute;
    return alarmRingingAt(device.config.alarms, device.geoTimezone, now);
  }
}

/** Sets the alarm's volume under the limit (use, as a card/start is); returns the events delta. */
export function alarmVolume(state: PlayerState, alarm: DeviceAlarm, limit: number, now: number) {
  state.lastUsedAt = now;
  state.volumeMax = limit;
  state.volume = Math.min(alarm.volume, limit);
  return { volume: state.volume, volumeMax: state.volumeMax };
}

/** Where the alarm's card starts: its chapter and track when set, from the start. */
export const alarmStart = (alarm: DeviceAlarm) =>
  ({
    chapterKey: alarm.chapterKey || null,
    trackKey: alarm.trackKey || null,
    secondsIn: 0,
    cutOff: null,
    source: 'remote',
  }) as const;

/** Keeps the ringing for the state knob, the oldest dropped past MAX_RANG. */
export function recordRang(state: PlayerState, alarm: DeviceAlarm, now: number, started: boolean): void {
  const at = new Date(minuteOf(now) * 60_000).toISOString();
  const ringing = { alarm: alarm.raw, cardId: alarm.cardId, volume: state.volume, at, started };
  state.rang = [...state.rang, ringing].slice(-MAX_RANG);
}
