import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseAlarmList } from '@playlist-alarms/core/alarm-codec';
import type { DeviceAlarm } from '@playlist-alarms/core/entities';
import { playerPowerFromConfig, type PlayerPower } from '@playlist-alarms/core/player-off-at';
import type { DeviceConfig } from '@playlist-alarms/provider/rest-schemas';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';

export interface DeviceAlarms {
  alarms: DeviceAlarm[];
  /** One readable line per alarm string the codec could not read. */
  errors: string[];
  /** Online, power source and shutdownTimeout from the same read: will it be off for a cloud alarm? */
  power: PlayerPower;
  /** The player's own time zone (`geoTimezone`), when the read carries one. */
  playerTimeZone: string | null;
}

/** A config read (or a write's read-back) as the alarm views use it. */
export const deviceAlarmsOf = (config: DeviceConfig): DeviceAlarms => ({
  ...parseAlarmList(config.device.config.alarms),
  power: playerPowerFromConfig(config),
  playerTimeZone: config.device.geoTimezone ?? null,
});

/** The alarms stored on a player's configuration, read with core's codec. */
export async function getDeviceAlarms(library: LibrarySource, deviceId: string): Promise<DeviceAlarms> {
  return deviceAlarmsOf(await library.getDeviceConfig(deviceId));
}

export const deviceAlarmsQueryOptions = (library: LibrarySource, deviceId: string) =>
  queryOptions({
    queryKey: queryKeys.deviceConfig(deviceId),
    queryFn: () => getDeviceAlarms(library, deviceId),
  });

export function useDeviceAlarms(deviceId: string) {
  const { library } = useServices();
  return useQuery(deviceAlarmsQueryOptions(library, deviceId));
}
