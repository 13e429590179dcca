import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TIMINGS_MS } from '@playlist-alarms/core/constants';
import type { DeviceApiStatus } from '@playlist-alarms/provider/rest-schemas';
import { queryKeys } from '../../../lib/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';

/** The provider API's status of a player (SPEC §3 Device API status), validated by the client. */
export const getDeviceStatus = (library: LibrarySource, deviceId: string): Promise<DeviceApiStatus> =>
  library.getDeviceStatus(deviceId);

export const deviceStatusQueryOptions = (library: LibrarySource, deviceId: string) =>
  queryOptions({
    queryKey: [...queryKeys.all, 'device-status', deviceId] as const,
    queryFn: () => getDeviceStatus(library, deviceId),
    // Several parts of the tab read it; connect and refresh fetch it anew (useFetchDeviceStatus).
    staleTime: TIMINGS_MS.statusPoll,
    retry: false,
  });

/** Read while the player is connected over MQTT: the report's API sections need it. */
export function useDeviceStatus(deviceId: string, connected: boolean) {
  const { library } = useServices();
  return useQuery({ ...deviceStatusQueryOptions(library, deviceId), enabled: connected });
}

/** Fetches the API status now (SPEC §4: connecting fetches it; so does refresh). */
export function useFetchDeviceStatus(): (deviceId: string) => Promise<void> {
  const { library } = useServices();
  const queryClient = useQueryClient();
  return useCallback(
    async (deviceId: string) => {
      try {
        await queryClient.fetchQuery({ ...deviceStatusQueryOptions(library, deviceId), staleTime: 0 });
      } catch (error) {
        // The report still shows the MQTT sections; the API ones appear once a fetch succeeds.
        console.warn(`[devices] API status of ${deviceId} failed`, error);
      }
    },
    [library, queryClient],
  );
}
