import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { parseAlarmList } from '@playlist-alarms/core/alarms/alarm-codec';
import type { AlarmHoldChange } from '@playlist-alarms/core/alarms/alarm-hold';
import type { AlarmHold } from '@playlist-alarms/core/alarms/alarm-hold-answers';
import { alarmHoldRequest, holdsRecheckIn } from '@playlist-alarms/core/alarms/alarm-hold-view';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { DeviceAlarms } from './get-device-alarms';

const NO_HOLDS: AlarmHold[] = [];

/** Reads a player's holds and its alarm list again (the server may have changed both). */
const refresh = (queryClient: QueryClient, deviceId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.alarmHolds(deviceId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.deviceConfig(deviceId) }),
  ]);

/**
 * A player's held alarms; none while unread or when the backend cannot say (the rows then offer
 * skip and pause, and the server answers any refusal). Read again after the next switch-on, so a
 * row goes back on by itself.
 */
export function useAlarmHolds(deviceId: string): AlarmHold[] {
  const { loadAlarmHolds } = useServices();
  const queryClient = useQueryClient();
  const holds =
    useQuery({
      queryKey: queryKeys.alarmHolds(deviceId),
      queryFn: async () => (await loadAlarmHolds()).listAlarmHolds(deviceId),
    }).data ?? NO_HOLDS;
  useEffect(() => {
    const wait = holdsRecheckIn(holds, new Date());
    if (wait === null) return;
    const timer = setTimeout(() => void refresh(queryClient, deviceId), wait);
    return () => clearTimeout(timer);
  }, [holds, queryClient, deviceId]);
  return holds;
}

/** "Skip next", "Pause until…" or "Resume" of one alarm: the answer shows at once in the row. */
export function useChangeAlarmHold(deviceId: string) {
  const { loadAlarmHolds } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ alarm, change }: { alarm: DeviceAlarm; change: AlarmHoldChange }) =>
      (await loadAlarmHolds()).changeAlarmHold(deviceId, alarmHoldRequest(alarm, change)),
    onSuccess: ({ holds, alarms }) => {
      queryClient.setQueryData(queryKeys.alarmHolds(deviceId), holds);
      // The server's read-back of the player's list; the zone and power stay as last read.
      queryClient.setQueryData<DeviceAlarms>(
        queryKeys.deviceConfig(deviceId),
        (read) => read && { ...read, ...parseAlarmList(alarms) },
      );
    },
    // After a refusal the list may be stale (the alarm changed elsewhere): read both again.
    onError: () => void refresh(queryClient, deviceId),
  });
}
