// The ringings the notification rules look at: every ringing of the players' own alarms and of the
// cloud alarms between two instants, found by the same next-ringing rules the alarms ring by (a
// player's alarm in its own zone, a cloud alarm in the household's, skips and pauses passed over).
import type { AlarmType, DeviceAlarm } from '../shared/entities';
import { isValidTimeZone } from '../alarms/local-time';
import { nextOccurrence } from '../alarms/next-alarm';
import { timeWithPlace } from '../alarms/zone-label';
import { effectiveTimeZone, nextFireAt } from '../cloud/cloud-next-fire';
import type { CloudAlarm } from '../cloud/cloud-schemas';

/** What the rules need of a cloud alarm (a stored one as the server holds it fits). */
export type WatchedCloudAlarm = Pick<
  CloudAlarm,
  | 'id'
  | 'yoto_device_id'
  | 'alarm_type'
  | 'hour'
  | 'minute'
  | 'days'
  | 'is_enabled'
  | 'skip_until'
  | 'paused_through'
>;

/** A player's own alarms as read from its config, and the zone its clock keeps. */
export interface PlayerAlarmList {
  deviceId: string;
  /** The config's geoTimezone; the household's zone stands in when null or not a zone. */
  timeZone: string | null;
  alarms: readonly DeviceAlarm[];
}

export interface AlarmRinging {
  /** Rung by the server ('cloud') or by the player itself ('player'). */
  source: 'cloud' | 'player';
  /** The cloud alarm's id, or the player's alarm id (`alarm_{index}`). */
  alarmId: string;
  deviceId: string;
  at: Date;
  /** The alarm's 'HH:MM', with the player's place when its clock is not the household's at `at`. */
  time: string;
  /** A cloud alarm's type; a player's own alarm has none. */
  alarmType: AlarmType | null;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** Every instant `next` gives after `from` and before `to`, in order. */
function instantsBetween(next: (after: Date) => Date | null, from: Date, to: Date): Date[] {
  const found: Date[] = [];
  for (let at = next(from); at !== null && at.getTime() < to.getTime(); at = next(at)) found.push(at);
  return found;
}

/**
 * Every ringing strictly after `from` and before `to`, earliest first (a tie: cloud alarms first,
 * then in list order). `timeZone` is the household's: cloud alarms ring in it, a player without a
 * zone of its own keeps it, and a time on another clock is named by its place.
 */
export function ringingsBetween(
  from: Date,
  to: Date,
  p: {
    players: readonly PlayerAlarmList[];
    cloudAlarms: readonly WatchedCloudAlarm[];
    timeZone: string;
  },
): AlarmRinging[] {
  const household = effectiveTimeZone(p.timeZone);
  const found: AlarmRinging[] = [];
  for (const alarm of p.cloudAlarms) {
    const time = `${two(alarm.hour)}:${two(alarm.minute)}`;
    for (const at of instantsBetween((after) => nextFireAt(alarm, after, household), from, to)) {
      found.push({
        source: 'cloud',
        alarmId: alarm.id,
        deviceId: alarm.yoto_device_id,
        at,
        time,
        alarmType: alarm.alarm_type,
      });
    }
  }
  for (const player of p.players) {
    const zone = player.timeZone && isValidTimeZone(player.timeZone) ? player.timeZone : household;
    for (const alarm of player.alarms) {
      if (!alarm.enabled) continue;
      for (const at of instantsBetween((after) => nextOccurrence(alarm, after, zone), from, to)) {
        found.push({
          source: 'player',
          alarmId: alarm.id,
          deviceId: player.deviceId,
          at,
          time: timeWithPlace(alarm.time, zone, household, at),
          alarmType: null,
        });
      }
    }
  }
  // Array.prototype.sort is stable: equal instants keep the order above.
  return found.sort((a, b) => a.at.getTime() - b.at.getTime());
}
