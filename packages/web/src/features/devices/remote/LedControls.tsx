import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LED_PRESETS, RGB } from '@playlist-alarms/core/shared/constants';
import { AMBIENT_LEDS } from '@playlist-alarms/core/texts/device-texts';
import { ambientPayload } from '@playlist-alarms/core/device/remote-control';
import type { SendCommand } from '../use-device-command';

type Colour = { r: number; g: number; b: number };
const CHANNELS = [
  { key: 'r', label: 'Red' },
  { key: 'g', label: 'Green' },
  { key: 'b', label: 'Blue' },
] as const;

// The swatch's ring: the divider colour is too faint to outline White on a light page or Off on a
// dark one; the active-icon colour is 3:1 or more against either background.
const SWATCH_RING = 'action.active';

/** Ambient light: a preset sends at once; the RGB sliders (0–255 each) send with "Set Colour". */
export function LedControls({ send }: { send: SendCommand }) {
  const [colour, setColour] = useState<Colour>({ r: 255, g: 165, b: 0 });

  const apply = (next: Colour) => {
    setColour(next);
    send('ambients/set', ambientPayload(next));
  };

  return (
    <Stack spacing={1.5} component="section" aria-label={AMBIENT_LEDS}>
      <Typography variant="subtitle2" component="h5">
        {AMBIENT_LEDS}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {LED_PRESETS.map((preset) => (
          <Button
            key={preset.name}
            size="small"
            variant="outlined"
            onClick={() => apply({ r: preset.r, g: preset.g, b: preset.b })}
            startIcon={
              <Box
                component="span"
                sx={{
                  width: 14,
                  height: 14,
                  borderRadius: '50%',
                  border: '1px solid',
                  borderColor: SWATCH_RING,
                  bgcolor: `rgb(${preset.r}, ${preset.g}, ${preset.b})`,
                }}
              />
            }
          >
            {preset.name}
          </Button>
        ))}
      </Stack>
      {CHANNELS.map(({ key, label }) => (
        <Stack key={key} direction="row" sx={{ alignItems: 'center', gap: 2 }}>
          <Typography variant="body2" sx={{ width: 44 }}>
            {label}
          </Typography>
          <Slider
            aria-label={label}
            min={RGB.min}
            max={RGB.max}
            value={colour[key]}
            onChange={(_event, value) => setColour((current) => ({ ...current, [key]: value }))}
            valueLabelDisplay="auto"
          />
          <Typography variant="body2" sx={{ width: 32, textAlign: 'right' }}>
            {colour[key]}
          </Typography>
        </Stack>
      ))}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            width: 32,
            height: 32,
            borderRadius: 1,
            border: '1px solid',
            borderColor: SWATCH_RING,
            bgcolor: `rgb(${colour.r}, ${colour.g}, ${colour.b})`,
          }}
        />
        <Button variant="contained" size="small" onClick={() => apply(colour)}>
          Set Colour
        </Button>
      </Stack>
    </Stack>
  );
}
