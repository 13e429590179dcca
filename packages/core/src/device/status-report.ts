// The "Detailed Status Report": which sections show, which rows each holds, and the
// formatted value of each row. It combines the provider API's status (fetched on connect), the
// MQTT status the player pushes and its merged events. MQTT values are fresher, so they win
// where both sources carry a field; the API fills in what MQTT lacks.
import type { DeviceEvents, DeviceMqttStatus } from './device-messages';
import {
  NOT_AVAILABLE,
  batteryChip,
  formatActiveCard,
  formatCardInsertion,
  formatDayMode,
  formatFlag,
  formatKilobytesPerSecond,
  formatMegabytes,
  formatNightlight,
  formatPercent,
  formatPlayingStatus,
  formatPowerSource,
  formatSleepTimer,
  formatTemperature,
  formatTimeFormat,
  formatTrackPosition,
  formatUptime,
  formatUtcOffset,
  formatUtcTime,
  formatValue,
  formatWifi,
  kibibytesToBytes,
  wifiQuality,
} from './status-format';
import type { ChipColour } from './status-format';
import { deviceVolumeDisplay } from './volume';

/** The API status fields, read loosely: values are formatted, never trusted. */
type ApiStatusField =
  | 'batteryLevelPercentage'
  | 'isCharging'
  | 'wifiStrength'
  | 'systemVolumePercentage'
  | 'userVolumePercentage'
  | 'powerSource'
  | 'isAudioDeviceConnected'
  | 'isBluetoothAudioConnected'
  | 'cardInsertionState'
  | 'activeCard'
  | 'dayMode'
  | 'ambientLightSensorReading'
  | 'temperatureCelcius'
  | 'nightlightMode'
  | 'isOnline'
  | 'networkSsid'
  | 'averageDownloadSpeedBytesSecond'
  | 'isBackgroundDownloadActive'
  | 'freeDiskSpaceBytes'
  | 'totalDiskSpaceBytes'
  | 'uptime'
  | 'utcTime'
  | 'utcOffsetSeconds'
  | 'updatedAt'
  | 'firmwareVersion';
export type ApiStatus = Readonly<Partial<Record<ApiStatusField, unknown>>>;

export interface StatusSources {
  api: ApiStatus | null | undefined;
  mqtt: DeviceMqttStatus | null | undefined;
  events: DeviceEvents | null | undefined;
}

interface StatusRow {
  label: string;
  value: string;
}

type StatusSectionTitle =
  | 'Power & Battery'
  | 'Audio & Playback'
  | 'Card & Content'
  | 'Environment & Sensors'
  | 'Network & Connectivity'
  | 'System & Storage'
  | 'Display Settings'
  | 'Time & Location';

export interface StatusSection {
  title: StatusSectionTitle;
  rows: StatusRow[];
}

const isMissing = (value: unknown): boolean => value === null || value === undefined || value === '';

/** The first value that is present. */
const first = (...values: unknown[]): unknown => values.find((value) => !isMissing(value));

/** True when no source holds anything: the report then says "No status data available for …". */
export function hasStatusData({ api, mqtt, events }: StatusSources): boolean {
  return Boolean(api) || Boolean(mqtt) || Boolean(events);
}

const row = (label: string, value: string): StatusRow => ({ label, value });

/**
 * Whether the player charges, by the one rule the Charging row and the battery chip's mark share:
 * the fresher MQTT value wins when present, the API's fills in otherwise. Two rules would let the
 * chip show "⚡" beside "Charging: No".
 */
const chargingOf = (api: ApiStatus | null, mqtt: DeviceMqttStatus | null): unknown =>
  first(mqtt?.charging, api?.isCharging);

function volumeText(events: DeviceEvents | null | undefined): string {
  const volume = events?.volume;
  if (volume === undefined) return NOT_AVAILABLE;
  return deviceVolumeDisplay(volume, events?.volumeMax).label;
}

/** Events say 'playing', 'paused'…; MQTT status only 0 stopped / 1 playing. */
function playbackText(events: DeviceEvents | null, mqtt: DeviceMqttStatus | null): string {
  const text = events?.playbackStatus;
  if (text) return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  return formatPlayingStatus(mqtt?.playingStatus);
}

