// The page's alarm scheduler: the next enabled alarm across devices, in a time zone, DST-correct.
import type { DeviceAlarm } from '../shared/entities';
import { TIMINGS_MS } from '../shared/constants';
import { isValidTimeZone, resolveLocalTime, wallClock } from './local-time';
import { WEEKDAYS } from './weekdays';

export interface DeviceAlarms {
  deviceId: string;
  alarms: readonly DeviceAlarm[];
  /** The player's own zone (config geoTimezone); the caller's zone when absent or invalid. */
  timeZone?: string | null;
}

interface NextAlarm {
  deviceId: string;
  alarm: DeviceAlarm;
  at: Date;
  /** The zone it rings in: its player's, or the caller's when the player has none. */
  timeZone: string;
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
    const at = resolveLocalTime(
      timeZone,
      today.year,
      today.month,
      today.day + offset,
      alarm.hour,
      alarm.minute,
    );
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
      if (at && (!best || at.getTime() < best.at.getTime())) {
        best = { deviceId: device.deviceId, alarm, at, timeZone: zone };
      }
    }
  }
  return best;
}

export type AlarmPhase = 'waiting' | 'prepare' | 'due';

/** waiting until the prepare time; prepare in the 5 minutes before; due from the alarm time on. */
export function alarmPhase(at: Date, now: Date): AlarmPhase {
  const remaining = at.getTime() - now.getTime();
  if (remaining <= 0) return 'due';
  return remaining <= TIMINGS_MS.alarmPrepare ? 'prepare' : 'waiting';
}
