import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TIMINGS_MS } from '@playlist-alarms/core/shared/constants';
import type { DeviceApiStatus } from '@playlist-alarms/provider/rest-schemas';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import { useLinkSession } from '../../../services/use-realtime';
import type { LibrarySource } from '../../../services/app-services';

/** The key of a player without a connection: never fetched (the query is disabled). */
const NO_SESSION = 0;

/** The provider API's status of a player, validated by the client. */
const getDeviceStatus = (library: LibrarySource, deviceId: string): Promise<DeviceApiStatus> =>
  library.getDeviceStatus(deviceId);

/**
 * Cached per connection (`session`, the registry's number for it): a new connection never shows the
 * previous one's values, and a disconnected player has none to show.
 */
const deviceStatusQueryOptions = (library: LibrarySource, deviceId: string, session: number) =>
  queryOptions({
    queryKey: [...queryKeys.all, 'device-status', deviceId, session] as const,
    queryFn: () => getDeviceStatus(library, deviceId),
    // Several parts of the tab read it; connect and refresh fetch it anew (useFetchDeviceStatus).
    staleTime: TIMINGS_MS.statusPoll,
    retry: false,
  });

/** The current connection's API status (the report's API sections); null while not connected. */
export function useDeviceStatus(deviceId: string): DeviceApiStatus | null {
  const { library } = useServices();
  const session = useLinkSession(deviceId);
  const query = useQuery({
    ...deviceStatusQueryOptions(library, deviceId, session ?? NO_SESSION),
    enabled: session !== null,
  });
  return session === null ? null : (query.data ?? null);
}

/**
 * Fetches the API status (when a player connects, and on refresh); not while disconnected.
 * `fresh` (refresh) asks again even when this connection has an answer; connecting does not: the
 * connection is new, so an answer under its key (the card's own query may have fetched it) is fresh.
 */
export function useFetchDeviceStatus(): (deviceId: string, options?: { fresh: boolean }) => Promise<void> {
  const { library, devices } = useServices();
  const queryClient = useQueryClient();
  return useCallback(
    async (deviceId: string, { fresh } = { fresh: true }) => {
      const session = devices.session(deviceId);
      if (session === null) return;
      const query = deviceStatusQueryOptions(library, deviceId, session);
      try {
        await queryClient.fetchQuery(fresh ? { ...query, staleTime: 0 } : query);
      } catch (error) {
        // The report still shows the MQTT sections; the API ones appear once a fetch succeeds.
        console.warn(`[devices] API status of ${deviceId} failed`, error);
      }
    },
    [devices, library, queryClient],
  );
}
