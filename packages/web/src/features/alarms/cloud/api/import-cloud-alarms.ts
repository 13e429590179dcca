import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { importIntoDeviceList } from '@playlist-alarms/core/cloud/cloud-upload';
import { CLOUD_CONTEXTS } from '@playlist-alarms/core/texts/messages';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';
import type { LibrarySource } from '../../../../services/app-services';
import { inContext } from './cloud-context';

/**
 * Import from the cloud: each player's cloud alarms are appended to its config.alarms as stored at
 * write time (alarms it already has are skipped). Players of the list only: a cloud alarm of a
 * player the account no longer has is left in the cloud. Answers how many were written, per player.
 */
const importCloudAlarms = (
  library: LibrarySource,
  deviceIds: readonly string[],
  cloud: readonly CloudAlarm[],
): Promise<Map<string, number>> =>
  inContext(CLOUD_CONTEXTS.syncLocalAlarms, async () => {
    const added = new Map<string, number>();
    for (const deviceId of deviceIds) {
      if (!cloud.some((alarm) => alarm.yoto_device_id === deviceId)) continue;
      await library.updateDeviceAlarms(deviceId, (current) => {
        const result = importIntoDeviceList(current, deviceId, cloud);
        added.set(deviceId, result.added);
        return result.list;
      });
    }
    return added;
  });

export function useImportCloudAlarms() {
  const { library } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceIds, cloud }: { deviceIds: readonly string[]; cloud: readonly CloudAlarm[] }) =>
      importCloudAlarms(library, deviceIds, cloud),
    onSettled: (_added, _error, { deviceIds }) =>
      Promise.all(
        deviceIds.map((deviceId) =>
          queryClient.invalidateQueries({ queryKey: queryKeys.deviceConfig(deviceId) }),
        ),
      ),
  });
}
