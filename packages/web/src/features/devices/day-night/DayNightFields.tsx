import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  brightnessChoices,
  brightnessLabel,
  shutdownChoices,
  volumeLimitLabel,
} from '@playlist-alarms/core/device/day-night';
import type { DayNightField, DayNightSettings } from '@playlist-alarms/core/device/day-night';
import { PLAYER_VOLUME_STEPS } from '@playlist-alarms/core/shared/constants';
import {
  DAY_HEADING,
  DAY_NIGHT_LABELS,
  NIGHT_HEADING,
  durationLabel,
} from '@playlist-alarms/core/texts/day-night-texts';

interface FieldsProps {
  values: DayNightSettings;
  problems: Partial<Record<DayNightField, string>>;
  onChange: (field: DayNightField, value: string) => void;
  disabled: boolean;
}

const VOLUME_CHOICES = Array.from({ length: PLAYER_VOLUME_STEPS + 1 }, (_, step) => String(step));

/** The fields the player keeps, night and day side by side; a field it lacks is not shown. */
export function DayNightFields(props: FieldsProps) {
  const part = (heading: string, fields: DayNightField[]) =>
    fields.some((field) => props.values[field] !== undefined) && (
      <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="h5">
          {heading}
        </Typography>
        {fields.map((field) => (
          <Field key={field} field={field} {...props} />
        ))}
      </Stack>
    );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {part(NIGHT_HEADING, [
          'nightTime',
          'nightAmbientColour',
          'nightMaxVolumeLimit',
          'nightDisplayBrightness',
        ])}
        {part(DAY_HEADING, ['dayTime', 'ambientColour', 'maxVolumeLimit', 'dayDisplayBrightness'])}
      </Stack>
      <Field field="shutdownTimeout" {...props} />
    </Stack>
  );
}

function Field({ field, values, problems, onChange, disabled }: FieldsProps & { field: DayNightField }) {
  const value = values[field];
  if (value === undefined) return null;
  const common = {
    label: DAY_NIGHT_LABELS[field],
    value,
    disabled,
    size: 'small' as const,
    error: problems[field] !== undefined,
    helperText: problems[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
    slotProps: { inputLabel: { shrink: true } },
  };
  switch (field) {
    case 'dayTime':
    case 'nightTime':
      return <TextField {...common} type="time" />;
    case 'ambientColour':
    case 'nightAmbientColour':
      return <TextField {...common} type="color" sx={{ maxWidth: 220 }} />;
    case 'maxVolumeLimit':
    case 'nightMaxVolumeLimit':
      return <Choice {...common}>{options(VOLUME_CHOICES, volumeLimitLabel)}</Choice>;
    case 'dayDisplayBrightness':
    case 'nightDisplayBrightness':
      return <Choice {...common}>{options(brightnessChoices(value), brightnessLabel)}</Choice>;
    case 'shutdownTimeout':
      return (
        <Choice {...common} sx={{ maxWidth: 260 }}>
          {options(shutdownChoices(value), durationLabel)}
        </Choice>
      );
  }
}

/** A native select: quick on phones, and plain for tests to choose from. */
function Choice(props: Parameters<typeof TextField>[0] & { children: ReactNode }) {
  return <TextField {...props} select slotProps={{ ...props.slotProps, select: { native: true } }} />;
}

const options = (values: readonly string[], label: (value: string) => string) =>
  values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
