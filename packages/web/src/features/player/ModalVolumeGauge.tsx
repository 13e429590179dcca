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
} from '@playlist-alarms/core/now-playing';
import type { GaugeColour } from '@playlist-alarms/core/volume';

const COLOURS: Record<GaugeColour, string> = {
  red: 'error.main',
  amber: 'warning.main',
  green: 'success.main',
};

export interface ModalVolumeGaugeProps {
  gauge: number;
  onChange: (gauge: number) => void;
}

/** SPEC §5: ten segments (1–3 red, 4–6 amber, 7–10 green) and mute at 0. */
export function ModalVolumeGauge({ gauge, onChange }: ModalVolumeGaugeProps) {
  return (
    <Box role="group" aria-label="Volume" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <IconButton
        aria-label={NOW_PLAYING_LABELS.mute}
        aria-pressed={gauge === 0}
        onClick={() => onChange(0)}
        color={gauge === 0 ? 'error' : 'default'}
      >
        {gauge === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </IconButton>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, flexGrow: 1 }}>
        {MODAL_GAUGE_SEGMENTS.map(({ level, colour }) => {
          const lit = level <= gauge;
          return (
            <ButtonBase
              key={level}
              aria-label={`Volume ${level}`}
              aria-pressed={level === gauge}
              data-lit={lit}
              data-colour={colour}
              onClick={() => onChange(level)}
              sx={{
                flex: 1,
                height: 12 + level * 2.5,
                minWidth: 14,
                borderRadius: 1,
                bgcolor: lit ? COLOURS[colour] : 'action.disabledBackground',
                transition: 'background-color 120ms',
              }}
            />
          );
        })}
      </Box>
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }} data-testid="modal-volume">
        {modalVolumePayload(gauge).volume}%
      </Typography>
    </Box>
  );
}
