import { useCallback, useSyncExternalStore } from 'react';
import type { PlaybackState } from '@playlist-alarms/core/playback-state';
import { useServices } from '../../services/app-services';

// Narrow reads of the realtime store: a component showing playback re-renders when playback
// changes, not on every progress or status message of every player.

export function usePlaybackState(): PlaybackState {
  const { devices } = useServices();
  const read = useCallback(() => devices.getSnapshot().playback, [devices]);
  return useSyncExternalStore(devices.subscribe, read);
}

/** Some player is connected over MQTT. */
export function useAnyPlayerConnected(): boolean {
  const { devices } = useServices();
  const read = useCallback(() => Object.values(devices.getSnapshot().links).includes('connected'), [devices]);
  return useSyncExternalStore(devices.subscribe, read);
}
