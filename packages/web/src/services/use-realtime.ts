import { useCallback, useSyncExternalStore } from 'react';
import type { LinkStatus } from '@playlist-alarms/provider/device-link-types';
import type { DeviceRealtime, RealtimeSnapshot } from './device-link-registry';
import { NO_DEVICE_DATA } from './device-link-registry';
import { useServices } from './app-services';

/** Link statuses and playback state, re-rendering only when the registry's snapshot changes. */
export function useRealtime(): RealtimeSnapshot {
  const { devices } = useServices();
  return useSyncExternalStore(devices.subscribe, devices.getSnapshot);
}

/** One slice of the snapshot; re-renders only when that slice changes identity. */
export function useRealtimeSelector<T>(select: (snapshot: RealtimeSnapshot) => T): T {
  const { devices } = useServices();
  const read = useCallback(() => select(devices.getSnapshot()), [devices, select]);
  return useSyncExternalStore(devices.subscribe, read);
}

/** One player's merged events, merged MQTT status and last command response. */
export function useDeviceRealtime(deviceId: string): DeviceRealtime {
  return useRealtimeSelector(
    useCallback((snapshot: RealtimeSnapshot) => snapshot.devices[deviceId] ?? NO_DEVICE_DATA, [deviceId]),
  );
}

/** One player's link status. */
export function useLinkStatus(deviceId: string): LinkStatus {
  return useRealtimeSelector(
    useCallback((snapshot: RealtimeSnapshot) => snapshot.links[deviceId] ?? 'disconnected', [deviceId]),
  );
}
