import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';
import { deviceAlarmsOf, type DeviceAlarms } from './get-device-alarms';

/**
 * Appends one alarm string to a player's config.alarms. The append applies to the list as the
 * provider holds it at write time, not the cache, and the other strings go back exactly as read:
 * alarms this app cannot read, six-field ones and extra fields survive, and a write another tab
 * made meanwhile is kept (docs/provider-contract.md, Alarm strings).
 */
async function createDeviceAlarm(
  library: LibrarySource,
  deviceId: string,
  alarm: string,
): Promise<DeviceAlarms> {
  const written = await library.updateDeviceAlarms(deviceId, (current) => [...current, alarm]);
  return deviceAlarmsOf(written);
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
