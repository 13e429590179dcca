import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseAlarmList } from '@playlist-alarms/core/alarm-codec';
import type { DeviceAlarm } from '@playlist-alarms/core/entities';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';

export interface DeviceAlarms {
  alarms: DeviceAlarm[];
  /** One readable line per alarm string the codec could not read. */
  errors: string[];
}

/** The alarms stored on a player's configuration, read with core's codec. */
export async function getDeviceAlarms(library: LibrarySource, deviceId: string): Promise<DeviceAlarms> {
  const config = await library.getDeviceConfig(deviceId);
  return parseAlarmList(config.device.config.alarms);
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
