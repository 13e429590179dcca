// The evening check: tomorrow morning's alarms whose player may let them down, told while there
// is still time to put the player on its dock. Evening is from 19:00 on the household's clock to
// midnight; "tomorrow morning" is from tomorrow's 00:00 to before its 12:00 on that clock, each by
// the one local-time rule (a time the clocks skip is the moment they jump). One notification per
// player per evening (the key holds the evening's date), naming its first alarm at risk.
import { ringingsBetween, type WatchedCloudAlarm } from './alarm-ringings';
import { alarmAtRiskNotification } from './notification-builders';
import type { ParentNotification } from './parent-notification';
import { riskCause, type WatchedPlayer } from './player-risk';
import { resolveLocalTime, wallClock } from '../alarms/local-time';
import { localDateOf } from '../alarms/skip-pause';
import { effectiveTimeZone } from '../cloud/cloud-next-fire';

/** The evening starts at this local hour. */
export const EVENING_FROM_HOUR = 19;
/** Tomorrow's alarms before this local hour are checked. */
export const MORNING_UNTIL_HOUR = 12;

/** Whether the household's clock reads 19:00 or later (until midnight). */
export const isEvening = (now: Date, timeZone: string): boolean =>
  wallClock(now, effectiveTimeZone(timeZone)).hour >= EVENING_FROM_HOUR;

/** Tomorrow's local 00:00 and 12:00 in the household's zone, as instants. */
export function tomorrowMorning(now: Date, timeZone: string): { from: Date; until: Date } {
  const zone = effectiveTimeZone(timeZone);
  const { year, month, day } = wallClock(now, zone);
  return {
    from: resolveLocalTime(zone, year, month, day + 1, 0, 0),
    until: resolveLocalTime(zone, year, month, day + 1, MORNING_UNTIL_HOUR, 0),
  };
}

/**
 * The at-risk news due at `now`: none before the evening; else, for each player with an alarm
 * (its own or a cloud alarm on it) from tomorrow's 00:00 to before 12:00, its first such alarm
 * that has a risk. Cloud alarms on a player not in `players` are passed over: nothing is known of it.
 */
export function eveningRiskCheck(p: {
  now: Date;
  /** The household's zone: cloud alarms ring in it, and it says when evening and morning are. */
  timeZone: string;
  players: readonly WatchedPlayer[];
  cloudAlarms: readonly WatchedCloudAlarm[];
}): ParentNotification[] {
  if (!isEvening(p.now, p.timeZone)) return [];
  const { from, until } = tomorrowMorning(p.now, p.timeZone);
  const eveningDate = localDateOf(p.now, effectiveTimeZone(p.timeZone));
  const news: ParentNotification[] = [];
  for (const player of p.players) {
    // 1 ms before midnight, so an alarm at 00:00 counts (the ringings are strictly after `from`).
    const ringings = ringingsBetween(new Date(from.getTime() - 1), until, {
      players: [player],
      cloudAlarms: p.cloudAlarms.filter((alarm) => alarm.yoto_device_id === player.deviceId),
      timeZone: p.timeZone,
    });
    for (const ringing of ringings) {
      const cause = riskCause(player, ringing, p.now);
      if (cause === null) continue;
      news.push(alarmAtRiskNotification({ player, ringing, cause, eveningDate }));
      break;
    }
  }
  return news;
}
