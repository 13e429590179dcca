import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  OK_TO_WAKE_PRESET,
  dayNightDraft,
  isNightNow,
  withOkToWakePreset,
} from '@playlist-alarms/core/device/day-night';
import type { DayNightField, DayNightSettings } from '@playlist-alarms/core/device/day-night';
import type { Device } from '@playlist-alarms/core/shared/entities';
import {
  DAY_NIGHT_LOADING,
  DAY_NIGHT_NOTHING,
  DAY_NIGHT_SAVE,
  DAY_NIGHT_UNDO,
  NOW_DAY,
  NOW_NIGHT,
  OK_TO_WAKE_HINT,
  OK_TO_WAKE_PRESET_LABEL,
  OK_TO_WAKE_TITLE,
  dayNightLoadFailed,
  dayNightSaveFailed,
  dayNightSaved,
  dayNightSubtitle,
  okToWakePresetHint,
} from '@playlist-alarms/core/texts/day-night-texts';
import { DayNightFields } from './DayNightFields';
import { useDayNight, useSaveDayNight } from './api/day-night-config';
import type { DayNightView } from './api/day-night-config';

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The "Day & Night" section's body: loaded lazily when the parent opens it. */
export default function DayNightSection({ device }: { device: Device }) {
  const query = useDayNight(device);
  if (query.isPending) return <Typography color="text.secondary">{DAY_NIGHT_LOADING}</Typography>;
  if (query.isError) return <Alert severity="error">{dayNightLoadFailed(reasonOf(query.error))}</Alert>;
  if (Object.keys(query.data.settings).length === 0) {
    return <Typography color="text.secondary">{DAY_NIGHT_NOTHING}</Typography>;
  }
  return <DayNightForm device={device} view={query.data} />;
}

type Outcome = { severity: 'success' | 'error'; text: string };

function DayNightForm({ device, view }: { device: Device; view: DayNightView }) {
  const save = useSaveDayNight(device);
  // null: showing what the player holds (after a save, its re-read; after a failure, the old values).
  const [draft, setDraft] = useState<DayNightSettings | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const shown = draft ?? view.settings;
  const { changes, problems, canSave } = dayNightDraft(view.settings, shown);
  const edit = (next: DayNightSettings) => {
    setDraft(next);
    setOutcome(null);
  };
  const onSave = () =>
    save.mutate(changes, {
      onSuccess: () => {
        setDraft(null);
        setOutcome({ severity: 'success', text: dayNightSaved(device.name) });
      },
      onError: (error) => {
        setDraft(null);
        setOutcome({ severity: 'error', text: dayNightSaveFailed(device.name, reasonOf(error)) });
      },
    });

  return (
    <Stack spacing={2}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {dayNightSubtitle(device.name)}
          {view.timeZone ? ` (${view.timeZone})` : ''}
        </Typography>
        <NowChip
          key={`${view.settings.dayTime}-${view.settings.nightTime}`}
          settings={view.settings}
          timeZone={view.timeZone}
        />
      </Stack>
      <OkToWake shown={shown} onPreset={() => edit(withOkToWakePreset(shown))} disabled={save.isPending} />
      <DayNightFields
        values={shown}
        problems={problems}
        disabled={save.isPending}
        onChange={(field: DayNightField, value: string) => edit({ ...shown, [field]: value })}
      />
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={!canSave || save.isPending} onClick={onSave}>
          {DAY_NIGHT_SAVE}
        </Button>
        <Button disabled={draft === null || save.isPending} onClick={() => edit(view.settings)}>
          {DAY_NIGHT_UNDO}
        </Button>
      </Stack>
    </Stack>
  );
}

function OkToWake({
  shown,
  onPreset,
  disabled,
}: {
  shown: DayNightSettings;
  onPreset: () => void;
  disabled: boolean;
}) {
  const hasLight = shown.ambientColour !== undefined || shown.nightAmbientColour !== undefined;
  if (!hasLight) return null;
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="subtitle2" component="h5">
        {OK_TO_WAKE_TITLE}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {OK_TO_WAKE_HINT} {okToWakePresetHint(OK_TO_WAKE_PRESET.nightTime, OK_TO_WAKE_PRESET.dayTime)}
      </Typography>
      <Button variant="outlined" size="small" onClick={onPreset} disabled={disabled}>
        {OK_TO_WAKE_PRESET_LABEL}
      </Button>
    </Box>
  );
}

function NowChip({ settings, timeZone }: { settings: DayNightSettings; timeZone: string | null }) {
  // The moment the section opened (or the player's times last changed) is enough for this hint.
  const [openedAt] = useState(() => Date.now());
  const { dayTime, nightTime } = settings;
  if (!dayTime || !nightTime) return null;
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const night = isNightNow({ dayTime, nightTime }, zone, openedAt);
  return <Chip size="small" variant="outlined" label={night ? NOW_NIGHT : NOW_DAY} />;
}
