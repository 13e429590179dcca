// A player went offline in an alarm's prepare window (the minutes before it rings, when the server
// opens its connection to the player): the last moment a parent can still switch it on in time.
import { ringingsBetween, type PlayerAlarmList, type WatchedCloudAlarm } from './alarm-ringings';
import { playerOfflineNotification, type PlayerRef } from './notification-builders';
import type { ParentNotification } from './parent-notification';
import { PREPARE_WINDOW_MS } from '../cloud/alarm-firing';

/** What a watch pass adds to its interval, so a pass a little late still meets the next ringing. */
export const WATCH_PASS_SLACK_MS = 60_000;

/**
 * How far ahead a periodic look (the player watch, every `intervalMs`) must see for every ringing
 * to fall in one look's window: the prepare window, or the interval and its slack when longer.
 * Two looks may both see a ringing; its news's key sends it once.
 */
export const watchWindowMs = (intervalMs: number): number =>
  Math.max(PREPARE_WINDOW_MS, intervalMs + WATCH_PASS_SLACK_MS);

/** A player's own alarm list read longer ago than this is not trusted to say when it rings. */
export const OWN_ALARMS_TRUSTED_MS = 2 * 24 * 3_600_000;

/**
 * A stored list no read has refreshed for this long is deleted (the retention pass): long past
 * trusted, it only stays for a player nobody reads any more (sold, or its parents gone).
 */
export const OWN_ALARMS_KEEP_MS = 30 * 24 * 3_600_000;

/**
 * The news when `player` is seen offline at `offlineAt`: one for each of its alarms (its own, and
 * the cloud alarms on it) ringing after `offlineAt` and at most PREPARE_WINDOW_MS later, the
 * window the alarms' prepare phase uses (alarms/next-alarm.ts `alarmPhase`). A periodic look
 * passes a longer `windowMs` (watchWindowMs); it is never shorter than the prepare window.
 */
export function offlineInPrepareWindow(p: {
  player: PlayerRef & PlayerAlarmList;
  offlineAt: Date;
  /** The household's zone, in which cloud alarms ring. */
  timeZone: string;
  cloudAlarms: readonly WatchedCloudAlarm[];
  windowMs?: number;
}): ParentNotification[] {
  const windowMs = Math.max(PREPARE_WINDOW_MS, p.windowMs ?? PREPARE_WINDOW_MS);
  const ringings = ringingsBetween(p.offlineAt, new Date(p.offlineAt.getTime() + windowMs + 1), {
    players: [p.player],
    cloudAlarms: p.cloudAlarms.filter((alarm) => alarm.yoto_device_id === p.player.deviceId),
    timeZone: p.timeZone,
  });
  return ringings.map((ringing) => playerOfflineNotification({ player: p.player, ringing }));
}
