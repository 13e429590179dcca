// The simulated player's state and the messages built from it (PROVIDER-API.md "Message examples").
import { DEFAULT_VOLUME_MAX } from '@playlist-alarms/core/constants';
import type { SeedDevice } from './household';

export type PlaybackStatus = 'playing' | 'paused' | 'stopped' | 'loading';

export interface PlayerState {
  deviceId: string;
  online: boolean;
  playbackStatus: PlaybackStatus;
  /** 'none' when idle. */
  cardId: string;
  chapterKey: string | null;
  chapterTitle: string | null;
  trackKey: string | null;
  trackTitle: string | null;
  /** Seconds. */
  trackLength: number;
  position: number;
  /** Stop when the position in the card reaches this many seconds (card/start cutOff). */
  cutOff: number | null;
  source: 'remote' | 'card' | 'none';
  /** 0–16, the player's hardware scale. */
  volume: number;
  volumeMax: number;
  repeatAll: boolean;
  streaming: boolean;
  playbackWait: boolean;
  sleepTimerActive: boolean;
  sleepTimerSeconds: number;
  ambientColour: { r: number; g: number; b: number };
  nightlightMode: string;
  bluetooth: { enabled: boolean; mode: 'true' | 'bt_speaker' | null; connected: boolean; bonds: string[] };
  displayPreview: { uri: string; timeout: number; animated: 0 | 1 } | null;
  batteryLevel: number;
  charging: boolean;
  bootedAt: number;
  rebootCount: number;
  lastCommand: { name: string; result: 'OK' | 'FAIL'; at: string } | null;
}

const hexToRgb = (hex: string) => ({
  r: Number.parseInt(hex.slice(1, 3), 16),
  g: Number.parseInt(hex.slice(3, 5), 16),
  b: Number.parseInt(hex.slice(5, 7), 16),
});

export const rgbToHex = ({ r, g, b }: { r: number; g: number; b: number }): string =>
  `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;

/** What a player holds when nothing plays: at start, and after stop or the end of a card. */
export const IDLE_PLAYBACK = {
  playbackStatus: 'stopped',
  cardId: 'none',
  chapterKey: null,
  chapterTitle: null,
  trackKey: null,
  trackTitle: null,
  trackLength: 0,
  position: 0,
  cutOff: null,
  source: 'none',
} as const satisfies Partial<PlayerState>;

export function initialState(device: SeedDevice, now: number): PlayerState {
  return {
    deviceId: device.deviceId,
    online: device.initiallyOnline,
    ...IDLE_PLAYBACK,
    volume: device.volume,
    volumeMax: DEFAULT_VOLUME_MAX,
    repeatAll: device.config.repeatAll,
    streaming: false,
    playbackWait: false,
    sleepTimerActive: false,
    sleepTimerSeconds: 0,
    ambientColour: hexToRgb(device.config.ambientColour),
    nightlightMode: 'off',
    bluetooth: { enabled: device.config.bluetoothEnabled === '1', mode: null, connected: false, bonds: [] },
    displayPreview: null,
    batteryLevel: device.batteryLevel,
    charging: device.charging,
    bootedAt: now,
    rebootCount: 0,
    lastCommand: null,
  };
}

const eventUtc = (now: number): number => Math.floor(now / 1000);

/** The full events message a player sends after events/request. */
export function fullEvents(state: PlayerState, now: number): Record<string, unknown> {
  const playback =
    state.cardId === 'none'
      ? {}
      : {
          chapterKey: state.chapterKey,
          chapterTitle: state.chapterTitle,
          trackKey: state.trackKey,
          trackTitle: state.trackTitle,
          trackLength: state.trackLength,
          position: state.position,
          source: state.source,
        };
  return {
    repeatAll: state.repeatAll,
    volume: state.volume,
    volumeMax: state.volumeMax,
    cardId: state.cardId,
    playbackStatus: state.playbackStatus,
    streaming: state.streaming,
    playbackWait: state.playbackWait,
    sleepTimerActive: state.sleepTimerActive,
    ...(state.sleepTimerActive ? { sleepTimerSeconds: state.sleepTimerSeconds } : {}),
    ...playback,
    eventUtc: eventUtc(now),
  };
}

/** Minutes since local midnight in the player's time zone. */
function localMinutes(timeZone: string, now: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(now));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 1 between the configured day and night times, 0 otherwise. */
function isDay(device: SeedDevice, now: number): boolean {
  const minutes = localMinutes(device.geoTimezone, now);
  return minutes >= toMinutes(device.config.dayTime) && minutes < toMinutes(device.config.nightTime);
}

const percent = (volume: number): number => Math.round((volume / DEFAULT_VOLUME_MAX) * 100);
const TOTAL_DISK = 8 * 1024 ** 3;

export function mqttStatus(
  state: PlayerState,
  device: SeedDevice,
  now: number,
): { status: Record<string, unknown> } {
  return {
    status: {
      statusVersion: 1,
      fwVersion: device.firmwareVersion,
      productType: device.productType,
      batteryLevel: state.batteryLevel,
      als: isDay(device, now) ? 120 : 4,
      freeDisk: TOTAL_DISK / 4,
      charging: state.charging ? 1 : 0,
      activeCard: state.cardId,
      cardInserted: state.cardId === 'none' ? 0 : 2,
      playingStatus: state.playbackStatus === 'playing' ? 1 : 0,
      headphones: 0,
      dnowBrightness: isDay(device, now) ? 100 : 30,
      dayBright: 100,
      nightBright: 255,
      bluetoothHp: state.bluetooth.connected ? 1 : 0,
      volume: percent(state.volume),
      userVolume: percent(state.volume),
      timeFormat: device.config.hourFormat,
      day: isDay(device, now) ? 1 : 0,
      ...(device.productType === 'mini' ? {} : { temp: 21 }),
      nightlightMode: state.nightlightMode,
    },
  };
}

function utcOffsetSeconds(timeZone: string, now: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(now))
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60;
  return match[1] === '-' ? -seconds : seconds;
}

/** GET /device-v2/{id}/status: SPEC §3's API status names, misspelt temperatureCelcius included. */
export function apiStatus(state: PlayerState, device: SeedDevice, now: number): Record<string, unknown> {
  return {
    deviceId: device.deviceId,
    firmwareVersion: device.firmwareVersion,
    batteryLevelPercentage: state.batteryLevel,
    isCharging: state.charging,
    wifiStrength: state.online ? -52 : -90,
    systemVolumePercentage: percent(state.volume),
    userVolumePercentage: percent(state.volume),
    powerSource: state.charging ? 2 : 0,
    isAudioDeviceConnected: false,
    isBluetoothAudioConnected: state.bluetooth.connected,
    cardInsertionState: state.cardId === 'none' ? 0 : 2,
    activeCard: state.cardId,
    dayMode: isDay(device, now) ? 1 : 0,
    ambientLightSensorReading: isDay(device, now) ? 120 : 4,
    temperatureCelcius: device.productType === 'mini' ? 'notSupported' : '21',
    nightlightMode: state.nightlightMode,
    isOnline: state.online,
    networkSsid: device.networkSsid,
    averageDownloadSpeedBytesSecond: 1_250_000,
    isBackgroundDownloadActive: false,
    freeDiskSpaceBytes: TOTAL_DISK / 4,
    totalDiskSpaceBytes: TOTAL_DISK,
    uptime: Math.floor((now - state.bootedAt) / 1000),
    utcTime: eventUtc(now),
    utcOffsetSeconds: utcOffsetSeconds(device.geoTimezone, now),
    updatedAt: new Date(now).toISOString(),
  };
}
