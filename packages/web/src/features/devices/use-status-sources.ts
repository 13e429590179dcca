import { useMemo } from 'react';
import type { StatusSources } from '@playlist-alarms/core/status-report';
import { useDeviceRealtime, useLinkStatus } from '../../services/use-realtime';
import { useDeviceStatus } from './api/get-device-status';

/** What the status chips and the report read: API status (while connected), MQTT status, events. */
export function useStatusSources(deviceId: string): StatusSources {
  const connected = useLinkStatus(deviceId) === 'connected';
  const api = useDeviceStatus(deviceId, connected).data ?? null;
  const { status, events } = useDeviceRealtime(deviceId);
  return useMemo(() => ({ api, mqtt: status, events }), [api, status, events]);
}
