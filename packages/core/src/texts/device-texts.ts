// The Device Management tab's own words, exact. Errors and the not-connected warning
// live in messages.ts; the Bluetooth banner's texts in bluetooth-banner.ts.

export const DEVICE_STATUS_OVERVIEW = 'Device Status Overview';
export const DEVICE_STATUS = 'Device Status';
export const DETAILED_STATUS_REPORT = 'Detailed Status Report';
export const REMOTE_CONTROL_SUBTITLE = 'Control your player remotely via MQTT commands';
export const remoteControlTitle = (device: string): string => `${device} Remote Control`;

export const PLAYER_CONTROLS = 'Player Controls';
export const QUICK_PLAY_FAVORITES = 'Quick Play Favorites';
export const CUSTOM_PLAYLIST = 'Custom Playlist';
export const VOLUME_CONTROL = 'Volume Control';
export const ADVANCED_CONTROLS = 'Advanced Controls';
export const AMBIENT_LEDS = 'Ambient LEDs';
export const SLEEP_TIMER_TITLE = 'Sleep Timer';
export const BLUETOOTH_MANAGEMENT = 'Bluetooth Management';
export const DISPLAY_PREVIEW_TITLE = 'Display Preview';
export const SYSTEM_CONTROLS = 'System Controls';

export const PLAYER_BUTTONS = {
  play: 'Play / Resume',
  pause: 'Pause',
  stop: 'Stop',
  refresh: 'Refresh Status',
} as const;

export const SYSTEM_BUTTONS = { status: 'Status', events: 'Events', reboot: 'Reboot' } as const;

export const BLUETOOTH_BUTTONS = {
  on: 'Bluetooth On',
  off: 'Bluetooth Off',
  deleteBonds: 'Delete Bonds',
  checkState: 'Check State',
  connect: 'Connect',
  disconnect: 'Disconnect',
} as const;

export const MQTT_CONNECT = 'Connect MQTT';
export const MQTT_DISCONNECT = 'Disconnect MQTT';
export const MQTT_CONNECTING = 'MQTT Connecting...';

export const CUSTOM_URI_LABEL = 'Card URI';
export const CUSTOM_PLAY = 'Play Custom';
export const NO_DEVICE_ALARMS = 'No alarms on this device.';
