import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withCloudAlarm } from '@playlist-alarms/core/cloud/cloud-alarm-list';
import type { CloudAlarmList } from '@playlist-alarms/core/cloud/cloud-schemas';
import type { SkipPauseChange } from '@playlist-alarms/core/alarms/skip-pause';
import { CLOUD_CONTEXTS } from '@playlist-alarms/core/texts/messages';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';
import { inContext } from './cloud-context';

/** "Skip next", "Pause until…" and "Resume": the answer (with its next_fire_at) goes into the list. */
export function useMarkCloudAlarm() {
  const { loadCloud } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SkipPauseChange }) =>
      inContext(CLOUD_CONTEXTS.updateAlarm, async () => (await loadCloud()).markAlarm(id, change)),
    onSuccess: (alarm) =>
      queryClient.setQueryData<CloudAlarmList>(queryKeys.cloudAlarms(), (list) =>
        withCloudAlarm(list, alarm),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cloudAlarms() }),
  });
}
