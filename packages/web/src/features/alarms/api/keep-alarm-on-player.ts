import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { keepAlarmOnPlayer } from '@playlist-alarms/core/cloud/keep-on-player';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';
import { deviceAlarmsOf, type DeviceAlarms } from './get-device-alarms';

/**
 * "Save on the player instead": the alarm stays in the player's own config, switched on, through the
 * same serialised read-modify-write as every alarm edit (the list as stored at write time; the other
 * strings byte for byte). The list comes back unchanged when the player already rings the alarm.
 */
async function keepOnPlayer(
  library: LibrarySource,
  deviceId: string,
  alarm: DeviceAlarm,
): Promise<{ alarms: DeviceAlarms; changed: boolean }> {
  let changed = false;
  const written = await library.updateDeviceAlarms(deviceId, (current) => {
    const kept = keepAlarmOnPlayer(current, alarm);
    changed = kept.changed;
    return kept.list;
  });
  return { alarms: deviceAlarmsOf(written), changed };
}

export function useKeepOnPlayer() {
  const { library } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, alarm }: { deviceId: string; alarm: DeviceAlarm }) =>
      keepOnPlayer(library, deviceId, alarm),
    onSuccess: ({ alarms }, { deviceId }) =>
      queryClient.setQueryData(queryKeys.deviceConfig(deviceId), alarms),
    onError: (_error, { deviceId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.deviceConfig(deviceId) }),
  });
}
