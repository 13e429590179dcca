import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseAlarmList } from '@playlist-alarms/core/alarms/alarm-codec';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { isValidTimeZone } from '@playlist-alarms/core/alarms/local-time';
import { playerPowerFromConfig, type PlayerPower } from '@playlist-alarms/core/cloud/player-off-at';
import type { DeviceConfig } from '@playlist-alarms/provider/rest-schemas';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';

export interface DeviceAlarms {
  alarms: DeviceAlarm[];
  /** One readable line per alarm string the codec could not read. */
  errors: string[];
  /**
   * The zone the player rings them in (its geoTimezone); null when it reports none the app knows,
   * and the page's own zone stands in.
   */
  timeZone: string | null;
  /** Online, power source and shutdownTimeout from the same read: will it be off for a cloud alarm? */
  power: PlayerPower;
}

/** A player's alarms, zone and power as its configuration holds them (a read, or a write's read-back). */
export function deviceAlarmsOf(config: DeviceConfig): DeviceAlarms {
  const zone = config.device.geoTimezone;
  return {
    ...parseAlarmList(config.device.config.alarms),
    timeZone: zone && isValidTimeZone(zone) ? zone : null,
    power: playerPowerFromConfig(config),
  };
}

/** The alarms stored on a player's configuration, read with core's codec. */
async function getDeviceAlarms(library: LibrarySource, deviceId: string): Promise<DeviceAlarms> {
  return deviceAlarmsOf(await library.getDeviceConfig(deviceId));
}

export const deviceAlarmsQueryOptions = (library: LibrarySource, deviceId: string) =>
  queryOptions({
    queryKey: queryKeys.deviceConfig(deviceId),
    queryFn: () => getDeviceAlarms(library, deviceId),
  });

/** A player's alarms and what its config says beside them; nothing is read for no player (null). */
export function useDeviceAlarms(deviceId: string | null) {
  const { library } = useServices();
  return useQuery({ ...deviceAlarmsQueryOptions(library, deviceId ?? ''), enabled: deviceId !== null });
}

/** The zone a player rings its alarms in, once its configuration is read (null before, or none). */
export function usePlayerZone(deviceId: string | null): string | null {
  const { library } = useServices();
  const query = useQuery({
    ...deviceAlarmsQueryOptions(library, deviceId ?? ''),
    enabled: deviceId !== null,
    select: (alarms) => alarms.timeZone,
  });
  return query.data ?? null;
}
