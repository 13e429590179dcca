import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { whenIdle } from '../../lib/when-idle';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/app-services';

/**
 * The signed-in page watches whether each of the family's players is on (services/presence-watcher.ts):
 * from when the browser is first idle after the device list came, so the first view waits for none of
 * its code, and with every change of the list. Leaving the logged-in view ends the watch.
 */
export function usePresenceWatch(devices: readonly Device[] | undefined): void {
  const { presence } = useServices();
  const queryClient = useQueryClient();
  // A key, not the array: a refetch that brings the same players changes nothing.
  const ids = devices?.map((device) => device.deviceId).join(' ');
  useEffect(() => {
    if (ids === undefined) return;
    // Back after a lost session: the list's `online` is the provider's word until presence speaks again.
    const onResumed = () => void queryClient.invalidateQueries({ queryKey: queryKeys.devices() });
    return whenIdle(() =>
      presence.watchPlayers(
        ids.split(' ').filter((id) => id !== ''),
        onResumed,
      ),
    );
  }, [ids, presence, queryClient]);
  useEffect(() => () => void presence.stop(), [presence]);
}
