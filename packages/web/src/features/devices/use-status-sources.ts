import { useMemo } from 'react';
import type { StatusSources } from '@playlist-alarms/core/status-report';
import { useDeviceEvents, useDeviceMqttStatus, useLinkStatus } from '../../services/use-realtime';
import { useDeviceStatus } from './api/get-device-status';

/**
 * What the status chips and the report read: API status (while connected), MQTT status, events.
 * The same object until one of the three changes (a response or another player's message leaves it).
 */
export function useStatusSources(deviceId: string): StatusSources {
  const connected = useLinkStatus(deviceId) === 'connected';
  const api = useDeviceStatus(deviceId, connected).data ?? null;
  const status = useDeviceMqttStatus(deviceId);
  const events = useDeviceEvents(deviceId);
  return useMemo(() => ({ api, mqtt: status, events }), [api, status, events]);
}
