import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canCreateAlarm, type AlarmDraft } from '@playlist-alarms/core/alarms/alarm-draft';
import { canSaveAlarmEdit, type AlarmCardChoice } from '@playlist-alarms/core/alarms/alarm-edit';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { ALARM_EDIT_TEXTS } from '@playlist-alarms/core/texts/alarm-edit-texts';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import { playerClockNote } from '@playlist-alarms/core/alarms/zone-label';
import { usePlayerZone } from './api/get-device-alarms';
import { AlarmCardFields } from './AlarmCardFields';
import {
  AlarmDaysField,
  AlarmPlayerField,
  AlarmTimeField,
  AlarmTypeField,
  AlarmVolumeField,
} from './AlarmDialogFields';

/** The dialog's values: an edit also carries the alarm's card and chapter. */
export type DialogDraft = AlarmDraft & { card?: AlarmCardChoice };

interface CreateAlarmDialogProps {
  /** Under the title: the playlist being set (create) or the player (edit). */
  subtitle: string;
  /** The players offered: the online ones (create), or the alarm's own player, fixed (edit). */
  devices: readonly Device[];
  initial: DialogDraft;
  /** "Edit alarm" with a Save button, the card and chapter choices, and the player fixed. */
  editing?: boolean;
  creating: boolean;
  onCreate: (draft: DialogDraft) => void;
  onClose: () => void;
}

/**
 * "Create Alarm" (or "Edit alarm"): device, time, days (Monday first), volume, alarm type, and
 * when editing the card and its chapter. Its values live here, so a failed write leaves everything
 * the parent chose in place.
 */
export function CreateAlarmDialog({
  subtitle,
  devices,
  initial,
  editing = false,
  creating,
  onCreate,
  onClose,
}: CreateAlarmDialogProps) {
  const [draft, setDraft] = useState<DialogDraft>(initial);
  const update = (change: Partial<DialogDraft>) => setDraft((current) => ({ ...current, ...change }));

  // A player that went offline since the dialog opened is no longer a choice.
  const deviceId = devices.some((device) => device.deviceId === draft.deviceId) ? draft.deviceId : null;
  const effective: DialogDraft = { ...draft, deviceId };
  // The player rings by its own clock: where that is not the browser's, the time field says so.
  const clockNote = playerClockNote(usePlayerZone(deviceId), detectTimeZone(), new Date());
  const card = effective.card;
  const allowed =
    editing && card
      ? canSaveAlarmEdit({ ...effective, card }, creating)
      : canCreateAlarm(effective, creating);
  const title = editing ? ALARM_EDIT_TEXTS.editTitle : 'Create Alarm';

  return (
    <Dialog
      open
      onClose={creating ? undefined : onClose}
      aria-labelledby="create-alarm-title"
      aria-describedby="create-alarm-playlist"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="create-alarm-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Typography id="create-alarm-playlist" color="text.secondary">
            {subtitle}
          </Typography>
          <AlarmPlayerField
            label="Device"
            deviceId={deviceId ?? ''}
            devices={devices}
            disabled={editing}
            onChange={(next) => update({ deviceId: next })}
          />
          <AlarmTimeField time={draft.time} note={clockNote} onChange={(time) => update({ time })} />
          <AlarmDaysField days={draft.days} onChange={(days) => update({ days })} />
          {editing && card && <AlarmCardFields card={card} onChange={(next) => update({ card: next })} />}
          <AlarmVolumeField
            percent={draft.volumePercent}
            onChange={(volumePercent) => update({ volumePercent })}
          />
          <AlarmTypeField type={draft.alarmType} onChange={(alarmType) => update({ alarmType })} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={creating}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => onCreate(effective)}
          disabled={!allowed}
          startIcon={creating ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {editing ? ALARM_EDIT_TEXTS.save : 'Create Alarm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
