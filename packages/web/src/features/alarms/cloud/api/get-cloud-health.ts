import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';
import type { AppServices } from '../../../../services/app-services';

/** GET /api/health → the cloud card's Connected / Disconnected chip. */
const getCloudHealth = async (loadCloud: AppServices['loadCloud']): Promise<boolean> =>
  (await loadCloud()).isHealthy();

const cloudHealthQueryOptions = (loadCloud: AppServices['loadCloud']) =>
  queryOptions({
    queryKey: queryKeys.cloudHealth(),
    queryFn: () => getCloudHealth(loadCloud),
    refetchInterval: 30_000,
  });

export function useCloudHealth() {
  const { loadCloud } = useServices();
  return useQuery(cloudHealthQueryOptions(loadCloud));
}
