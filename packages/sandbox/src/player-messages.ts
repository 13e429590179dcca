// The messages built from a player's state (docs/provider-contract.md, MQTT): events, the MQTT
// status and the REST API status. Both status forms come from the same helpers so they agree.
import { PLAYER_VOLUME_STEPS } from '@playlist-alarms/core/shared/constants';
import type { ProductType, SeedDevice } from './household';
import { isCharging, reportedLevel } from './player-battery';
import { isNight } from './player-volume';
import type { PlayerState } from './player-state';

const eventUtc = (now: number): number => Math.floor(now / 1000);

/** The full events message a player sends after events/request and when it comes online. */
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
    ...sleepTimerFields(state),
    ...playback,
    eventUtc: eventUtc(now),
  };
}

/** sleepTimerSeconds only while the timer runs, as real players send it. */
export const sleepTimerFields = (state: PlayerState): Record<string, unknown> => ({
  sleepTimerActive: state.sleepTimerActive,
  ...(state.sleepTimerActive ? { sleepTimerSeconds: state.sleepTimerSeconds } : {}),
});

/** Day is everything outside the night (one rule with the volume limit's, midnight crossing included). */
const isDay = (device: SeedDevice, now: number): boolean => !isNight(device.config, device.geoTimezone, now);

// Of the 0–16 scale, not of the limit (`volumeMax`).
const percentOfScale = (state: PlayerState): number => Math.round((state.volume / PLAYER_VOLUME_STEPS) * 100);

/** The API status's cardInsertionState and MQTT cardInserted: 0 none, 1 physical card, 2 remote card. */
function cardInsertion(state: PlayerState): 0 | 1 | 2 {
  if (state.insertedCardId !== null) return 1;
  return state.cardId === 'none' ? 0 : 2;
}

const TEMPERATURE: Record<ProductType, number | 'notSupported'> = { v3: 22, v2: 24, mini: 'notSupported' };
/** Players count disk space in KiB (docs/provider-contract.md, REST); the old API status in bytes. */
const TOTAL_DISK_KIB: Record<ProductType, number> = {
  v3: 8 * 1024 ** 2,
  v2: 4 * 1024 ** 2,
  mini: 4 * 1024 ** 2,
};
const freeDiskKib = (product: ProductType): number => Math.round(TOTAL_DISK_KIB[product] * 0.62);

/**
 * `temp` as players send it: a "battery:device" pair of °C; the battery side reads 0 (no sensor
 * reading), as in the real captures (core's fixtures/config-v3.ts: "0:24").
 */
const temperaturePair = (product: ProductType): string => `0:${TEMPERATURE[product]}`;

/** A stronger signal downloads faster: up to about 2 MB/s at -50 dBm and above. */
const downloadSpeed = (wifiStrength: number): number =>
  Math.round(2_000_000 * Math.min(1, Math.max(0.05, (wifiStrength + 90) / 40)));

/** The readings that change with the time of day: light sensor and display brightness. */
function lightReadings(device: SeedDevice, now: number) {
  const day = isDay(device, now);
  const brightness = (setting: string, auto: number) => (setting === 'auto' ? auto : Number(setting));
  const dayBright = brightness(device.config.dayDisplayBrightness, 100);
  const nightBright = brightness(device.config.nightDisplayBrightness, 20);
  return { day, als: day ? 120 : 4, dayBright, nightBright, dnowBrightness: day ? dayBright : nightBright };
}

/** The status message on device/{id}/status (and data/status), under a `status` key. */
export function mqttStatus(
  state: PlayerState,
  device: SeedDevice,
  now: number,
): { status: Record<string, unknown> } {
  const light = lightReadings(device, now);
  return {
    status: {
      statusVersion: 1,
      fwVersion: device.firmwareVersion,
      productType: device.productType,
      batteryLevel: reportedLevel(state.battery),
      als: light.als,
      freeDisk: freeDiskKib(device.productType),
      charging: isCharging(state.battery) ? 1 : 0,
      activeCard: state.cardId,
      cardInserted: cardInsertion(state),
      playingStatus: state.playbackStatus === 'playing' ? 1 : 0,
      // A boolean, as the provider's MQTT docs type it (the config's status sends 0/1, below).
      headphones: state.headphones,
      dnowBrightness: light.dnowBrightness,
      dayBright: light.dayBright,
      nightBright: light.nightBright,
      bluetoothHp: state.bluetooth.connected ? 1 : 0,
      volume: percentOfScale(state),
      userVolume: percentOfScale(state),
      timeFormat: device.config.hourFormat,
      day: light.day ? 1 : 0,
      temp: temperaturePair(device.productType),
      nightlightMode: state.nightlightMode,
    },
  };
}

