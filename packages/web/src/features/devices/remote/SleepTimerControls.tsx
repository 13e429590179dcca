import { useState } from 'react';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SLEEP_TIMER } from '@playlist-alarms/core/shared/constants';
import { SLEEP_TIMER_TITLE } from '@playlist-alarms/core/texts/device-texts';
import { sleepTimerPayload } from '@playlist-alarms/core/device/mqtt-commands';
import { sleepTimerLabel } from '@playlist-alarms/core/device/remote-control';
import type { SendCommand } from '../use-device-command';

/** Presets Off/30m/1h/2h send at once; the slider (0–120 min, step 5, default 30) sends with "Set Timer". */
export function SleepTimerControls({ send }: { send: SendCommand }) {
  const [minutes, setMinutes] = useState<number>(SLEEP_TIMER.defaultMinutes);

  const apply = (value: number) => {
    setMinutes(value);
    send('sleep-timer/set', sleepTimerPayload(value));
  };

  return (
    <Stack spacing={1.5} component="section" aria-label={SLEEP_TIMER_TITLE}>
      <Typography variant="subtitle2" component="h5">
        {SLEEP_TIMER_TITLE}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {SLEEP_TIMER.presets.map((preset) => (
          <Button key={preset.label} size="small" variant="outlined" onClick={() => apply(preset.minutes)}>
            {preset.label}
          </Button>
        ))}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Slider
          aria-label="Sleep timer minutes"
          min={SLEEP_TIMER.minMinutes}
          max={SLEEP_TIMER.maxMinutes}
          step={SLEEP_TIMER.stepMinutes}
          value={minutes}
          onChange={(_event, value) => setMinutes(value)}
          valueLabelDisplay="auto"
        />
        <Typography variant="body2" sx={{ minWidth: 56, textAlign: 'right' }}>
          {sleepTimerLabel(minutes)}
        </Typography>
      </Stack>
      <Button
        variant="contained"
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => apply(minutes)}
      >
        Set Timer
      </Button>
    </Stack>
  );
}
