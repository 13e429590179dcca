import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@playlist-alarms/core/entities';
import { queryKeys } from './query-keys';
import { useServices } from '../services/app-services';
import type { LibrarySource } from '../services/app-services';

export const getUser = (library: LibrarySource): Promise<UserProfile> => library.getUser();

export const userQueryOptions = (library: LibrarySource) =>
  queryOptions({
    queryKey: queryKeys.user(),
    queryFn: () => getUser(library),
    // A rejected token must end the session at once, not after three slow retries.
    retry: false,
    staleTime: Infinity,
  });

export function useUser(enabled: boolean) {
  const { library } = useServices();
  return useQuery({ ...userQueryOptions(library), enabled });
}
