// One typed map of the device commands: name → payload.
// provider, sandbox and web all use it, so a wrong payload is a compile error on both sides of the broker.
import { RSSI } from '../shared/constants';

export interface CardStartPayload {
  uri: string;
  chapterKey?: string;
  trackKey?: string;
  secondsIn?: number;
  cutOff?: number;
  anyButtonStop?: boolean;
}

/** bluetooth/on as an audio source: the player plays to a Bluetooth device. */
interface BluetoothAudioSourcePayload {
  action: 'on';
  mode: 'true';
  mac?: string;
  name?: string;
  rssi?: number;
}

/**
 * bluetooth/on as a speaker (sink): `{ "mode": "bt_speaker" }` and nothing else, no `action`, as the
 * provider's clients send it (yoto-nodejs-client lib/mqtt/commands.js; docs/provider-contract.md, MQTT).
 * In this mode a real player ignores MQTT commands until its left button is held for about 3 s.
 */
interface BluetoothSpeakerPayload {
  mode: 'bt_speaker';
}

export type BluetoothOnPayload = BluetoothAudioSourcePayload | BluetoothSpeakerPayload;

export interface DevicePayloads {
  'status/request': null;
  'events/request': null;
  'volume/set': { volume: number };
  'ambients/set': { r: number; g: number; b: number };
  'sleep-timer/set': { seconds: number };
  reboot: null;
  'card/start': CardStartPayload;
  'card/stop': null;
  'card/pause': null;
  'card/resume': null;
  'bluetooth/on': BluetoothOnPayload;
  'bluetooth/off': null;
  'bluetooth/delete-bonds': null;
  'bluetooth/connect': null;
  'bluetooth/disconnect': null;
  'bluetooth/state': null;
  'display/preview': { uri: string; timeout: number; animated: 0 | 1 };
}

export type DeviceCommandName = keyof DevicePayloads;

export const DEVICE_COMMAND_NAMES = [
  'status/request',
  'events/request',
  'volume/set',
  'ambients/set',
  'sleep-timer/set',
  'reboot',
  'card/start',
  'card/stop',
  'card/pause',
  'card/resume',
  'bluetooth/on',
  'bluetooth/off',
  'bluetooth/delete-bonds',
  'bluetooth/connect',
  'bluetooth/disconnect',
  'bluetooth/state',
  'display/preview',
] as const satisfies readonly DeviceCommandName[];

export const commandTopic = (deviceId: string, name: DeviceCommandName): string =>
  `device/${deviceId}/command/${name}`;

/**
 * The topics a link subscribes to. The documented ones are `data/events`, `data/status` and
 * `response`; the legacy `events` and `status` still flow at the real provider but are extras
 * (docs/provider-contract.md, MQTT): a broker may refuse them.
 */
export const deviceTopics = (deviceId: string) => ({
  events: `device/${deviceId}/events`,
  status: `device/${deviceId}/status`,
  response: `device/${deviceId}/response`,
  dataEvents: `device/${deviceId}/data/events`,
  dataStatus: `device/${deviceId}/data/status`,
  /** "online" / "offline" (the broker's last will): whether the player is on, within seconds. */
  presence: `device/${deviceId}/presence`,
});

type DeviceTopicName = keyof ReturnType<typeof deviceTopics>;
/** The subscriptions a connection cannot do without. */
export const DOCUMENTED_TOPICS = [
  'dataEvents',
  'dataStatus',
  'response',
] as const satisfies readonly DeviceTopicName[];

/**
 * The resource a command acts on: its topic's first segment (`bluetooth` for `bluetooth/on`,
 * `sleep-timer` for `sleep-timer/set`, `reboot`). Real players key their responses by it.
 */
export const commandResource = (name: DeviceCommandName): string => name.split('/')[0] ?? name;

/** The broker login username: the device id plus the custom-authorizer parameter. */
const CUSTOM_AUTHORIZER_NAME = 'PublicJWTAuthorizer';
export const mqttUsername = (deviceId: string): string =>
  `${deviceId}?x-amz-customauthorizer-name=${CUSTOM_AUTHORIZER_NAME}`;

/** Client id prefix; a per-connection suffix follows so two tabs do not evict each other. */
export const MQTT_CLIENT_ID_PREFIX = 'DASH';

/** What the Bluetooth controls choose; bluetoothOnPayload turns it into the wire form. */
export interface BluetoothOnChoice {
  /** 'audioSource': the player plays to a Bluetooth device; 'speaker': the player is the speaker. */
  mode: 'audioSource' | 'speaker';
  mac?: string;
  name?: string;
  /** The RSSI threshold slider; the default (-80) is not sent. */
  rssi?: number;
}

/**
 * bluetooth/on. Speaker: `{ mode: 'bt_speaker' }` alone (targets mean nothing to a sink). Audio source:
 * action 'on', mode 'true'; mac preferred over name (blank ones are not targets); rssi only when not -80.
 */
export function bluetoothOnPayload(choice: BluetoothOnChoice): BluetoothOnPayload {
  if (choice.mode === 'speaker') return { mode: 'bt_speaker' };
  const payload: BluetoothAudioSourcePayload = { action: 'on', mode: 'true' };
  const mac = choice.mac?.trim();
  const name = choice.name?.trim();
  if (mac) payload.mac = mac;
  else if (name) payload.name = name;
  if (choice.rssi !== undefined && choice.rssi !== RSSI.default) payload.rssi = choice.rssi;
  return payload;
}

/** sleep-timer/set: the slider's minutes × 60; 0 disables the timer. */
export const sleepTimerPayload = (minutes: number): DevicePayloads['sleep-timer/set'] => ({
  seconds: Math.round(minutes * 60),
});

/** display/preview: the icon URI, the timeout in seconds and animated sent as 0 or 1. */
export const displayPreviewPayload = (preview: {
  uri: string;
  timeoutSeconds: number;
  animated: boolean;
}): DevicePayloads['display/preview'] => ({
  uri: preview.uri.trim(),
  timeout: preview.timeoutSeconds,
  animated: preview.animated ? 1 : 0,
});
