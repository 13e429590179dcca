import { useSyncExternalStore } from 'react';
import type { RealtimeSnapshot } from './device-link-registry';
import { useServices } from './app-services';

/** Link statuses and playback state, re-rendering only when the registry's snapshot changes. */
export function useRealtime(): RealtimeSnapshot {
  const { devices } = useServices();
  return useSyncExternalStore(devices.subscribe, devices.getSnapshot);
}
