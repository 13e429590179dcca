import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { ALARM_TYPE_LABELS } from '@playlist-alarms/core/alarms/alarm-draft';
import { alarmTypeKey, detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { MESSAGES, failedToDeleteAlarm } from '@playlist-alarms/core/texts/messages';
import { alarmVolumeLabel } from '@playlist-alarms/core/alarms/alarm-volume';
import { daysWording } from '@playlist-alarms/core/alarms/weekdays';
import { timeWithPlace } from '@playlist-alarms/core/alarms/zone-label';
import { useServices } from '../../services/app-services';
import { useNotify } from '../../services/notifier-context';
import { ConfirmDialog } from './ConfirmDialog';
import { useEditDeviceAlarm } from './api/edit-device-alarm';
import { useDeviceAlarms } from './api/get-device-alarms';
import { useAlarmTitle } from './api/get-card-title';

export type KnownTitle = (cardId: string) => string | undefined;

/** One player's alarms; mounted only when its accordion opens, so the list loads then. */
export function DeviceAlarmList({ deviceId, knownTitle }: { deviceId: string; knownTitle: KnownTitle }) {
  const query = useDeviceAlarms(deviceId);
  const edit = useEditDeviceAlarm(deviceId);
  const notify = useNotify();
  const [confirming, setConfirming] = useState<DeviceAlarm | null>(null);

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
        {alarms.map((alarm) => (
          <DeviceAlarmItem
            key={`${alarm.id}|${alarm.raw}`}
            deviceId={deviceId}
            alarm={alarm}
            time={shown(alarm)}
            knownTitle={knownTitle(alarm.cardId)}
            busy={edit.isPending}
            onToggle={(enabled) => setEnabled(alarm, enabled)}
            onDelete={() => setConfirming(alarm)}
          />
        ))}
      </List>
      {errors.map((error) => (
        <Alert key={error} severity="warning" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ))}
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

function DeviceAlarmItem({
  deviceId,
  alarm,
  time,
  knownTitle,
  busy,
  onToggle,
  onDelete,
}: {
  deviceId: string;
  alarm: DeviceAlarm;
  /** Its time as the list shows it (with the player's place when its clock is not the browser's). */
  time: string;
  knownTitle: string | undefined;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onDelete: () => void;
}) {
  const title = useAlarmTitle(alarm.cardId, knownTitle);
  const { alarmTypes } = useServices();
  const type = alarmTypes.get(alarmTypeKey(deviceId, alarm));
  return (
    <ListItem divider>
      <ListItemText
        primary={`${time} · ${title}`}
        secondary={`${daysWording(alarm.days) || 'No days'} · ${alarmVolumeLabel(alarm.volume)}`}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {type && <Chip size="small" variant="outlined" label={ALARM_TYPE_LABELS[type]} />}
        <Switch
          checked={alarm.enabled}
          disabled={busy}
          onChange={(_event, checked) => onToggle(checked)}
          slotProps={{ input: { 'aria-label': `Alarm at ${alarm.time} on` } }}
        />
        <IconButton aria-label={`Delete alarm at ${alarm.time}`} onClick={onDelete} disabled={busy}>
          <DeleteIcon />
        </IconButton>
      </Stack>
    </ListItem>
  );
}
