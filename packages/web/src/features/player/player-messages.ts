// The player strings of SPEC §5 and §8, exactly.
export const noCardIdMessage = (title: string) => `Playlist "${title}" does not have a valid card ID.`;
export const NO_ONLINE_DEVICES_MESSAGE =
  'No online devices available. Please ensure your devices are connected.';
export const connectFailedMessage = (device: string) => `Failed to connect to ${device}`;
export const NO_ACCESS_TOKEN_MESSAGE = 'No access token available';
export const NOT_CONNECTED_MESSAGE = 'Device not connected via MQTT';
export const NO_DEVICE_CONNECTED_MESSAGE = 'No device connected.';
export const playingMessage = (title: string) => `Playing: ${title}`;
export const PLAYBACK_PAUSED_MESSAGE = 'Playback paused';
export const PLAYBACK_STOPPED_MESSAGE = 'Playback stopped';
