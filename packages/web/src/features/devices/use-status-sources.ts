import { useMemo } from 'react';
import type { StatusSources } from '@playlist-alarms/core/device/status-report';
import { useDeviceEvents, useDeviceMqttStatus } from '../../services/use-realtime';
import { useDeviceStatus } from './api/get-device-status';

/**
 * What the status chips and the report read: the current connection's API status, MQTT status and
 * events; all three are empty once the player disconnects. The same object until one of the three
 * changes (a response or another player's message leaves it).
 */
export function useStatusSources(deviceId: string): StatusSources {
  const api = useDeviceStatus(deviceId);
  const status = useDeviceMqttStatus(deviceId);
  const events = useDeviceEvents(deviceId);
  return useMemo(() => ({ api, mqtt: status, events }), [api, status, events]);
}
