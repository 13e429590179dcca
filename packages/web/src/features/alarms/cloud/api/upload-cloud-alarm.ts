import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloudAlarm, CloudAlarmType } from '@playlist-alarms/core/cloud/cloud-schemas';
import { uploadBody, type UploadSource } from '@playlist-alarms/core/cloud/cloud-upload';
import { CLOUD_CONTEXTS } from '@playlist-alarms/core/texts/messages';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';
import type { AppServices } from '../../../../services/app-services';
import { inContext } from './cloud-context';

/** POST /api/alarms/by-type: a device alarm goes up as the alarm of its type, replacing the one there. */
const uploadCloudAlarm = (
  loadCloud: AppServices['loadCloud'],
  source: UploadSource,
  type: CloudAlarmType,
): Promise<CloudAlarm> =>
  inContext(CLOUD_CONTEXTS.replaceTypeAlarm(type), async () =>
    (await loadCloud()).replaceAlarmOfType(uploadBody(source, type)),
  );

export function useUploadCloudAlarm() {
  const { loadCloud } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, type }: { source: UploadSource; type: CloudAlarmType }) =>
      uploadCloudAlarm(loadCloud, source, type),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cloudAlarms() }),
  });
}
