// SPEC §4 smart alarm scheduler: the next enabled alarm across devices, in a time zone, DST-correct.
import { tzOffset } from '@date-fns/tz';
import type { DeviceAlarm } from './entities';
import { TIMINGS_MS } from './constants';
import { WEEKDAYS } from './weekdays';

const MINUTE_MS = 60_000;
const HALF_DAY_MS = 12 * 60 * MINUTE_MS;

export interface DeviceAlarms {
  deviceId: string;
  alarms: readonly DeviceAlarm[];
  /** The player's own zone (config geoTimezone); the caller's zone when absent or invalid. */
  timeZone?: string | null;
}

export interface NextAlarm {
  deviceId: string;
  alarm: DeviceAlarm;
  at: Date;
}

export const isValidTimeZone = (timeZone: string): boolean => !Number.isNaN(tzOffset(timeZone, new Date(0)));

/** Calendar and clock fields of an instant as a clock in `timeZone` shows them (month 0-based). */
export function wallClock(instant: Date, timeZone: string) {
  const shifted = new Date(instant.getTime() + tzOffset(timeZone, instant) * MINUTE_MS);
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
 * The instant a wall clock in `timeZone` reads the given local time (month 0-based; days may overflow).
 * A time that happens twice (autumn fall-back) resolves to the first; a time that never happens
 * (spring-forward gap) moves forward by the gap, so 01:30 on the London spring day rings at 02:30 BST.
 */
export function zonedTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): Date {
  const wall = Date.UTC(year, month, day, hour, minute);
  const before = tzOffset(timeZone, new Date(wall - HALF_DAY_MS));
  const after = tzOffset(timeZone, new Date(wall + HALF_DAY_MS));
  const valid = [before, after]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => tzOffset(timeZone, new Date(instant)) * MINUTE_MS === wall - instant)
    .sort((a, b) => a - b);
  return new Date(valid[0] ?? wall - before * MINUTE_MS);
}

/** When an alarm next rings after `now`: today if its time is still ahead, else the next selected day (≤ 7 days). */
export function nextOccurrence(
  alarm: Pick<DeviceAlarm, 'hour' | 'minute' | 'days'>,
  now: Date,
  timeZone: string,
): Date | null {
  const today = wallClock(now, timeZone);
  for (let offset = 0; offset <= 7; offset += 1) {
    const weekday = WEEKDAYS[(today.weekday + offset) % 7];
    if (weekday === undefined || !alarm.days.includes(weekday)) continue;
    const at = zonedTime(timeZone, today.year, today.month, today.day + offset, alarm.hour, alarm.minute);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}

/** The earliest enabled alarm of all devices; ties go to the first device and the first alarm in the list. */
export function findNextAlarm(
  devices: readonly DeviceAlarms[],
  now: Date,
  timeZone: string,
): NextAlarm | null {
  const fallbackZone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  let best: NextAlarm | null = null;
  for (const device of devices) {
    const zone = device.timeZone && isValidTimeZone(device.timeZone) ? device.timeZone : fallbackZone;
    for (const alarm of device.alarms) {
      if (!alarm.enabled) continue;
      const at = nextOccurrence(alarm, now, zone);
      if (at && (!best || at.getTime() < best.at.getTime())) best = { deviceId: device.deviceId, alarm, at };
    }
  }
  return best;
}

/** The prepare state starts 5 minutes before the alarm (SPEC §4). */
export const prepareTime = (at: Date): Date => new Date(at.getTime() - TIMINGS_MS.alarmPrepare);

export type AlarmPhase = 'waiting' | 'prepare' | 'due';

/** waiting until the prepare time; prepare in the 5 minutes before; due from the alarm time on. */
export function alarmPhase(at: Date, now: Date): AlarmPhase {
  const remaining = at.getTime() - now.getTime();
  if (remaining <= 0) return 'due';
  return remaining <= TIMINGS_MS.alarmPrepare ? 'prepare' : 'waiting';
}
