import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rewriteAlarm } from '@playlist-alarms/core/alarms/alarm-codec';
import { ALARM_GONE, editAlarmList } from '@playlist-alarms/core/alarms/alarm-list-edit';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';
import { deviceAlarmsOf, type DeviceAlarms } from './get-device-alarms';

type DeviceAlarmEdit =
  | { kind: 'delete' }
  | { kind: 'set-enabled'; enabled: boolean }
  /** The Edit alarm dialog's Save: the alarm's new string (core's editedAlarmString). */
  | { kind: 'replace'; alarm: string };

function replacementOf(alarm: DeviceAlarm, edit: DeviceAlarmEdit): string | null {
  if (edit.kind === 'delete') return null;
  if (edit.kind === 'replace') return edit.alarm;
  return rewriteAlarm(alarm, { enabled: edit.enabled });
}

/**
 * Deletes one alarm, switches it on or off, or saves its edit: the player's list is re-read at write time (the
 * provider client serialises writes per player) and written back with only that alarm changed,
 * found by its raw string; a switched alarm keeps its untouched fields byte for byte.
 */
async function editDeviceAlarm(
  library: LibrarySource,
  deviceId: string,
  alarm: DeviceAlarm,
  edit: DeviceAlarmEdit,
): Promise<DeviceAlarms> {
  // A delete needs both ids: without them it could hit the wrong alarm.
  if (!deviceId || !alarm.id) throw new Error(MESSAGES.invalidDeviceOrAlarmId);
  const replacement = replacementOf(alarm, edit);
  const written = await library.updateDeviceAlarms(deviceId, (current) => {
    const next = editAlarmList(current, alarm, replacement);
    if (!next) throw new Error(ALARM_GONE);
    return next;
  });
  return deviceAlarmsOf(written);
}

export function useEditDeviceAlarm(deviceId: string) {
  const { library } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alarm, edit }: { alarm: DeviceAlarm; edit: DeviceAlarmEdit }) =>
      editDeviceAlarm(library, deviceId, alarm, edit),
    onSuccess: (alarms) => queryClient.setQueryData(queryKeys.deviceConfig(deviceId), alarms),
    // After a failure the list may be stale (the alarm changed elsewhere): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.deviceConfig(deviceId) }),
  });
}
