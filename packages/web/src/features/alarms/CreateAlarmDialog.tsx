import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import {
  ALARM_TYPE_LABELS,
  canCreateAlarm,
  toggleDay,
  type AlarmDraft,
} from '@playlist-alarms/core/alarms/alarm-draft';
import { ALARM_VOLUME_MAPPING_NOTE, alarmStepText } from '@playlist-alarms/core/alarms/alarm-volume';
import { ALARM_TYPES, ALARM_VOLUME_SLIDER } from '@playlist-alarms/core/shared/constants';
import type { AlarmType, Device } from '@playlist-alarms/core/shared/entities';
import { DIALOG_DAY_ORDER, WEEKDAY_SHORT_LABELS } from '@playlist-alarms/core/alarms/weekdays';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import { playerClockNote } from '@playlist-alarms/core/alarms/zone-label';
import { usePlayerZone } from './api/get-device-alarms';

interface CreateAlarmDialogProps {
  playlistTitle: string;
  /** The players offered: the online ones. */
  devices: readonly Device[];
  initial: AlarmDraft;
  creating: boolean;
  onCreate: (draft: AlarmDraft) => void;
  onClose: () => void;
}

const VOLUME_MARKS = ALARM_VOLUME_SLIDER.marks.map((value) => ({ value, label: `${value}%` }));

/**
 * "Create Alarm": device, time, days (Monday first), volume and alarm type. Its values
 * live here, so a failed create leaves everything the parent chose in place.
 */
export function CreateAlarmDialog({
  playlistTitle,
  devices,
  initial,
  creating,
  onCreate,
  onClose,
}: CreateAlarmDialogProps) {
  const [draft, setDraft] = useState<AlarmDraft>(initial);
  const update = (change: Partial<AlarmDraft>) => setDraft((current) => ({ ...current, ...change }));

  // A player that went offline since the dialog opened is no longer a choice.
  const deviceId = devices.some((device) => device.deviceId === draft.deviceId) ? draft.deviceId : null;
  const effective: AlarmDraft = { ...draft, deviceId };
  // The player rings by its own clock: where that is not the browser's, the time field says so.
  const clockNote = playerClockNote(usePlayerZone(deviceId), detectTimeZone(), new Date());

  return (
    <Dialog
      open
      onClose={creating ? undefined : onClose}
      aria-labelledby="create-alarm-title"
      aria-describedby="create-alarm-playlist"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="create-alarm-title">Create Alarm</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Typography id="create-alarm-playlist" color="text.secondary">
            {playlistTitle}
          </Typography>
          <TextField
            select
            label="Device"
            value={deviceId ?? ''}
            onChange={(event) => update({ deviceId: event.target.value || null })}
          >
            {devices.map((device) => (
              <MenuItem key={device.deviceId} value={device.deviceId}>
                {device.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="time"
            label="Time"
            value={draft.time}
            onChange={(event) => update({ time: event.target.value })}
            helperText={clockNote}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          />
          <FormControl component="fieldset">
            <FormLabel component="legend">Days</FormLabel>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {DIALOG_DAY_ORDER.map((day) => (
                <ToggleButton
                  key={day}
                  value={day}
                  size="small"
                  color="primary"
                  selected={draft.days.includes(day)}
                  onChange={() => update({ days: toggleDay(draft.days, day) })}
                  sx={{ minWidth: 52 }}
                >
                  {WEEKDAY_SHORT_LABELS[day]}
                </ToggleButton>
              ))}
            </Stack>
          </FormControl>
          <FormControl>
            {/* What the percent writes on the player, said in the label; the why in the description
                (a visible second line would push Create under a snackbar on short screens). */}
            <FormLabel id="create-alarm-volume">
              Volume: {draft.volumePercent}% → {alarmStepText(draft.volumePercent)} on the player
            </FormLabel>
            <Slider
              aria-labelledby="create-alarm-volume"
              getAriaValueText={(value) => `${value}%, ${alarmStepText(value)}`}
              slotProps={{ input: { 'aria-describedby': 'create-alarm-volume-note' } }}
              value={draft.volumePercent}
              min={ALARM_VOLUME_SLIDER.min}
              max={ALARM_VOLUME_SLIDER.max}
              step={ALARM_VOLUME_SLIDER.step}
              marks={VOLUME_MARKS}
              valueLabelDisplay="auto"
              onChange={(_event, value) => update({ volumePercent: value })}
              sx={{ mx: 1, width: 'auto' }}
            />
            <Box component="span" id="create-alarm-volume-note" sx={visuallyHidden}>
              {ALARM_VOLUME_MAPPING_NOTE}
            </Box>
          </FormControl>
          <FormControl>
            <FormLabel id="create-alarm-type">Alarm type</FormLabel>
            <RadioGroup
              row
              aria-labelledby="create-alarm-type"
              value={draft.alarmType}
              onChange={(_event, value) => {
                const type = ALARM_TYPES.find((t) => t === value);
                if (type) update({ alarmType: type satisfies AlarmType });
              }}
            >
              {ALARM_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  value={type}
                  control={<Radio />}
                  label={ALARM_TYPE_LABELS[type]}
                />
              ))}
            </RadioGroup>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={creating}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => onCreate(effective)}
          disabled={!canCreateAlarm(effective, creating)}
          startIcon={creating ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Create Alarm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
