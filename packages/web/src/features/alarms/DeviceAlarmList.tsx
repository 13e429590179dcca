import { useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { MESSAGES, failedToDeleteAlarm } from '@playlist-alarms/core/texts/messages';
import { timeWithPlace } from '@playlist-alarms/core/alarms/zone-label';
import { alarmToEdit, switchMeaning } from '@playlist-alarms/core/alarms/alarm-hold-view';
import { useNotify } from '../../services/notifier-context';
import { ConfirmDialog } from './ConfirmDialog';
import { DeviceAlarmItem } from './DeviceAlarmItem';
import { useEditDeviceAlarm } from './api/edit-device-alarm';
import { useDeviceAlarms } from './api/get-device-alarms';
import { useDeviceAlarmHolds } from './use-device-alarm-holds';
import { useEditAlarm } from './use-edit-alarm';

export type KnownTitle = (cardId: string) => string | undefined;

/**
 * One player's alarms, each named by its card (own playlists, else the family library, else the
 * card's content); mounted only when its accordion opens, so the list loads then.
 */
export function DeviceAlarmList({ deviceId }: { deviceId: string }) {
  const query = useDeviceAlarms(deviceId);
  const edit = useEditDeviceAlarm(deviceId);
  const notify = useNotify();
  const [confirming, setConfirming] = useState<DeviceAlarm | null>(null);
  const editor = useEditAlarm(deviceId, edit);
  const holds = useDeviceAlarmHolds(deviceId, query.data?.timeZone ?? null);

  if (query.isPending) return <CircularProgress size={24} aria-label="Loading alarms" />;
  if (query.isError) return <Alert severity="error">{MESSAGES.failedToLoadDeviceAlarms}</Alert>;
  const { alarms, errors, timeZone } = query.data;
  // The player's clock, not the browser's: say so where they differ.
  const shown = (alarm: DeviceAlarm) => timeWithPlace(alarm.time, timeZone, detectTimeZone(), new Date());

  const remove = (alarm: DeviceAlarm) =>
    edit.mutate(
      { alarm, edit: { kind: 'delete' } },
      {
        onSuccess: () => {
          setConfirming(null);
          notify.success(MESSAGES.alarmDeleted);
        },
        onError: (error) => {
          setConfirming(null);
          notify.error(
            error.message === MESSAGES.invalidDeviceOrAlarmId
              ? error.message
              : failedToDeleteAlarm(error.message),
          );
        },
      },
    );
  const setEnabled = (alarm: DeviceAlarm, enabled: boolean) =>
    edit.mutate(
      { alarm, edit: { kind: 'set-enabled', enabled } },
      { onError: (error) => notify.error(`Failed to update alarm: ${error.message}`) },
    );

  return (
    <>
      {alarms.length === 0 && <Typography color="text.secondary">No alarms on this device.</Typography>}
      <List dense aria-label="Device alarms">
        {alarms.map((alarm) => {
          const hold = holds.viewOf(alarm);
          return (
            <DeviceAlarmItem
              key={`${alarm.id}|${alarm.raw}`}
              deviceId={deviceId}
              alarm={alarm}
              time={shown(alarm)}
              hold={hold}
              holdActions={{
                onSkip: () => holds.onSkip(alarm),
                onPause: () => holds.onPause(alarm),
                onResume: () => holds.onResume(alarm),
              }}
              busy={edit.isPending || holds.busy}
              onToggle={(on) =>
                switchMeaning(hold, on).kind === 'resume' ? holds.onResume(alarm) : setEnabled(alarm, on)
              }
              onEdit={() => editor.start(alarmToEdit(alarm, hold))}
              onDelete={() => setConfirming(alarm)}
            />
          );
        })}
      </List>
      {errors.map((error) => (
        <Alert key={error} severity="warning" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ))}
      {editor.element}
      {holds.dialog}
      {confirming && (
        <ConfirmDialog
          title="Delete this alarm?"
          text={`The ${confirming.time} alarm will be removed from the player.`}
          confirmLabel="Delete"
          busy={edit.isPending}
          onConfirm={() => remove(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
