// Changing one alarm of a player's config.alarms as stored at write time (delete, on/off).
import { alarmIndexFromId } from './alarm-codec';
import type { DeviceAlarm } from '../shared/entities';

/** The alarm the parent acted on was changed or removed elsewhere since it was read. */
export const ALARM_GONE = 'the alarm is no longer on the player; the list was reloaded';

/**
 * `current` with the alarm read as `alarm` replaced by `replacement` (or removed when null). It is
 * found by its raw string, preferring its own position (two identical strings: the one the parent
 * saw); every other string goes back exactly as read. Null when no string matches.
 */
export function editAlarmList(
  current: readonly string[],
  alarm: Pick<DeviceAlarm, 'id' | 'raw'>,
  replacement: string | null,
): string[] | null {
  const own = alarmIndexFromId(alarm.id);
  const index = own !== null && current[own] === alarm.raw ? own : current.indexOf(alarm.raw);
  if (index < 0) return null;
  const list = [...current];
  if (replacement === null) list.splice(index, 1);
  else list[index] = replacement;
  return list;
}
