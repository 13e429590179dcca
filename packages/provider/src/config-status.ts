import { deviceTemperature, kibibytesToBytes } from '@playlist-alarms/core/device/status-format';
import type { ConfigStatus, DeviceApiStatus, DeviceConfig } from './rest-schemas';

// GET /device-v2/{id}/status is deprecated and refused (403) for new apps; the same readings come
// in GET /device-v2/{id}/config → device.status under the player's own names. This gives them the
// older API status names (batteryLevelPercentage, …), so the report shows the same rows from either source.

/** The API status a player's config carries; online from `device.online` when the status has none. */
export function apiStatusFromConfig(config: DeviceConfig): DeviceApiStatus {
  const { device } = config;
  const status: ConfigStatus = device.status ?? {};
  const bytes = (kib: number | null | undefined) =>
    kib === null || kib === undefined ? null : kibibytesToBytes(kib);
  return {
    deviceId: status.deviceId ?? device.deviceId,
    firmwareVersion: status.fwVersion ?? null,
    batteryLevelPercentage: status.batteryLevel ?? null,
    isCharging: status.charging ?? null,
    wifiStrength: status.wifiStrength ?? null,
    systemVolumePercentage: status.volume ?? null,
    userVolumePercentage: status.userVolume ?? null,
    powerSource: status.powerSrc ?? null,
    isAudioDeviceConnected: status.headphones ?? null,
    isBluetoothAudioConnected: status.bluetoothHp ?? null,
    cardInsertionState: status.cardInserted ?? null,
    activeCard: status.activeCard ?? null,
    dayMode: status.day ?? null,
    ambientLightSensorReading: status.als ?? null,
    temperatureCelcius: deviceTemperature(status.temp),
    nightlightMode: status.nightlightMode ?? null,
    isOnline: status.isOnline ?? device.online ?? null,
    networkSsid: status.ssid ?? null,
    averageDownloadSpeedBytesSecond: status.bytesPS ?? null,
    isBackgroundDownloadActive: status.bgDownload ?? null,
    freeDiskSpaceBytes: bytes(status.freeDisk),
    totalDiskSpaceBytes: bytes(status.totalDisk),
    uptime: status.upTime ?? null,
    utcTime: status.utcTime ?? null,
    utcOffsetSeconds: status.utcOffset ?? null,
    updatedAt: status.updatedAt ?? null,
  };
}
