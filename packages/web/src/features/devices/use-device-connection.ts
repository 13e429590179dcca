import { useCallback, useMemo } from 'react';
import type { Device } from '@playlist-alarms/core/entities';
import { MESSAGES, failedToConnectTo } from '@playlist-alarms/core/messages';
import { useNotify } from '../../services/notifier-context';
import { useServices } from '../../services/app-services';
import { useFetchDeviceStatus } from './api/get-device-status';

export interface DeviceConnection {
  /** Resolves true once connected; failures are reported in the snackbar. */
  connect: (device: Device) => Promise<boolean>;
  disconnect: (device: Device) => Promise<void>;
}

/**
 * The device card's MQTT buttons (SPEC §4): connecting fetches the API status; the registry then
 * asks for status and events after 1 s and keeps polling every 30 s until the link ends.
 */
export function useDeviceConnection(): DeviceConnection {
  const { devices } = useServices();
  const notify = useNotify();
  const fetchStatus = useFetchDeviceStatus();

  const connect = useCallback(
    async (device: Device) => {
      const outcome = await devices.connect(device.deviceId);
      if (outcome === 'no-token') notify.error(MESSAGES.noAccessToken);
      if (outcome === 'failed') notify.error(failedToConnectTo(device.name));
      if (outcome !== 'connected') return false;
      void fetchStatus(device.deviceId);
      return true;
    },
    [devices, fetchStatus, notify],
  );

  const disconnect = useCallback((device: Device) => devices.disconnect(device.deviceId), [devices]);

  return useMemo(() => ({ connect, disconnect }), [connect, disconnect]);
}
