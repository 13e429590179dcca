import type { DeviceEvents, DeviceMqttStatus } from '@playlist-alarms/core/device/device-messages';
import type { LivePresence } from '@playlist-alarms/core/device/player-presence';
import { initialPlaybackState } from '@playlist-alarms/core/device/playback-state';
import type { PlaybackState } from '@playlist-alarms/core/device/playback-state';
import type { LinkStatus } from '@playlist-alarms/provider/device-link-types';

// The shape of the device link registry's realtime store (device-link-registry.ts keeps it,
// use-realtime.ts reads it), and the merge helpers that keep a slice's object when nothing changed.

export interface CommandResponse {
  /** The response's status map, e.g. { "/bluetooth/state": "OK", req_body: "" }. */
  status: Readonly<Record<string, string>>;
  /** Grows with every such response, so a banner can tell a new response from the last one. */
  seq: number;
  /**
   * The Bluetooth command last sent to the player ('state', 'delete-bonds', …) when it came: real
   * players answer every one keyed `bluetooth`, and only this tells which it answers.
   */
  sentCommand?: string | undefined;
}

export interface DeviceRealtime {
  events: DeviceEvents | null;
  status: DeviceMqttStatus | null;
  /**
   * The last response carrying a '/bluetooth/…' result (the Bluetooth banner's). Kept apart from the
   * answers to status and events requests: those can arrive in the same frame (the 30 s poll,
   * Refresh) and must not overwrite a Bluetooth result before it is shown.
   */
  bluetoothResponse: CommandResponse | null;
  /**
   * Whether the player is on, from its own latest word: the presence topic, or the legacy status's
   * `shutDown` as it switches off; null before either came (the device list decides then).
   */
  presence: LivePresence | null;
}

export interface RealtimeSnapshot {
  links: Readonly<Record<string, LinkStatus>>;
  /**
   * Per player, why its last session ended while its link recovers ("Connection closed: token
   * expired — reconnecting"); absent once connected again.
   */
  closeReasons: Readonly<Record<string, string>>;
  /**
   * Per player, the number of its current or last connection, unique for the registry's life: what
   * belongs to one session (the API status the card fetched) is kept under it.
   */
  sessions: Readonly<Record<string, number>>;
  playback: PlaybackState;
  devices: Readonly<Record<string, DeviceRealtime>>;
  /**
   * Per player, whether it is on by the presence watch (one listen-only session for the whole
   * family, presence-watcher.ts): kept until logout, whether or not a link is connected to it. A
   * connected link's own reading (`devices[id].presence`) comes first: both hear the same messages.
   */
  watched: Readonly<Record<string, LivePresence>>;
}

export const NO_DEVICE_DATA: DeviceRealtime = Object.freeze({
  events: null,
  status: null,
  bluetoothResponse: null,
  presence: null,
});

export const emptySnapshot = (): RealtimeSnapshot => ({
  links: {},
  closeReasons: {},
  sessions: {},
  playback: initialPlaybackState,
  devices: {},
  watched: {},
});

/** Whether the player is on by its latest word over MQTT: its link's first, else the watch's. */
export const livePresence = (snapshot: RealtimeSnapshot, deviceId: string): LivePresence | null =>
  snapshot.devices[deviceId]?.presence ?? snapshot.watched[deviceId] ?? null;

/** Later fields win; fields a delta leaves out are kept (status messages may be partial too). */
export const mergeStatus = (prev: DeviceMqttStatus | null, delta: DeviceMqttStatus): DeviceMqttStatus => {
  const merged: DeviceMqttStatus = { ...prev };
  for (const [key, value] of Object.entries(delta)) if (value !== undefined) merged[key] = value;
  return merged;
};

/**
 * Whether merging `delta` into `prev` would change nothing: then `prev` is kept, so components reading
 * it (status rows, chips) do not re-render for a repeated report. Values are compared as they are:
 * a nested object counts as a change.
 */
export const changesNothing = (
  prev: Readonly<Record<string, unknown>> | null,
  delta: Readonly<Record<string, unknown>>,
) =>
  prev !== null &&
  Object.entries(delta).every(([key, value]) => value === undefined || Object.is(prev[key], value));
