// Device status display rules: "N/A" when missing, "Unknown" for unknown codes, units.
import { BATTERY_LOW_PERCENT, WIFI_BANDS, WIFI_POOR } from '../shared/constants';

export const NOT_AVAILABLE = 'N/A';
const UNKNOWN = 'Unknown';

/** Players send some numbers as text; anything else that is not a finite number is "missing". */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

const isMissing = (value: unknown): boolean => value === null || value === undefined || value === '';

const codeLabel =
  (labels: Readonly<Record<number, string>>) =>
  (value: unknown): string => {
    if (isMissing(value)) return NOT_AVAILABLE;
    const code = toNumber(value);
    return (code !== null && labels[code]) || UNKNOWN;
  };

const POWER_SOURCE_LABELS = { 0: 'Battery only', 1: 'V2 dock', 2: 'USB-C', 3: 'Qi dock' } as const;
const CARD_INSERTION_LABELS = { 0: 'None', 1: 'Physical card', 2: 'Remote card' } as const;
const DAY_MODE_LABELS = { [-1]: 'Unknown', 0: 'Night', 1: 'Day' } as const;
const PLAYING_STATUS_LABELS = { 0: 'Stopped', 1: 'Playing' } as const;

export const formatPowerSource = codeLabel(POWER_SOURCE_LABELS);
export const formatCardInsertion = codeLabel(CARD_INSERTION_LABELS);
export const formatDayMode = codeLabel(DAY_MODE_LABELS);
export const formatPlayingStatus = codeLabel(PLAYING_STATUS_LABELS);

/** Plain values: text as is, numbers as digits, booleans Yes/No. */
export function formatValue(value: unknown): string {
  if (isMissing(value)) return NOT_AVAILABLE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return UNKNOWN;
}

/** Flags that players send as booleans or 0/1. */
export function formatFlag(value: unknown): string {
  if (isMissing(value)) return NOT_AVAILABLE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const code = toNumber(value);
  if (code === 1) return 'Yes';
  if (code === 0) return 'No';
  return UNKNOWN;
}

/** MQTT `charging`: 1 means charging; the API's isCharging is a boolean. */
export const isChargingValue = (value: unknown): boolean => value === true || toNumber(value) === 1;

const withNumber = (value: unknown, format: (n: number) => string): string => {
  if (isMissing(value)) return NOT_AVAILABLE;
  const n = toNumber(value);
  return n === null ? UNKNOWN : format(n);
};

export const formatPercent = (value: unknown): string => withNumber(value, (n) => `${Math.round(n)}%`);

const TEMPERATURE_NOT_SUPPORTED = 'notSupported';

/**
 * The player's own temperature in °C, 'notSupported', or null when unknown. The API's
 * temperatureCelcius is a number or 'notSupported'; players (MQTT `temp`, the config's status)
 * send a "battery:device" pair such as "0:24", whose device side is the one shown, and where "0"
 * means no reading (cdnninja/yoto_api reads it so).
 */
export function deviceTemperature(value: unknown): number | typeof TEMPERATURE_NOT_SUPPORTED | null {
  if (value === TEMPERATURE_NOT_SUPPORTED) return TEMPERATURE_NOT_SUPPORTED;
  if (typeof value === 'string' && value.includes(':')) {
    const device = value.split(':')[1]?.trim() ?? '';
    if (device === TEMPERATURE_NOT_SUPPORTED) return TEMPERATURE_NOT_SUPPORTED;
    const reading = toNumber(device);
    return reading === null || reading === 0 ? null : reading;
  }
  return toNumber(value);
}

/** temperatureCelcius (a number or 'notSupported') or a player's "battery:device" pair. */
export function formatTemperature(value: unknown): string {
  if (isMissing(value)) return NOT_AVAILABLE;
  const reading = deviceTemperature(value);
  if (reading === TEMPERATURE_NOT_SUPPORTED) return 'Not supported';
  return reading === null
    ? typeof value === 'string' && value.includes(':')
      ? NOT_AVAILABLE
      : UNKNOWN
    : `${reading}°C`;
}

