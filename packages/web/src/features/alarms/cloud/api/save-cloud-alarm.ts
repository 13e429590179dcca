import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { withCloudAlarm } from '@playlist-alarms/core/cloud/cloud-alarm-list';
import type {
  CloudAlarm,
  CloudAlarmCreate,
  CloudAlarmList,
  CloudAlarmUpdate,
} from '@playlist-alarms/core/cloud/cloud-schemas';
import { CLOUD_CONTEXTS } from '@playlist-alarms/core/texts/messages';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';
import { inContext } from './cloud-context';

// The dialog's Create and Save, the cards' Duplicate and switch: each answer goes into the cloud
// alarms query at once, and the list is read again after, for next_fire_at and receipts.

const putInList = (queryClient: QueryClient, alarm: CloudAlarm) =>
  queryClient.setQueryData<CloudAlarmList>(queryKeys.cloudAlarms(), (list) => withCloudAlarm(list, alarm));
const readAgain = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.cloudAlarms() });

/** POST /api/alarms: a new alarm, or a copy of one ("Failed to save alarm: …"). */
export function useCreateCloudAlarm() {
  const { loadCloud } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CloudAlarmCreate) =>
      inContext(CLOUD_CONTEXTS.saveAlarm, async () => (await loadCloud()).createAlarm(body)),
    onSuccess: (alarm) => putInList(queryClient, alarm),
    onSettled: () => readAgain(queryClient),
  });
}

/**
 * PUT /api/alarms/{id} ("Failed to update alarm: …"). The change shows at once (a switch must not
 * wait for the network) and is taken back if the server refuses it.
 */
export function useUpdateCloudAlarm() {
  const { loadCloud } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CloudAlarmUpdate }) =>
      inContext(CLOUD_CONTEXTS.updateAlarm, async () => (await loadCloud()).updateAlarm(id, patch)),
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.cloudAlarms() });
      const before = queryClient.getQueryData<CloudAlarmList>(queryKeys.cloudAlarms());
      const was = before?.alarms.find((alarm) => alarm.id === id);
      if (was && patch.is_enabled !== undefined) {
        putInList(queryClient, { ...was, is_enabled: patch.is_enabled });
      }
      return { before };
    },
    onSuccess: (alarm) => putInList(queryClient, alarm),
    onError: (_error, _request, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.cloudAlarms(), context.before);
    },
    onSettled: () => readAgain(queryClient),
  });
}
