import { useCallback } from 'react';
import { MESSAGES } from '@playlist-alarms/core/messages';
import { useNotify } from '../../services/notifier-context';
import { useServices } from '../../services/app-services';
import { useFetchDeviceStatus } from './api/get-device-status';

/** Refresh: ask the player for status and events over MQTT and fetch the API status again. */
export function useStatusRefresh(deviceId: string): () => void {
  const { devices } = useServices();
  const notify = useNotify();
  const fetchStatus = useFetchDeviceStatus();
  return useCallback(() => {
    if (!devices.requestStatus(deviceId)) {
      notify.error(MESSAGES.deviceNotConnectedViaMqtt);
      return;
    }
    void fetchStatus(deviceId);
  }, [deviceId, devices, fetchStatus, notify]);
}
