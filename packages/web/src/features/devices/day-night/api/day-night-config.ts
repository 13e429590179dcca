import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyDayNight, readDayNight } from '@playlist-alarms/core/device/day-night';
import type { DayNightSettings } from '@playlist-alarms/core/device/day-night';
import { hasAmbientLight } from '@playlist-alarms/core/device/player-family';
import type { Device } from '@playlist-alarms/core/shared/entities';
import type { DeviceConfig } from '@playlist-alarms/provider/rest-schemas';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';

/** What the section shows: the day and night fields the player keeps, and the zone its clock keeps. */
export interface DayNightView {
  settings: DayNightSettings;
  timeZone: string | null;
}

const viewOf = (device: Device, config: DeviceConfig): DayNightView => ({
  settings: readDayNight(config.device.config, { hasLight: hasAmbientLight(device) }),
  timeZone: config.device.geoTimezone ?? null,
});

export function useDayNight(device: Device) {
  const { library } = useServices();
  return useQuery({
    queryKey: queryKeys.dayNight(device.deviceId),
    queryFn: async () => viewOf(device, await library.getDeviceConfig(device.deviceId)),
    retry: false,
  });
}

/**
 * Writes the changed fields through the provider's one serialised config write (re-read, merge,
 * write, re-read): the section then shows what the player holds after the write. After a failure
 * it reads the player again, as the block may have changed elsewhere.
 */
export function useSaveDayNight(device: Device) {
  const { library } = useServices();
  const queryClient = useQueryClient();
  const key = queryKeys.dayNight(device.deviceId);
  return useMutation({
    mutationFn: async (changes: DayNightSettings) =>
      viewOf(
        device,
        await library.changeDeviceConfig(device.deviceId, (config) => applyDayNight(config, changes)),
      ),
    onSuccess: (view) => {
      queryClient.setQueryData(key, view);
      // The alarm dialogs read the switch-off timeout from the player's alarms query, kept fresh for a minute.
      void queryClient.invalidateQueries({ queryKey: queryKeys.deviceConfig(device.deviceId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
