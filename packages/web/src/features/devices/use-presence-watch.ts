import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { afterFirstView } from '../../lib/first-view';
import { whenIdle } from '../../lib/when-idle';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/app-services';

/**
 * The signed-in page watches whether each of the family's players is on (services/presence-watcher.ts):
 * from when the browser is idle after the first cards have painted, and with every change of the
 * list. Not merely idle: the players' list often comes before the playlists, and the MQTT client's
 * chunk (evaluated, then connecting) took 100 ms of the main thread just as the cards were due.
 * Leaving the logged-in view ends the watch.
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
    let cancelIdle: (() => void) | undefined;
    const cancelWait = afterFirstView(() => {
      cancelIdle = whenIdle(() =>
        presence.watchPlayers(
          ids.split(' ').filter((id) => id !== ''),
          onResumed,
        ),
      );
    });
    return () => {
      cancelWait();
      cancelIdle?.();
    };
  }, [ids, presence, queryClient]);
  useEffect(() => () => void presence.stop(), [presence]);
}
