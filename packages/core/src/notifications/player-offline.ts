// A player went offline in an alarm's prepare window (the minutes before it rings, when the server
// opens its connection to the player): the last moment a parent can still switch it on in time.
import { ringingsBetween, type PlayerAlarmList, type WatchedCloudAlarm } from './alarm-ringings';
import { playerOfflineNotification, type PlayerRef } from './notification-builders';
import type { ParentNotification } from './parent-notification';
import { PREPARE_WINDOW_MS } from '../cloud/alarm-firing';

/**
 * The news when `player` is seen offline at `offlineAt`: one for each of its alarms (its own, and
 * the cloud alarms on it) ringing after `offlineAt` and at most PREPARE_WINDOW_MS later, the
 * window the alarms' prepare phase uses (alarms/next-alarm.ts `alarmPhase`).
 */
export function offlineInPrepareWindow(p: {
  player: PlayerRef & PlayerAlarmList;
  offlineAt: Date;
  /** The household's zone, in which cloud alarms ring. */
  timeZone: string;
  cloudAlarms: readonly WatchedCloudAlarm[];
}): ParentNotification[] {
  const ringings = ringingsBetween(p.offlineAt, new Date(p.offlineAt.getTime() + PREPARE_WINDOW_MS + 1), {
    players: [p.player],
    cloudAlarms: p.cloudAlarms.filter((alarm) => alarm.yoto_device_id === p.player.deviceId),
    timeZone: p.timeZone,
  });
  return ringings.map((ringing) => playerOfflineNotification({ player: p.player, ringing }));
}
