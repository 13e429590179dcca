// The product's limits and timings, named once so every package agrees on them.

/** Playlists per page in the browser. */
export const PAGE_SIZE = 12;

/** Quick Play Favorites shows the first 4 playlists, titles cut at 12 characters plus an ellipsis. */
export const QUICK_PLAY_COUNT = 4;
export const QUICK_PLAY_TITLE_MAX = 12;
/** A parent pins at most 12 playlists to Quick Play Favorites. */
export const MAX_FAVOURITES = 12;
export const UNTITLED = 'Untitled';

/** The cloud holds at most 10 alarms per account (wakeup and bedtime mixed). */
export const MAX_CLOUD_ALARMS = 10;

/** A device card shows its first 3 alarms, then "+N more alarms...". */
export const DEVICE_CARD_ALARM_PREVIEW = 3;

export const ALARM_TYPES = ['wakeup', 'bedtime'] as const;
export const DEFAULT_CHAPTER_KEY = '01';
export const DEFAULT_TRACK_KEY = '01';
export const DEFAULT_CATEGORY = 'MYO';
/** Special categories: family-library items, and content the provider answers 403 for. */
export const FAMILY_CATEGORY = 'family-library';
export const RESTRICTED_CATEGORY = 'restricted';
/** 'none' means the playlist has no category (no badge). */
export const NO_CATEGORY = 'none';
export const DEFAULT_DEVICE_TYPE = 'yoto';

/** Every delay of the app, in milliseconds. */
export const TIMINGS_MS = {
  statusPoll: 30_000,
  firstStatusPoll: 2_000,
  alarmPrepare: 300_000,
  afterAlarmVolumeSet: 500,
  alarmReschedule: 1_000,
  afterMqttConnect: 1_000,
  snackbar: 6_000,
  tourHighlight: 200,
  bluetoothBanner: 5_000,
  mqttConnectTimeout: 10_000,
} as const;

export const MQTT_KEEPALIVE_SECONDS = 300;
/** Automatic reconnect is off: the device link, not mqtt.js, decides whether to log in again. */
export const MQTT_RECONNECT_PERIOD_MS = 0;

/** Remote control volume gauge: the device scale 0–14. */
export const REMOTE_VOLUME = {
  max: 14,
  default: 7,
  debounceMs: 800,
  updatingClearMs: 500,
  forcedSyncMs: 3_000,
  mismatchTolerance: 2,
} as const;

/**
 * The player's volume scale: events' `volume` is a step from 0 to 16 whatever the player's limit.
 * Events' `volumeMax` is that limit (the config's day or night max volume), not the scale.
 */
export const PLAYER_VOLUME_STEPS = 16;

export const PLAYER_MODAL_VOLUME = {
  default: 70,
  max: 10,
  debounceMs: 800,
  updatingClearMs: 1_000,
} as const;

export const ALARM_VOLUME_SLIDER = {
  min: 10,
  max: 100,
  step: 5,
  default: 70,
  marks: [10, 50, 100],
} as const;

export const DEFAULT_ALARM_TIME = '07:00';

/** Battery chip is green above this percentage, else a warning. */
export const BATTERY_LOW_PERCENT = 20;

/** WiFi quality bands in dBm: at or above the threshold. Lower than the last is Poor. */
export const WIFI_BANDS = [
  { minDbm: -50, label: 'Great' },
  { minDbm: -60, label: 'Good' },
  { minDbm: -70, label: 'Fair' },
] as const;
export const WIFI_POOR = 'Poor';

export const SLEEP_TIMER = {
  defaultMinutes: 30,
  minMinutes: 0,
  maxMinutes: 120,
  stepMinutes: 5,
  presets: [
    { label: 'Off', minutes: 0 },
    { label: '30m', minutes: 30 },
    { label: '1h', minutes: 60 },
    { label: '2h', minutes: 120 },
  ],
} as const;

export const DISPLAY_PREVIEW = {
  defaultTimeoutSeconds: 5,
  minTimeoutSeconds: 1,
  maxTimeoutSeconds: 60,
} as const;

/** Bluetooth RSSI threshold slider; -80 is the default and is then not sent. */
export const RSSI = { default: -80, min: -100, max: -30, step: 5 } as const;

export const RGB = { min: 0, max: 255 } as const;

export const LED_PRESETS = [
  { name: 'Orange', r: 255, g: 165, b: 0 },
  { name: 'Red', r: 220, g: 20, b: 60 },
  { name: 'Green', r: 139, g: 195, b: 74 },
  { name: 'Blue', r: 135, g: 206, b: 235 },
  { name: 'Yellow', r: 255, g: 235, b: 59 },
  { name: 'Purple', r: 200, g: 162, b: 200 },
  { name: 'White', r: 255, g: 255, b: 255 },
  { name: 'Off', r: 0, g: 0, b: 0 },
] as const;

/** Timezone choices of the user record; the browser's detected zone is added to these. */
export const TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

/** The timezone list with the detected zone appended when it is not already there. */
export const timezoneChoices = (detected: string | null | undefined): string[] => {
  const list: string[] = [...TIMEZONES];
  if (detected && !list.includes(detected)) list.push(detected);
  return list;
};

export const UPLOAD_LIST_MAX_HEIGHT_PX = 400;
/** Tabs use short labels below this width (foundation issue). */
export const SMALL_SCREEN_MAX_WIDTH_PX = 600;

/** What became of an alarm's firing: its receipt (the alarm worker records it, the cloud card shows it). */
export const FIRING_OUTCOMES = ['played', 'no-response', 'failed', 'player-offline', 'missed'] as const;
export type FiringOutcome = (typeof FIRING_OUTCOMES)[number];
