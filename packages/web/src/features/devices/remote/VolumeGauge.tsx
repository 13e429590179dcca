import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VolumeDownIcon from '@mui/icons-material/VolumeDown';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { PLAYER_VOLUME_STEPS, REMOTE_VOLUME } from '@playlist-alarms/core/shared/constants';
import {
  VOLUME_BAND_LABELS,
  gaugeBand,
  gaugeSegmentColour,
  gaugeToPercent,
  stepGauge,
} from '@playlist-alarms/core/device/volume';
import type { GaugeColour } from '@playlist-alarms/core/device/volume';
import { volumeLimitText } from '@playlist-alarms/core/device/volume-limit';

const PALETTE: Record<GaugeColour, string> = {
  red: 'error.main',
  amber: 'warning.main',
  green: 'success.main',
};
const SEGMENTS = Array.from({ length: REMOTE_VOLUME.max }, (_, i) => i + 1);

// Each segment's button is the full height of the gauge with its bar drawn inside, and the gaps are
// the buttons' padding, so no tap falls between two segments. On a phone fourteen segments cannot
// each be 24 px wide: Quieter and Louder (full-size buttons) do the same job (WCAG 2.5.8's
// "equivalent" exception).
const HIT_HEIGHT = 40;

interface VolumeGaugeProps {
  value: number;
  onChange: (value: number) => void;
  updating?: boolean;
  disabled?: boolean;
  /** The highest level the player's limit allows (the segments above it cannot be chosen). */
  max?: number;
  /** The player's limit on its 0–16 scale, said in words under the gauge. */
  limit?: number;
}

/**
 * The 14-segment gauge (1–4 red, 5–9 amber, 10–14 green) with mute at 0. The line under
 * it names the band too (Quiet, Medium, Loud), so the colour is not the only sign, and where the
 * player's max-volume limit is ("limit 8 of 16"); segments past it are dimmed and cannot be chosen.
 */
export function VolumeGauge({
  value,
  onChange,
  updating = false,
  disabled = false,
  max = REMOTE_VOLUME.max,
  limit = PLAYER_VOLUME_STEPS,
}: VolumeGaugeProps) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Tooltip title="Mute">
          <span>
            <IconButton
              aria-label="Mute"
              aria-pressed={value === 0}
              onClick={() => onChange(0)}
              disabled={disabled}
              color={value === 0 ? 'error' : 'default'}
              size="small"
            >
              <VolumeOffIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Box role="group" aria-label="Volume gauge" sx={{ display: 'flex', alignItems: 'flex-end', flex: 1 }}>
          {SEGMENTS.map((segment) => {
            const colour = gaugeSegmentColour(segment, REMOTE_VOLUME.max);
            const lit = segment <= value;
            // Past the player's limit: the player would clamp it and the gauge would jump back.
            const overLimit = segment > max;
            return (
              <ButtonBase
                key={segment}
                aria-label={
                  overLimit ? `Volume ${segment} (over the ${volumeLimitText(limit)})` : `Volume ${segment}`
                }
                aria-pressed={lit}
                disabled={disabled || overLimit}
                data-over-limit={overLimit}
                onClick={() => onChange(segment)}
                sx={{ flex: 1, minWidth: 12, height: HIT_HEIGHT, alignItems: 'flex-end', px: '1.5px' }}
              >
                <Box
                  component="span"
                  sx={{
                    width: '100%',
                    height: 12 + segment * 2,
                    borderRadius: 1,
                    bgcolor: lit && colour ? PALETTE[colour] : 'action.disabledBackground',
                    opacity: disabled || overLimit ? 0.35 : 1,
                    transition: 'background-color 0.15s',
                  }}
                />
              </ButtonBase>
            );
          })}
        </Box>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ flex: 1 }}>
          {`Volume ${value}/${REMOTE_VOLUME.max} (${gaugeToPercent(value)}%) · `}
          <span data-testid="volume-band">{VOLUME_BAND_LABELS[gaugeBand(value, REMOTE_VOLUME.max)]}</span>
          {' · '}
          <span data-testid="volume-limit">{volumeLimitText(limit)}</span>
          {updating ? ' · updating…' : ''}
        </Typography>
        <IconButton
          aria-label="Quieter"
          onClick={() => onChange(stepGauge(value, -1))}
          disabled={disabled || value <= 0}
          size="small"
        >
          <VolumeDownIcon />
        </IconButton>
        <IconButton
          aria-label="Louder"
          onClick={() => onChange(stepGauge(value, 1, max))}
          disabled={disabled || value >= max}
          size="small"
        >
          <VolumeUpIcon />
        </IconButton>
      </Stack>
    </Stack>
  );
}