/** Every section whose show-condition holds, in the order the page shows them. */
export function statusReport(sources: StatusSources): StatusSection[] {
  const api = sources.api ?? null;
  const mqtt = sources.mqtt ?? null;
  const events = sources.events ?? null;
  const sections: StatusSection[] = [
    {
      title: 'Power & Battery',
      rows: [
        row('Battery Level', formatPercent(first(mqtt?.batteryLevel, api?.batteryLevelPercentage))),
        row('Charging', formatFlag(chargingOf(api, mqtt))),
        row('Power Source', formatPowerSource(api?.powerSource)),
      ],
    },
    {
      title: 'Audio & Playback',
      rows: [
        row('Volume', volumeText(events)),
        row('System Volume', formatPercent(first(mqtt?.volume, api?.systemVolumePercentage))),
        row('User Volume', formatPercent(first(mqtt?.userVolume, api?.userVolumePercentage))),
        row('Playback', playbackText(events, mqtt)),
        row('Headphones', formatFlag(first(mqtt?.headphones, api?.isAudioDeviceConnected))),
        row('Bluetooth Audio', formatFlag(first(mqtt?.bluetoothHp, api?.isBluetoothAudioConnected))),
        row('Sleep Timer', formatSleepTimer(events?.sleepTimerActive, events?.sleepTimerSeconds)),
      ],
    },
    {
      title: 'Card & Content',
      rows: [
        row('Card Inserted', formatCardInsertion(first(mqtt?.cardInserted, api?.cardInsertionState))),
        row('Active Card', formatActiveCard(first(events?.cardId, mqtt?.activeCard, api?.activeCard))),
        row('Chapter', formatValue(events?.chapterTitle)),
        row('Track', formatValue(events?.trackTitle)),
        row('Position', formatTrackPosition(events?.position, events?.trackLength)),
      ],
    },
    {
      title: 'Environment & Sensors',
      rows: [
        row('Day Mode', formatDayMode(first(mqtt?.day, api?.dayMode))),
        row('Ambient Light', formatValue(first(mqtt?.als, api?.ambientLightSensorReading))),
        row('Temperature', formatTemperature(first(mqtt?.temp, api?.temperatureCelcius))),
        row('Nightlight', formatNightlight(first(mqtt?.nightlightMode, api?.nightlightMode))),
      ],
    },
  ];
  if (api) {
    sections.push({
      title: 'Network & Connectivity',
      rows: [
        row('Online', formatFlag(api.isOnline)),
        row('WiFi Strength', formatWifi(api.wifiStrength)),
        row('Network', formatValue(api.networkSsid)),
        row('Download Speed', formatKilobytesPerSecond(api.averageDownloadSpeedBytesSecond)),
        row('Background Download', formatFlag(api.isBackgroundDownloadActive)),
      ],
    });
  }
  sections.push({
    title: 'System & Storage',
    rows: [
      row('Firmware', formatValue(first(mqtt?.fwVersion, api?.firmwareVersion))),
      row('Product Type', formatValue(mqtt?.productType)),
      // Free beside total from the same source where the API has both; players count in KiB.
      row('Free Disk', formatMegabytes(first(api?.freeDiskSpaceBytes, kibibytesToBytes(mqtt?.freeDisk)))),
      row('Total Disk', formatMegabytes(first(api?.totalDiskSpaceBytes, kibibytesToBytes(mqtt?.totalDisk)))),
      row('Uptime', formatUptime(api?.uptime)),
      row('Status Version', formatValue(mqtt?.statusVersion)),
    ],
  });
  if (mqtt) {
    sections.push({
      title: 'Display Settings',
      rows: [
        row('Current Brightness', formatValue(mqtt.dnowBrightness)),
        row('Day Brightness', formatValue(mqtt.dayBright)),
        row('Night Brightness', formatValue(mqtt.nightBright)),
        row('Time Format', formatTimeFormat(mqtt.timeFormat)),
      ],
    });
  }
  if (api) {
    sections.push({
      title: 'Time & Location',
      rows: [
        row('UTC Time', formatUtcTime(api.utcTime)),
        row('UTC Offset', formatUtcOffset(api.utcOffsetSeconds)),
        row('Last Updated', formatValue(api.updatedAt)),
      ],
    });
  }
  return sections;
}

export interface StatusChipModel {
  label: string;
  colour: ChipColour;
}

/** The collapsed header's chips: battery (charging mark), WiFi band, volume value/volumeMax (%). */
export function statusChips(sources: StatusSources): {
  battery: StatusChipModel;
  wifi: StatusChipModel;
  volume: StatusChipModel;
} {
  const api = sources.api ?? null;
  const mqtt = sources.mqtt ?? null;
  const events = sources.events ?? null;
  const battery = batteryChip(first(mqtt?.batteryLevel, api?.batteryLevelPercentage), chargingOf(api, mqtt));
  const quality = wifiQuality(api?.wifiStrength);
  const volume = events?.volume;
  return {
    battery,
    wifi: { label: quality ?? NOT_AVAILABLE, colour: 'default' },
    volume: {
      label: volume === undefined ? NOT_AVAILABLE : deviceVolumeDisplay(volume, events?.volumeMax).label,
      colour: 'default',
    },
  };
}
