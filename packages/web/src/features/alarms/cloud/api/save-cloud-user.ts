import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CloudUserRecord } from '@playlist-alarms/core/cloud/cloud-schemas';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import type { UserProfile } from '@playlist-alarms/core/shared/entities';
import { CLOUD_CONTEXTS } from '@playlist-alarms/core/texts/messages';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';
import type { AppServices } from '../../../../services/app-services';
import { inContext } from './cloud-context';

/**
 * The sign-in sync of the user (POST /api/users): name and email; the household's zone is sent only
 * when the backend has none yet, so a zone the parent chose is not overwritten by the browser's.
 */
const syncCloudUser = (
  loadCloud: AppServices['loadCloud'],
  user: UserProfile,
  detected: string = detectTimeZone(),
): Promise<CloudUserRecord> =>
  inContext(CLOUD_CONTEXTS.syncUser, async () => {
    const cloud = await loadCloud();
    const record = await cloud.saveUser({ name: user.name, email: user.email });
    return record.timezone ? record : cloud.saveUser({ timezone: detected });
  });

export const cloudUserQueryOptions = (loadCloud: AppServices['loadCloud'], user: UserProfile) =>
  queryOptions({
    queryKey: queryKeys.cloudUser(),
    queryFn: () => syncCloudUser(loadCloud, user),
    staleTime: Infinity,
    retry: false,
  });

export function useCloudUser(user: UserProfile | undefined) {
  const { loadCloud } = useServices();
  return useQuery({
    ...cloudUserQueryOptions(loadCloud, user ?? { sub: '', name: null, email: null }),
    enabled: user !== undefined,
  });
}

/** A time zone change goes with the user; the backend moves every alarm's next_fire_at. */
export function useChangeTimeZone() {
  const { loadCloud } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timezone: string) =>
      inContext(CLOUD_CONTEXTS.syncUser, async () => (await loadCloud()).saveUser({ timezone })),
    onSuccess: (record) => {
      queryClient.setQueryData(queryKeys.cloudUser(), record);
      void queryClient.invalidateQueries({ queryKey: queryKeys.cloudAlarms() });
    },
  });
}
