import { useState } from 'react';
import type { AlarmHoldChange } from '@playlist-alarms/core/alarms/alarm-hold';
import {
  alarmHoldView,
  deviceAlarmName,
  holdFailed,
  holdZone,
} from '@playlist-alarms/core/alarms/alarm-hold-view';
import { localDateOf } from '@playlist-alarms/core/alarms/skip-pause';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { useNotify } from '../../services/notifier-context';
import { useAlarmHolds, useChangeAlarmHold } from './api/alarm-holds';
import { LazyPauseDialog } from './skip-pause/LazyPauseDialog';

/**
 * "Skip next", "Pause until…" (with its lazy dialog) and "Resume" on a player's alarms: each row's
 * view of its hold, and the actions. `playerZone` is the zone the player rings in, when it says.
 */
export function useDeviceAlarmHolds(deviceId: string, playerZone: string | null) {
  const notify = useNotify();
  const holds = useAlarmHolds(deviceId);
  const mutation = useChangeAlarmHold(deviceId);
  const [pausing, setPausing] = useState<DeviceAlarm | null>(null);
  const zone = holdZone(playerZone, detectTimeZone());

  const send = (alarm: DeviceAlarm, change: AlarmHoldChange, after?: () => void) =>
    mutation.mutate(
      { alarm, change },
      { onSuccess: after, onError: (error) => notify.error(holdFailed(change.action, error.message)) },
    );

  const dialog = pausing && (
    <LazyPauseDialog
      name={deviceAlarmName(pausing)}
      today={localDateOf(new Date(), zone)}
      busy={mutation.isPending}
      onPause={(through) => send(pausing, { action: 'pause', through }, () => setPausing(null))}
      onClose={() => setPausing(null)}
    />
  );
  return {
    viewOf: (alarm: DeviceAlarm) => alarmHoldView(alarm, holds, new Date(), zone),
    busy: mutation.isPending,
    onSkip: (alarm: DeviceAlarm) => send(alarm, { action: 'skip' }),
    onPause: (alarm: DeviceAlarm) => setPausing(alarm),
    onResume: (alarm: DeviceAlarm) => send(alarm, { action: 'resume' }),
    dialog,
  };
}
