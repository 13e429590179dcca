// A cloud alarm keeps only hour and minute and rings in the household's one cloud zone, while a
// player rings its own alarms in its own zone. Uploading a player's 07:00 therefore moves it when
// the two zones differ; the upload dialog says by how much before the parent sends it.
import { formatTime } from '../alarms/alarm-codec';
import { isValidTimeZone, wallClock } from '../alarms/local-time';
import { nextOccurrence } from '../alarms/next-alarm';
import { WEEKDAYS } from '../alarms/weekdays';
import { clocksDiffer, zoneCity } from '../alarms/zone-label';
import type { DeviceAlarm } from '../shared/entities';
import { uploadZoneWarning, type DayShift } from '../texts/upload-zone-texts';

export interface UploadZoneShift {
  /** When the cloud alarm would next ring (in the household's zone). */
  at: Date;
  /** 'HH:MM' on the household's clock at `at`: the alarm's own time. */
  householdTime: string;
  /** 'HH:MM' on the player's clock at `at`. */
  playerTime: string;
  playerDay: DayShift;
  text: string;
}

function dayShift(player: { year: number; month: number; day: number }, home: typeof player): DayShift {
  const a = Date.UTC(player.year, player.month, player.day);
  const b = Date.UTC(home.year, home.month, home.day);
  return a === b ? 'same' : a < b ? 'before' : 'after';
}

/**
 * What uploading `alarm` from `player` would do to its time, or null when nothing moves: the player
 * reports no zone the app knows (no claim can be made), either zone is unknown, or the two clocks
 * read the same at the alarm's next ring in the household's zone. An alarm with no day is read at
 * its next time on any day, as it would ring once switched to a day.
 */
export function uploadZoneShift(p: {
  alarm: Pick<DeviceAlarm, 'days' | 'hour' | 'minute'>;
  player: string;
  playerZone: string | null | undefined;
  householdZone: string;
  now: Date;
}): UploadZoneShift | null {
  const { playerZone, householdZone } = p;
  if (!playerZone || !isValidTimeZone(playerZone) || !isValidTimeZone(householdZone)) return null;
  const days = p.alarm.days.length > 0 ? p.alarm.days : [...WEEKDAYS];
  const at = nextOccurrence({ hour: p.alarm.hour, minute: p.alarm.minute, days }, p.now, householdZone);
  if (at === null || !clocksDiffer(playerZone, householdZone, at)) return null;
  const home = wallClock(at, householdZone);
  const there = wallClock(at, playerZone);
  const householdTime = formatTime(home.hour, home.minute);
  const playerTime = formatTime(there.hour, there.minute);
  const playerDay = dayShift(there, home);
  return {
    at,
    householdTime,
    playerTime,
    playerDay,
    text: uploadZoneWarning({
      player: p.player,
      playerPlace: zoneCity(playerZone),
      householdPlace: zoneCity(householdZone),
      householdTime,
      playerTime,
      playerDay,
    }),
  };
}
