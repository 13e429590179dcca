import { useCallback, useMemo } from 'react';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { useDeviceCommands } from '../../services/device-commands';
import { useFetchDeviceStatus } from './api/get-device-status';

export interface DeviceConnection {
  /** Resolves true once connected; failures are reported in the snackbar. */
  connect: (device: Device) => Promise<boolean>;
  disconnect: (device: Device) => Promise<void>;
}

/**
 * The device card's MQTT buttons: connecting fetches the API status; the registry then
 * asks for status and events after 1 s and keeps polling every 30 s until the link ends.
 */
export function useDeviceConnection(): DeviceConnection {
  const commands = useDeviceCommands();
  const fetchStatus = useFetchDeviceStatus();

  const connect = useCallback(
    async (device: Device) => {
      const connected = await commands.connect(device);
      if (connected) void fetchStatus(device.deviceId, { fresh: false });
      return connected;
    },
    [commands, fetchStatus],
  );

  const disconnect = useCallback((device: Device) => commands.disconnect(device.deviceId), [commands]);

  return useMemo(() => ({ connect, disconnect }), [connect, disconnect]);
}
