import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  FADE_IN_CHOICES,
  SLEEP_TIMER_CHOICES,
  type ExtrasDraft,
} from '@playlist-alarms/core/cloud/alarm-extras';
import type { AlarmType } from '@playlist-alarms/core/shared/entities';
import { ALARM_EXTRAS_TEXTS, minutesChoiceLabel } from '@playlist-alarms/core/texts/alarm-extras-texts';

interface ExtrasFieldsProps {
  alarmType: AlarmType;
  extras: ExtrasDraft;
  onChange: (extras: ExtrasDraft) => void;
}

function MinutesField(props: {
  label: string;
  help: string;
  value: number;
  choices: readonly number[];
  onChange: (minutes: number) => void;
}) {
  return (
    <TextField
      select
      label={props.label}
      helperText={props.help}
      value={props.value}
      onChange={(event) => props.onChange(Number(event.target.value))}
    >
      {props.choices.map((minutes) => (
        <MenuItem key={minutes} value={minutes}>
          {minutesChoiceLabel(minutes)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A wake-up alarm's fade in; a bedtime alarm's sleep timer and night light. */
export function ExtrasFields({ alarmType, extras, onChange }: ExtrasFieldsProps) {
  const set = (change: Partial<ExtrasDraft>) => onChange({ ...extras, ...change });
  if (alarmType === 'wakeup') {
    return (
      <MinutesField
        label={ALARM_EXTRAS_TEXTS.fadeLabel}
        help={ALARM_EXTRAS_TEXTS.fadeHelp}
        value={extras.fadeMinutes}
        choices={FADE_IN_CHOICES}
        onChange={(fadeMinutes) => set({ fadeMinutes })}
      />
    );
  }
  return (
    <>
      <MinutesField
        label={ALARM_EXTRAS_TEXTS.sleepTimerLabel}
        help={ALARM_EXTRAS_TEXTS.sleepTimerHelp}
        value={extras.sleepMinutes}
        choices={SLEEP_TIMER_CHOICES}
        onChange={(sleepMinutes) => set({ sleepMinutes })}
      />
      <FormControlLabel
        control={
          <Switch checked={extras.nightLight} onChange={(_event, nightLight) => set({ nightLight })} />
        }
        label={ALARM_EXTRAS_TEXTS.nightLightLabel}
      />
    </>
  );
}