/**
 * GET /device-v2/{id}/config → `device.status`: the player's own names as a real config carries
 * them (core's fixtures/config-v3.ts), built from the same state as the API status, so the two
 * agree. Flags are 0/1 there, except `bluetoothHp`, sent as a boolean so that both forms the
 * provider uses reach the app on one path or another (MQTT sends `headphones` as one).
 */
export function configStatus(state: PlayerState, device: SeedDevice, now: number): Record<string, unknown> {
  const api = apiStatus(state, device, now);
  const flag = (value: unknown) => (value === true ? 1 : 0);
  return {
    activeCard: api.activeCard,
    als: api.ambientLightSensorReading,
    batteryLevel: api.batteryLevelPercentage,
    bgDownload: flag(api.isBackgroundDownloadActive),
    bluetoothHp: api.isBluetoothAudioConnected,
    bytesPS: api.averageDownloadSpeedBytesSecond,
    cardInserted: api.cardInsertionState,
    charging: flag(api.isCharging),
    day: api.dayMode,
    deviceId: device.deviceId,
    freeDisk: freeDiskKib(device.productType),
    fwVersion: device.firmwareVersion,
    headphones: flag(api.isAudioDeviceConnected),
    nightlightMode: api.nightlightMode,
    playingStatus: state.playbackStatus === 'playing' ? 1 : 0,
    powerSrc: api.powerSource,
    ssid: api.networkSsid,
    temp: temperaturePair(device.productType),
    totalDisk: TOTAL_DISK_KIB[device.productType],
    updatedAt: api.updatedAt,
    upTime: api.uptime,
    userVolume: api.userVolumePercentage,
    utcOffset: api.utcOffsetSeconds,
    utcTime: api.utcTime,
    volume: api.systemVolumePercentage,
    wifiStrength: api.wifiStrength,
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

/**
 * GET /device-v2/{id}/status (deprecated; the sandbox refuses it unless told otherwise): the older
 * API status names, misspelt temperatureCelcius included.
 * The cloud holds what the player last reported: while offline, the times stop where it left.
 */
export function apiStatus(state: PlayerState, device: SeedDevice, now: number): Record<string, unknown> {
  const reportedAt = state.online ? now : state.lastSeenAt;
  const light = lightReadings(device, reportedAt);
  return {
    deviceId: device.deviceId,
    firmwareVersion: device.firmwareVersion,
    batteryLevelPercentage: reportedLevel(state.battery),
    isCharging: isCharging(state.battery),
    wifiStrength: state.wifiStrength,
    systemVolumePercentage: percentOfScale(state),
    userVolumePercentage: percentOfScale(state),
    powerSource: state.battery.powerSource,
    isAudioDeviceConnected: state.headphones,
    isBluetoothAudioConnected: state.bluetooth.connected,
    cardInsertionState: cardInsertion(state),
    activeCard: state.cardId,
    dayMode: light.day ? 1 : 0,
    ambientLightSensorReading: light.als,
    temperatureCelcius: TEMPERATURE[device.productType],
    nightlightMode: state.nightlightMode,
    isOnline: state.online,
    networkSsid: device.networkSsid,
    averageDownloadSpeedBytesSecond: downloadSpeed(state.wifiStrength),
    isBackgroundDownloadActive: state.playbackStatus === 'loading',
    freeDiskSpaceBytes: freeDiskKib(device.productType) * 1024,
    totalDiskSpaceBytes: TOTAL_DISK_KIB[device.productType] * 1024,
    uptime: Math.max(0, Math.floor((reportedAt - state.bootedAt) / 1000)),
    utcTime: eventUtc(reportedAt),
    utcOffsetSeconds: utcOffsetSeconds(device.geoTimezone, reportedAt),
    updatedAt: new Date(reportedAt).toISOString(),
  };
}

/** The answer to an events/request is inside the window it opens, so it needs no exception. */
export function eventsWindowOpen(
  state: PlayerState,
  now: number,
  settings: { eventsWindowMs: number },
): boolean {
  const since = state.eventsRequestedAt;
  return since !== null && now - since < settings.eventsWindowMs;
}
