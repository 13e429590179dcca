import { activeExtras } from '@playlist-alarms/core/cloud/alarm-extras';
import type { AlarmsTable } from '../db/schema';
import type { RingRequest } from './ringer';

/** What a cloud alarm's firing at `dueAt` asks the ringer for: its card, volume and extras. */
export function ringRequestOf(alarm: AlarmsTable, dueAt: string): RingRequest {
  const extras = activeExtras({ ...alarm, night_light: alarm.night_light === 1 });
  const any = extras.fadeMinutes > 0 || extras.sleepMinutes > 0 || extras.nightLight;
  return {
    userId: alarm.yoto_user_id,
    deviceId: alarm.yoto_device_id,
    cardId: alarm.playlist_id,
    volume: alarm.volume,
    startAt: new Date(dueAt).getTime(),
    // Only when it has any: a plain alarm's request stays as it was.
    ...(any ? { extras } : {}),
  };
}
