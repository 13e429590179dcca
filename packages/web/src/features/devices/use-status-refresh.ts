import { useCallback } from 'react';
import { useDeviceCommands } from '../../services/device-commands';
import { useFetchDeviceStatus } from './api/get-device-status';

/** Refresh: ask the player for status and events over MQTT and fetch the API status again. */
export function useStatusRefresh(deviceId: string): () => void {
  const commands = useDeviceCommands();
  const fetchStatus = useFetchDeviceStatus();
  return useCallback(() => {
    if (commands.requestStatus(deviceId)) void fetchStatus(deviceId);
  }, [commands, deviceId, fetchStatus]);
}
