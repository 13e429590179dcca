// Every user-facing message (errors, validation, toasts), word for word; {provider} is Yoto.

import {
  APP_PROMISE,
  APP_TITLE,
  CONNECT_ACCOUNT_LABEL,
  FAILED_TO_INITIALIZE,
  LOADING_TEXT,
  OFFLINE_MESSAGE,
  PROVIDER_NAME,
} from './first-view-texts';

export { APP_PROMISE, APP_TITLE, CONNECT_ACCOUNT_LABEL, FAILED_TO_INITIALIZE, LOADING_TEXT, OFFLINE_MESSAGE };
export const MQTT_CONNECTED_LABEL = 'MQTT Connected';
export const MQTT_DISCONNECTED_LABEL = 'MQTT Disconnected';

export const MESSAGES = {
  /** The session's access token ran out and Yoto's token endpoint can't renew it yet: the session stays. */
  providerRetrying: "Can't reach Yoto, retrying",
  failedToLoadPlaylists: 'Failed to load playlists.',
  failedToLoadDevices: 'Failed to load devices.',
  /** The button beside a list that could not be loaded. */
  retry: 'Retry',
  sessionExpired: 'Session expired. Please login again.',
  failedToInitialize: FAILED_TO_INITIALIZE,
  offline: OFFLINE_MESSAGE,
  noAccessToken: 'No access token available',
  deviceNotConnectedViaMqtt: 'Device not connected via MQTT',
  noDeviceConnected: 'No device connected.',
  failedToCreateAlarm: 'Failed to create alarm',
  failedToLoadDeviceAlarms: 'Failed to load device alarms',
  mqttConnectionTimeout: 'MQTT connection timeout',
  failedToCreateMqttClient: 'Failed to create MQTT client',
  mqttClientNotConnected: 'MQTT client not connected',
  /** The broker ended the session at its token's expiry; the link logs in again with a fresh token. */
  connectionClosedTokenExpired: 'Connection closed: token expired — reconnecting',
  userNotAuthenticated: 'User not authenticated',
  emptyGroup: '(Empty)',
  noAccessibleContent: '(No accessible content)',
  mustConnectMqtt: 'Device must be connected via MQTT to use controls. Please connect to MQTT first.',
  creatingAlarm: 'Creating alarm...',
  alarmDeleted: '✅ Alarm deleted successfully!',
  /** A bulk cloud delete reaches the caller's own alarms only; the list shows every parent's. */
  noneOfYoursDeleted:
    'Nothing was deleted: only the alarms you set yourself can be deleted here, and none of these are yours.',
  playbackStopped: 'Playback stopped',
  playbackPaused: 'Playback paused',
  // Validation
  noDevicesAvailable: `No devices available. Please set up your ${PROVIDER_NAME} player first.`,
  noOnlineDevicesFound: `No online devices found. Please ensure your ${PROVIDER_NAME} player is connected.`,
  noOnlineDevicesAvailable: 'No online devices available. Please ensure your devices are connected.',
  invalidDeviceOrAlarmId: 'Invalid device or alarm ID',
  // Screens
  noPlaylistsFound: 'No playlists found',
  adjustSearchHint: 'Try adjusting your search criteria',
  cloudSyncNote: 'Cloud sync: 1 wakeup + 1 bedtime alarm supported',
} as const;

/**
 * Asked before Bluetooth speaker mode is turned on: in it a player ignores every MQTT command until
 * its left button is held for about 3 seconds (docs/provider-contract.md, MQTT), so the app
 * cannot undo it.
 */
export const SPEAKER_MODE_CONFIRM = {
  title: 'Turn on speaker mode?',
  body:
    'The player becomes a Bluetooth speaker and stops listening to this app: nothing you send from ' +
    'here will reach it, not even Bluetooth Off.',
  unlock: 'To control it from here again, hold its left button for about 3 seconds.',
  confirm: 'Turn on speaker mode',
  cancel: 'Cancel',
} as const;

/** A request() the player did not answer in time. */
export const noResponseFromPlayer = (command: string): string => `No response from the player to ${command}`;
export const failedToConnectTo = (device: string): string => `Failed to connect to ${device}`;
export const failedToConnectToDevice = (reason: string): string => `Failed to connect to device: ${reason}`;
/** The error's own message, else the default (alarm creation failure). */
export const alarmCreationFailed = (reason?: string | null): string => reason || MESSAGES.failedToCreateAlarm;
export const failedToDeleteAlarm = (reason: string): string => `Failed to delete alarm: ${reason}`;
export const alarmPlaylistNotFound = (cardId: string): string =>
  `⚠️ Alarm triggered but playlist not found: ${cardId}`;
export const failedToTriggerAlarm = (reason: string): string => `❌ Failed to trigger alarm: ${reason}`;
export const noStatusData = (device: string): string => `No status data available for ${device}`;
export const invalidCardId = (title: string): string => `Playlist "${title}" does not have a valid card ID.`;

export const alarmCreated = (p: { title: string; device: string; time: string; days: string }): string =>
  `✅ Alarm created! "${p.title}" will play on "${p.device}" at ${p.time} on ${p.days}.`;
export const playing = (title: string): string => `Playing: ${title}`;
export const importedAlarms = (count: number): string =>
  `Successfully imported ${count} alarms from cloud storage`;

/** Cloud errors are "{context}: {message}". */
export const CLOUD_CONTEXTS = {
  syncUser: 'Failed to sync user',
  syncDevices: 'Failed to sync devices',
  loadAlarms: 'Failed to load alarms',
  saveAlarm: 'Failed to save alarm',
  updateAlarm: 'Failed to update alarm',
  deleteAlarm: 'Failed to delete alarm',
  syncLocalAlarms: 'Failed to sync local alarms',
  deleteAllAlarms: 'Failed to delete all alarms',
  getAlarmCounts: 'Failed to get alarm counts',
  deleteTypeAlarm: (type: string) => `Failed to delete ${type} alarm`,
  getTypeAlarm: (type: string) => `Failed to get ${type} alarm`,
  replaceTypeAlarm: (type: string) => `Failed to replace ${type} alarm`,
} as const;
export const cloudError = (context: string, message: string): string => `${context}: ${message}`;

/** A failed backend call: its JSON `error` field, else "HTTP {status}: {statusText}". */
export const httpErrorMessage = (status: number, statusText: string, body?: unknown): string => {
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
  return typeof error === 'string' && error ? error : `HTTP ${status}: ${statusText}`;
};

/** A message that ends as a sentence: a full stop added unless it already ends in one (or ! or ?). */
export const asSentence = (text: string): string => {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** A device card lists its first 3 alarms, then this. */
export const moreAlarms = (count: number): string => `+${count} more alarms...`;

/** Stand-in items when a family group's detail cannot be read. */
export const genericGroupItemTitle = (group: string, n: number): string => `${group} - Item ${n}`;
