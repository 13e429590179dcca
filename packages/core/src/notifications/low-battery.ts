// Low battery before bedtime: a bedtime alarm plays a story or music as the child falls asleep, and
// a player that dies half-way leaves it in the dark. A bedtime alarm is a cloud alarm of type
// 'bedtime' (a player's own alarms carry no type). The parent is told in the two hours before it,
// once per ringing, while the battery is below RISK_BATTERY_PERCENT and not charging.
import { ringingsBetween, type WatchedCloudAlarm } from './alarm-ringings';
import { lowBatteryNotification } from './notification-builders';
import type { ParentNotification } from './parent-notification';
import { lowBatteryPercent, type WatchedPlayer } from './player-risk';

/** How long before a bedtime alarm a low battery is told. */
export const LOW_BATTERY_LEAD_MS = 2 * 60 * 60_000;

/**
 * The low-battery news due at `now`: each bedtime alarm ringing within LOW_BATTERY_LEAD_MS after
 * `now` (inclusive) on a player that is not known to be off, with a low battery not charging.
 */
export function lowBatteryBeforeBedtime(p: {
  now: Date;
  /** The household's zone, in which cloud alarms ring. */
  timeZone: string;
  players: readonly WatchedPlayer[];
  cloudAlarms: readonly WatchedCloudAlarm[];
}): ParentNotification[] {
  const news: ParentNotification[] = [];
  for (const player of p.players) {
    // A player that is off says nothing new of its battery: that is the at-risk or offline news.
    const percent = player.online === false ? null : lowBatteryPercent(player);
    if (percent === null) continue;
    const bedtime = p.cloudAlarms.filter(
      (alarm) => alarm.yoto_device_id === player.deviceId && alarm.alarm_type === 'bedtime',
    );
    const ringings = ringingsBetween(p.now, new Date(p.now.getTime() + LOW_BATTERY_LEAD_MS + 1), {
      players: [],
      cloudAlarms: bedtime,
      timeZone: p.timeZone,
    });
    for (const ringing of ringings) news.push(lowBatteryNotification({ player, ringing, percent }));
  }
  return news;
}
