// "Save on the player instead": the alarm a cloud alarm was to be made of stays in the player's
// own config.alarms, switched on, so the player rings it itself even when it has switched itself
// off (the server cannot wake it). Applied to the list as stored at write time.
import { formatAlarm, parseAlarm, rewriteAlarm } from '../alarms/alarm-codec';
import { ALARM_VOLUME_WRITE_MAX, ALARM_VOLUME_WRITE_MIN } from '../alarms/alarm-volume';
import { daysToMask } from './cloud-alarm-rules';
import type { DeviceAlarm } from '../shared/entities';
import { editAlarmList } from '../alarms/alarm-list-edit';

type Kept = DeviceAlarm;

/** Same days, time and card, switched on: the player already rings this alarm. */
function ringsAlready(raw: string, alarm: Kept): boolean {
  const read = parseAlarm(raw, 0);
  return (
    read.ok &&
    read.alarm.enabled &&
    daysToMask(read.alarm.days) === daysToMask(alarm.days) &&
    read.alarm.hour === alarm.hour &&
    read.alarm.minute === alarm.minute &&
    read.alarm.cardId === alarm.cardId
  );
}

/**
 * `current` with `alarm` on the player and switched on: its own string switched on (the rest of it
 * byte for byte) when it is still there; nothing when the player already rings the same alarm;
 * else the alarm appended afresh, its volume held within what may be written (1–8).
 */
export function keepAlarmOnPlayer(
  current: readonly string[],
  alarm: Kept,
): { list: string[]; changed: boolean } {
  if (current.some((raw) => ringsAlready(raw, alarm))) return { list: [...current], changed: false };
  const switchedOn = editAlarmList(current, alarm, rewriteAlarm(alarm, { enabled: true }));
  if (switchedOn) return { list: switchedOn, changed: true };
  const volume = Math.min(ALARM_VOLUME_WRITE_MAX, Math.max(ALARM_VOLUME_WRITE_MIN, alarm.volume));
  // Chapter and track as the player had them (empty unless one was chosen).
  const [, , , chapterKey, trackKey] = alarm.raw.split(',').map((field) => field.trim() || undefined);
  const fresh = formatAlarm({
    days: alarm.days,
    hour: alarm.hour,
    minute: alarm.minute,
    cardId: alarm.cardId,
    chapterKey,
    trackKey,
    volume,
    enabled: true,
  });
  return { list: [...current, fresh], changed: true };
}
