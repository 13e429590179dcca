import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloudDeleteKind } from '@playlist-alarms/core/cloud/cloud-upload';
import { CLOUD_CONTEXTS } from '@playlist-alarms/core/texts/messages';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';
import type { AppServices } from '../../../../services/app-services';
import { inContext } from './cloud-context';

export type CloudDeleteRequest =
  { kind: Exclude<CloudDeleteKind, 'single'> } | { kind: 'single'; id: string };

/**
 * The four deletes a confirmation leads to: DELETE /api/alarms/{id}, DELETE
 * /api/alarms/by-type/{type} and POST /api/alarms/delete-all, each with its own context ("Failed to delete
 * {type} alarm", …). One file, as they are one confirmation's one mutation. Answers how many alarms went.
 */
function deleteCloudAlarms(loadCloud: AppServices['loadCloud'], request: CloudDeleteRequest) {
  switch (request.kind) {
    case 'single':
      return inContext(CLOUD_CONTEXTS.deleteAlarm, async () => (await loadCloud()).deleteAlarm(request.id));
    case 'all':
      return inContext(CLOUD_CONTEXTS.deleteAllAlarms, async () => (await loadCloud()).deleteAllAlarms());
    case 'wakeup':
    case 'bedtime': {
      const type = request.kind;
      return inContext(CLOUD_CONTEXTS.deleteTypeAlarm(type), async () =>
        (await loadCloud()).deleteAlarmsOfType(type),
      );
    }
  }
}

export function useDeleteCloudAlarms() {
  const { loadCloud } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CloudDeleteRequest) => deleteCloudAlarms(loadCloud, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cloudAlarms() }),
  });
}
