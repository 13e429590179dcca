// One builder per kind of news: the notification a parent gets, its words (texts/notification-texts.ts),
// the view a click opens and the key that makes it one piece of news.
//
// Where a click goes: news a parent fixes at the player (it is off, low, switches itself off) opens
// that player in Devices; news of what an alarm did (its receipt) opens Alarms, where the receipt is.
import type { ParentNotification } from './parent-notification';
import type { AlarmRinging } from './alarm-ringings';
import type { CloudAlarm } from '../cloud/cloud-schemas';
import { durationWords } from '../cloud/player-off-at';
import { NOTIFICATION_TEXTS as T, type NotPlayedReason } from '../texts/notification-texts';

export const ALARMS_URL = '/?view=alarms';
export const deviceUrl = (deviceId: string): string =>
  `/?view=devices&device=${encodeURIComponent(deviceId)}`;

/** The player a notification names. */
export interface PlayerRef {
  deviceId: string;
  /** Its name as the parent gave it; its id stands in when empty. */
  name: string;
}

const nameOf = (player: PlayerRef): string => player.name.trim() || player.deviceId;
/** A battery reading as said: a whole percent, 0 to 100. */
const wholePercent = (percent: number): number => Math.min(100, Math.max(0, Math.round(percent)));
const two = (n: number): string => String(n).padStart(2, '0');

/** What the not-played news reads of a cloud alarm and its receipt. */
export type NotPlayedAlarm = Pick<
  CloudAlarm,
  | 'id'
  | 'alarm_name'
  | 'hour'
  | 'minute'
  | 'yoto_device_id'
  | 'device_name'
  | 'last_fired_at'
  | 'last_outcome'
>;

const NOT_PLAYED: readonly string[] = ['failed', 'missed', 'player-offline', 'no-response'];
const isNotPlayed = (outcome: string | null): outcome is NotPlayedReason =>
  outcome !== null && NOT_PLAYED.includes(outcome);

/**
 * A cloud alarm's firing did not play, from its receipt; null when it played, is still ringing,
 * never rang, or is not due yet (a player found off in the prepare window is recorded before the
 * alarm is due: that is the player-offline news, not this).
 */
export function alarmNotPlayedNotification(alarm: NotPlayedAlarm, now: Date): ParentNotification | null {
  if (!alarm.last_fired_at || !isNotPlayed(alarm.last_outcome)) return null;
  const due = Date.parse(alarm.last_fired_at);
  if (Number.isNaN(due) || now.getTime() < due) return null;
  const time = `${two(alarm.hour)}:${two(alarm.minute)}`;
  const player = alarm.device_name.trim() || alarm.yoto_device_id;
  const dueAt = new Date(due).toISOString();
  return {
    kind: 'alarm-not-played',
    dedupKey: `alarm-not-played:${alarm.id}:${dueAt}`,
    title: T.alarmNotPlayedTitle(alarm.alarm_name.trim() || time),
    body: T.alarmNotPlayedBody(alarm.last_outcome, player, time),
    url: ALARMS_URL,
    deviceId: alarm.yoto_device_id,
    alarmAt: dueAt,
  };
}

/** Why tomorrow's alarm may not ring (the evening check). */
export type RiskCause =
  | { why: 'offline' }
  | { why: 'battery'; percent: number }
  | { why: 'power-off'; shutdownTimeoutSeconds: number };

/**
 * Tomorrow's alarm may not ring. One per player per evening: the key is the player and the local
 * date of the evening (`eveningDate`, YYYY-MM-DD in the household's zone).
 */
export function alarmAtRiskNotification(p: {
  player: PlayerRef;
  ringing: AlarmRinging;
  cause: RiskCause;
  eveningDate: string;
}): ParentNotification {
  const player = nameOf(p.player);
  const { time } = p.ringing;
  const body =
    p.cause.why === 'offline'
      ? T.atRiskOffline(player, time)
      : p.cause.why === 'battery'
        ? T.atRiskBattery(player, wholePercent(p.cause.percent), time)
        : T.atRiskPowerOff(player, durationWords(p.cause.shutdownTimeoutSeconds), time);
  return {
    kind: 'alarm-at-risk',
    dedupKey: `alarm-at-risk:${p.player.deviceId}:${p.eveningDate}`,
    title: T.alarmAtRiskTitle(player),
    body,
    url: deviceUrl(p.player.deviceId),
    deviceId: p.player.deviceId,
    alarmAt: p.ringing.at.toISOString(),
  };
}

const ringingKey = (ringing: AlarmRinging): string =>
  `${ringing.deviceId}:${ringing.source}:${ringing.alarmId}:${ringing.at.toISOString()}`;

/** The player went offline in the minutes before one of its alarms: once per ringing. */
export function playerOfflineNotification(p: {
  player: PlayerRef;
  ringing: AlarmRinging;
}): ParentNotification {
  const player = nameOf(p.player);
  return {
    kind: 'player-offline',
    dedupKey: `player-offline:${ringingKey(p.ringing)}`,
    title: T.playerOfflineTitle(player),
    body:
      p.ringing.source === 'cloud'
        ? T.playerOfflineCloudBody(player, p.ringing.time)
        : T.playerOfflineOwnBody(player, p.ringing.time),
    url: deviceUrl(p.player.deviceId),
    deviceId: p.player.deviceId,
    alarmAt: p.ringing.at.toISOString(),
  };
}

/** The player's battery is low and not charging before its bedtime alarm: once per ringing. */
export function lowBatteryNotification(p: {
  player: PlayerRef;
  ringing: AlarmRinging;
  percent: number;
}): ParentNotification {
  const player = nameOf(p.player);
  return {
    kind: 'low-battery',
    dedupKey: `low-battery:${ringingKey(p.ringing)}`,
    title: T.lowBatteryTitle(player),
    body: T.lowBatteryBody(player, wholePercent(p.percent), p.ringing.time),
    url: deviceUrl(p.player.deviceId),
    deviceId: p.player.deviceId,
    alarmAt: p.ringing.at.toISOString(),
  };
}
