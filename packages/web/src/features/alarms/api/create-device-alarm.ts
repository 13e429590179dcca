import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAlarmList } from '@playlist-alarms/core/alarm-codec';
import { queryKeys } from '../../../lib/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';
import type { DeviceAlarms } from './get-device-alarms';

/**
 * Appends one alarm string to a player's config.alarms. The list is read fresh, not from the
 * cache, and written back as the raw strings: alarms this app cannot read, and their extra
 * fields, survive (PROVIDER-API.md "Alarm strings").
 */
async function createDeviceAlarm(
  library: LibrarySource,
  deviceId: string,
  alarm: string,
): Promise<DeviceAlarms> {
  const current = await library.getDeviceConfig(deviceId);
  const written = await library.replaceDeviceAlarms(deviceId, [...current.device.config.alarms, alarm]);
  return parseAlarmList(written.device.config.alarms);
}

export function useCreateDeviceAlarm() {
  const { library } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, alarm }: { deviceId: string; alarm: string }) =>
      createDeviceAlarm(library, deviceId, alarm),
    onSuccess: (alarms, { deviceId }) => {
      // The read-back shows at once; the invalidation still refetches, as the cache may hold an
      // older read. Not awaited: the dialog need not wait for that refetch to close.
      queryClient.setQueryData(queryKeys.deviceConfig(deviceId), alarms);
      void queryClient.invalidateQueries({ queryKey: queryKeys.deviceConfig(deviceId) });
    },
  });
}
