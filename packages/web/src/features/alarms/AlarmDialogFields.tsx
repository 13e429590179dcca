import { useId } from 'react';
import Box from '@mui/material/Box';
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
import visuallyHidden from '@mui/utils/visuallyHidden';
import { ALARM_TYPE_LABELS, toggleDay } from '@playlist-alarms/core/alarms/alarm-draft';
import { ALARM_VOLUME_MAPPING_NOTE, alarmStepText } from '@playlist-alarms/core/alarms/alarm-volume';
import { DIALOG_DAY_ORDER, WEEKDAY_SHORT_LABELS } from '@playlist-alarms/core/alarms/weekdays';
import { ALARM_TYPES, ALARM_VOLUME_SLIDER } from '@playlist-alarms/core/shared/constants';
import type { AlarmType, Device, Weekday } from '@playlist-alarms/core/shared/entities';

// The alarm dialogs' controls, shared by Create Alarm, Edit alarm and the cloud alarm dialog: each
// takes its value and reports a change; the dialog holds the values.

const VOLUME_MARKS = ALARM_VOLUME_SLIDER.marks.map((value) => ({ value, label: `${value}%` }));

/** The player an alarm is for: fixed (disabled) where the alarm lives on it. */
export function AlarmPlayerField(p: {
  label: string;
  deviceId: string;
  devices: readonly Pick<Device, 'deviceId' | 'name'>[];
  disabled?: boolean;
  onChange: (deviceId: string | null) => void;
}) {
  return (
    <TextField
      select
      label={p.label}
      value={p.deviceId}
      disabled={p.disabled ?? false}
      onChange={(event) => p.onChange(event.target.value || null)}
    >
      {p.devices.map((device) => (
        <MenuItem key={device.deviceId} value={device.deviceId}>
          {device.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function AlarmTimeField(p: { time: string; note?: string | null; onChange: (time: string) => void }) {
  return (
    <TextField
      type="time"
      label="Time"
      value={p.time}
      onChange={(event) => p.onChange(event.target.value)}
      helperText={p.note ?? null}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
    />
  );
}

export function AlarmDaysField(p: { days: Weekday[]; onChange: (days: Weekday[]) => void }) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Days</FormLabel>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {DIALOG_DAY_ORDER.map((day) => (
          <ToggleButton
            key={day}
            value={day}
            size="small"
            color="primary"
            selected={p.days.includes(day)}
            onChange={() => p.onChange(toggleDay(p.days, day))}
            sx={{ minWidth: 52 }}
          >
            {WEEKDAY_SHORT_LABELS[day]}
          </ToggleButton>
        ))}
      </Stack>
    </FormControl>
  );
}

export function AlarmVolumeField(p: { percent: number; onChange: (percent: number) => void }) {
  return (
    <FormControl>
      {/* What the percent writes on the player, said in the label; the why in the description
          (a visible second line would push the button under a snackbar on short screens). */}
      <FormLabel id="create-alarm-volume">
        Volume: {p.percent}% → {alarmStepText(p.percent)} on the player
      </FormLabel>
      <Slider
        aria-labelledby="create-alarm-volume"
        getAriaValueText={(value) => `${value}%, ${alarmStepText(value)}`}
        slotProps={{ input: { 'aria-describedby': 'create-alarm-volume-note' } }}
        value={p.percent}
        min={ALARM_VOLUME_SLIDER.min}
        max={ALARM_VOLUME_SLIDER.max}
        step={ALARM_VOLUME_SLIDER.step}
        marks={VOLUME_MARKS}
        valueLabelDisplay="auto"
        onChange={(_event, value) => p.onChange(value)}
        sx={{ mx: 1, width: 'auto' }}
      />
      <Box component="span" id="create-alarm-volume-note" sx={visuallyHidden}>
        {ALARM_VOLUME_MAPPING_NOTE}
      </Box>
    </FormControl>
  );
}

export function AlarmTypeField(p: { type: AlarmType; onChange: (type: AlarmType) => void }) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>Alarm type</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={p.type}
        onChange={(_event, value) => {
          const type = ALARM_TYPES.find((t) => t === value);
          if (type) p.onChange(type);
        }}
      >
        {ALARM_TYPES.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={ALARM_TYPE_LABELS[type]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
