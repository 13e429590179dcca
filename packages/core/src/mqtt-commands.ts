// One typed map of the device commands of SPEC §7: name → payload.
// provider, sandbox and web all use it, so a wrong payload is a compile error on both sides of the broker.

export interface CardStartPayload {
  uri: string;
  chapterKey?: string;
  trackKey?: string;
  secondsIn?: number;
  cutOff?: number;
  anyButtonStop?: boolean;
}

export interface BluetoothOnPayload {
  action: 'on';
  /** 'true' plays from the player (audio source); 'bt_speaker' makes it a speaker. */
  mode: 'true' | 'bt_speaker';
  mac?: string;
  name?: string;
  rssi?: number;
}

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

/** The topics SPEC §7 subscribes to, plus the provider's current `data/` forms (PROVIDER-API.md). */
export const deviceTopics = (deviceId: string) => ({
  events: `device/${deviceId}/events`,
  status: `device/${deviceId}/status`,
  response: `device/${deviceId}/response`,
  dataEvents: `device/${deviceId}/data/events`,
  dataStatus: `device/${deviceId}/data/status`,
});

/** The broker login username: the device id plus the custom-authorizer parameter (SPEC §6). */
export const CUSTOM_AUTHORIZER_NAME = 'PublicJWTAuthorizer';
export const mqttUsername = (deviceId: string): string =>
  `${deviceId}?x-amz-customauthorizer-name=${CUSTOM_AUTHORIZER_NAME}`;

/** Client id prefix of SPEC §7; a per-connection suffix follows so two tabs do not evict each other. */
export const MQTT_CLIENT_ID_PREFIX = 'DASH';
