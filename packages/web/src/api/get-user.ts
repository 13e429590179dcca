import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@playlist-alarms/core/shared/entities';
import { queryKeys } from './query-keys';
import { useServices } from '../services/app-services';
import type { SessionAuth } from '../services/app-services';

// Who is signed in comes from the server's session (GET /api/session), which resolved the name at
// sign-in from what the granted scopes allow: the page makes no call to the provider's login host.
const getUser = (auth: SessionAuth): Promise<UserProfile> => auth.currentUser();

const userQueryOptions = (auth: SessionAuth) =>
  queryOptions({
    queryKey: queryKeys.user(),
    queryFn: () => getUser(auth),
    // An ended session must show at once, not after three slow retries.
    retry: false,
    staleTime: Infinity,
  });

export function useUser(enabled: boolean) {
  const { auth } = useServices();
  return useQuery({ ...userQueryOptions(auth), enabled });
}