/** Players report `freeDisk` and `totalDisk` in KiB: the byte count, or null when missing. */
export function kibibytesToBytes(kib: unknown): number | null {
  const value = toNumber(kib);
  return value === null ? null : value * 1024;
}

/** Disk sizes: bytes / 1024 / 1024, one decimal. */
export const formatMegabytes = (bytes: unknown): string =>
  withNumber(bytes, (n) => `${(n / 1024 / 1024).toFixed(1)} MB`);

/** averageDownloadSpeedBytesSecond in KB/s, one decimal. */
export const formatKilobytesPerSecond = (bytesPerSecond: unknown): string =>
  withNumber(bytesPerSecond, (n) => `${(n / 1024).toFixed(1)} KB/s`);

/** Uptime seconds in whole hours. */
export const formatUptime = (seconds: unknown): string =>
  withNumber(seconds, (n) => {
    const hours = Math.floor(n / 3600);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  });

/** utcOffsetSeconds in hours, such as "UTC+1", "UTC-5", "UTC+5.5". */
export const formatUtcOffset = (seconds: unknown): string =>
  withNumber(seconds, (n) => {
    const hours = Math.round((n / 3600) * 100) / 100;
    return `UTC${hours < 0 ? '-' : '+'}${Math.abs(hours)}`;
  });

type WifiQuality = 'Great' | 'Good' | 'Fair' | 'Poor';

/** dBm bands: ≥ -50 Great, ≥ -60 Good, ≥ -70 Fair, lower Poor; null when missing. */
export function wifiQuality(dbm: unknown): WifiQuality | null {
  const value = toNumber(dbm);
  if (value === null) return null;
  return WIFI_BANDS.find((band) => value >= band.minDbm)?.label ?? WIFI_POOR;
}

export const formatWifi = (dbm: unknown): string => {
  const quality = wifiQuality(dbm);
  return quality === null ? NOT_AVAILABLE : `${quality} (${toNumber(dbm)} dBm)`;
};

export type ChipColour = 'success' | 'warning' | 'default';

/** Battery chip: green above 20 %, else a warning; a charging mark when charging. */
export function batteryChip(percent: unknown, charging: unknown): { label: string; colour: ChipColour } {
  const value = toNumber(percent);
  if (value === null) return { label: NOT_AVAILABLE, colour: 'default' };
  const mark = isChargingValue(charging) ? ' ⚡' : '';
  return {
    label: `${Math.round(value)}%${mark}`,
    colour: value > BATTERY_LOW_PERCENT ? 'success' : 'warning',
  };
}

/** utcTime (seconds since 1970) as "YYYY-MM-DD HH:MM:SS UTC". */
export const formatUtcTime = (seconds: unknown): string =>
  withNumber(seconds, (n) => {
    const date = new Date(n * 1000);
    return Number.isNaN(date.getTime())
      ? UNKNOWN
      : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  });

/** A card id, or "None" for the idle player's 'none'. */
export const formatActiveCard = (cardId: unknown): string =>
  cardId === 'none' ? 'None' : formatValue(cardId);

/** timeFormat '12' or '24' as "12-hour" / "24-hour"; other text as sent. */
export const formatTimeFormat = (value: unknown): string => {
  const hours = toNumber(value);
  return hours === 12 || hours === 24 ? `${hours}-hour` : formatValue(value);
};

/** nightlightMode: 'off' or a colour value, shown as sent. */
export const formatNightlight = (value: unknown): string => (value === 'off' ? 'Off' : formatValue(value));

/** The sleep timer from events: "Off", or the minutes left (rounded up). */
export function formatSleepTimer(active: unknown, seconds: unknown): string {
  if (isMissing(active) && isMissing(seconds)) return NOT_AVAILABLE;
  const left = toNumber(seconds);
  if (active === false || left === null || left <= 0) return 'Off';
  const minutes = Math.ceil(left / 60);
  return `${minutes} min left`;
}

/** Playback position within the track as "m:ss / m:ss". */
export function formatTrackPosition(position: unknown, length: unknown): string {
  const at = toNumber(position);
  const total = toNumber(length);
  if (at === null || total === null) return NOT_AVAILABLE;
  const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
  return `${clock(at)} / ${clock(total)}`;
}
