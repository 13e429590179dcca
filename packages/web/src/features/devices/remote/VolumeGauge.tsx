import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { REMOTE_VOLUME } from '@playlist-alarms/core/constants';
import { gaugeSegmentColour, gaugeToPercent } from '@playlist-alarms/core/volume';
import type { GaugeColour } from '@playlist-alarms/core/volume';

const PALETTE: Record<GaugeColour, string> = {
  red: 'error.main',
  amber: 'warning.main',
  green: 'success.main',
};
const SEGMENTS = Array.from({ length: REMOTE_VOLUME.max }, (_, i) => i + 1);

export interface VolumeGaugeProps {
  value: number;
  onChange: (value: number) => void;
  updating?: boolean;
  disabled?: boolean;
}

/** The 14-segment gauge of SPEC §9 (1–4 red, 5–9 amber, 10–14 green) with mute at 0. */
export function VolumeGauge({ value, onChange, updating = false, disabled = false }: VolumeGaugeProps) {
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
        <Box
          role="group"
          aria-label="Volume gauge"
          sx={{ display: 'flex', alignItems: 'flex-end', gap: '3px', flex: 1 }}
        >
          {SEGMENTS.map((segment) => {
            const colour = gaugeSegmentColour(segment, REMOTE_VOLUME.max);
            const lit = segment <= value;
            return (
              <ButtonBase
                key={segment}
                aria-label={`Volume ${segment}`}
                aria-pressed={lit}
                disabled={disabled}
                onClick={() => onChange(segment)}
                sx={{
                  flex: 1,
                  minWidth: 12,
                  height: 12 + segment * 2,
                  borderRadius: 1,
                  bgcolor: lit && colour ? PALETTE[colour] : 'action.disabledBackground',
                  opacity: disabled ? 0.5 : 1,
                  transition: 'background-color 0.15s',
                }}
              />
            );
          })}
        </Box>
      </Stack>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {`Volume ${value}/${REMOTE_VOLUME.max} (${gaugeToPercent(value)}%)`}
        {updating ? ' · updating…' : ''}
      </Typography>
    </Stack>
  );
}
