import { useCallback, useSyncExternalStore } from 'react';
import type { DeviceEvents, DeviceMqttStatus } from '@playlist-alarms/core/device/device-messages';
import type { PlaybackState } from '@playlist-alarms/core/device/playback-state';
import { isOnlineNow } from '@playlist-alarms/core/device/player-presence';
import type { LinkStatus } from '@playlist-alarms/provider/device-link-types';
import type { CommandResponse, RealtimeSnapshot } from './realtime-snapshot';
import { livePresence, NO_DEVICE_DATA } from './realtime-snapshot';
import { useServices } from './app-services';

// Narrow reads of the realtime store. Every message of every player replaces the snapshot, so a
// component reads only the slice it shows: the registry keeps a slice's object when its content did
// not change, and useSyncExternalStore re-renders only when the selected value's identity changes.

/** One slice of the snapshot; `select` must be stable (useCallback) and return stable references. */
function useRealtimeSelector<T>(select: (snapshot: RealtimeSnapshot) => T): T {
  const { devices } = useServices();
  const read = useCallback(() => select(devices.getSnapshot()), [devices, select]);
  return useSyncExternalStore(devices.subscribe, read);
}

/** One player's merged events (playback, volume, track…); null before its first events message. */
export function useDeviceEvents(deviceId: string): DeviceEvents | null {
  return useRealtimeSelector(
    useCallback(
      (snapshot: RealtimeSnapshot) => (snapshot.devices[deviceId] ?? NO_DEVICE_DATA).events,
      [deviceId],
    ),
  );
}

/** One player's merged MQTT status; null before its first status message. */
export function useDeviceMqttStatus(deviceId: string): DeviceMqttStatus | null {
  return useRealtimeSelector(
    useCallback(
      (snapshot: RealtimeSnapshot) => (snapshot.devices[deviceId] ?? NO_DEVICE_DATA).status,
      [deviceId],
    ),
  );
}

/** One player's last command response with a Bluetooth result (numbered, so a repeat is a new one). */
export function useBluetoothResponse(deviceId: string): CommandResponse | null {
  return useRealtimeSelector(
    useCallback(
      (snapshot: RealtimeSnapshot) => (snapshot.devices[deviceId] ?? NO_DEVICE_DATA).bluetoothResponse,
      [deviceId],
    ),
  );
}

/**
 * Whether the player is on, by its own latest word over MQTT (presence, or the legacy status's
 * shutDown, heard by its link or by the family's presence watch), else by the device list: the card
 * changes within seconds, with no REST poll, whether or not the player is connected.
 */
export function useDeviceOnline(device: { deviceId: string; online: boolean }): boolean {
  const { deviceId, online } = device;
  return useRealtimeSelector(
    useCallback(
      (snapshot: RealtimeSnapshot) => isOnlineNow(online, livePresence(snapshot, deviceId)),
      [deviceId, online],
    ),
  );
}

/** One player's link status. */
export function useLinkStatus(deviceId: string): LinkStatus {
  return useRealtimeSelector(
    useCallback((snapshot: RealtimeSnapshot) => snapshot.links[deviceId] ?? 'disconnected', [deviceId]),
  );
}

/**
 * Why the player's last session ended, while its link recovers from it ("Connection closed: token
 * expired — reconnecting"); null otherwise, and so once it is connected again or has given up.
 */
export function useLinkCloseReason(deviceId: string): string | null {
  return useRealtimeSelector(
    useCallback(
      (snapshot: RealtimeSnapshot) =>
        snapshot.links[deviceId] === 'connecting' ? (snapshot.closeReasons[deviceId] ?? null) : null,
      [deviceId],
    ),
  );
}

/** The number of the player's connection while it is connected, else null (RealtimeSnapshot.sessions). */
export function useLinkSession(deviceId: string): number | null {
  return useRealtimeSelector(
    useCallback(
      (snapshot: RealtimeSnapshot) =>
        snapshot.links[deviceId] === 'connected' ? (snapshot.sessions[deviceId] ?? null) : null,
      [deviceId],
    ),
  );
}

const someLinkConnected = (snapshot: RealtimeSnapshot): boolean =>
  Object.values(snapshot.links).includes('connected');

/** Some player is connected over MQTT (the header's chip). */
export function useSomeLinkConnected(): boolean {
  return useRealtimeSelector(someLinkConnected);
}

const selectPlayback = (snapshot: RealtimeSnapshot): PlaybackState => snapshot.playback;

/** The per-card playback state alone: re-renders when playback changes, not on every status message. */
export function usePlaybackState(): PlaybackState {
  return useRealtimeSelector(selectPlayback);
}
