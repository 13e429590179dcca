import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import {
  MODAL_GAUGE_SEGMENTS,
  NOW_PLAYING_LABELS,
  modalVolumePayload,
} from '@playlist-alarms/core/device/now-playing';
import { PLAYER_MODAL_VOLUME, PLAYER_VOLUME_STEPS } from '@playlist-alarms/core/shared/constants';
import { VOLUME_BAND_LABELS, gaugeBand } from '@playlist-alarms/core/device/volume';
import type { GaugeColour } from '@playlist-alarms/core/device/volume';
import { volumeLimitText } from '@playlist-alarms/core/device/volume-limit';

const COLOURS: Record<GaugeColour, string> = {
  red: 'error.main',
  amber: 'warning.main',
  green: 'success.main',
};

interface ModalVolumeGaugeProps {
  gauge: number;
  onChange: (gauge: number) => void;
  /** The highest level the player's limit allows (the segments above it cannot be chosen). */
  max?: number | undefined;
  /** The player's limit on its 0–16 scale, said in words beside the gauge. */
  limit?: number | undefined;
}

// Each segment is a button at least 24×24 px (WCAG 2.5.8), whatever its bar's height: the bar is
// drawn inside a full-height transparent hit area, and the gaps between bars are the buttons'
// padding, so no tap falls between two segments. On a phone the dialog is too narrow for mute,
// ten 24 px segments and the percentage in one row: the segments get a row of their own.
const HIT_HEIGHT = 40;
const barHeight = (level: number) => 12 + level * 2.5; // rising bars, 14.5 to 37 px

/**
 * Ten segments (1–3 red, 4–6 amber, 7–10 green) and mute at 0. Under the percentage, the
 * band's name (Quiet, Medium, Loud), so the colour is not the only sign, and where the player's
 * max-volume limit is ("limit 8 of 16"); segments past it are dimmed and cannot be chosen.
 */
export function ModalVolumeGauge({
  gauge,
  onChange,
  max = PLAYER_MODAL_VOLUME.max,
  limit = PLAYER_VOLUME_STEPS,
}: ModalVolumeGaugeProps) {
  return (
    <Box
      role="group"
      aria-label="Volume"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1 }}
    >
      <IconButton
        aria-label={NOW_PLAYING_LABELS.mute}
        aria-pressed={gauge === 0}
        onClick={() => onChange(0)}
        color={gauge === 0 ? 'error' : 'default'}
      >
        {gauge === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </IconButton>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-end',
          flexGrow: 1,
          order: { xs: 1, sm: 0 },
          flexBasis: { xs: '100%', sm: 0 },
        }}
      >
        {MODAL_GAUGE_SEGMENTS.map(({ level, colour }) => {
          const lit = level <= gauge;
          // Past the player's limit: the player would clamp it and the gauge would jump back.
          const overLimit = level > max;
          return (
            <ButtonBase
              key={level}
              aria-label={
                overLimit ? `Volume ${level} (over the ${volumeLimitText(limit)})` : `Volume ${level}`
              }
              aria-pressed={level === gauge}
              data-lit={lit}
              data-colour={colour}
              data-over-limit={overLimit}
              disabled={overLimit}
              onClick={() => onChange(level)}
              sx={{
                flex: 1,
                minWidth: 24,
                height: HIT_HEIGHT,
                alignItems: 'flex-end',
                px: '2px',
                borderRadius: 1,
              }}
            >
              <Box
                component="span"
                data-testid="volume-bar"
                sx={{
                  width: '100%',
                  height: barHeight(level),
                  borderRadius: 1,
                  bgcolor: lit ? COLOURS[colour] : 'action.disabledBackground',
                  opacity: overLimit ? 0.35 : 1,
                  transition: 'background-color 120ms',
                }}
              />
            </ButtonBase>
          );
        })}
      </Box>
      <Box sx={{ minWidth: 48, textAlign: 'right', ml: { xs: 'auto', sm: 0 } }}>
        <Typography variant="body2" data-testid="modal-volume">
          {modalVolumePayload(gauge).volume}%
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="modal-volume-band">
          {VOLUME_BAND_LABELS[gaugeBand(gauge, PLAYER_MODAL_VOLUME.max)]}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="modal-volume-limit"
          sx={{ display: 'block', whiteSpace: 'nowrap' }}
        >
          {volumeLimitText(limit)}
        </Typography>
      </Box>
    </Box>
  );
}
