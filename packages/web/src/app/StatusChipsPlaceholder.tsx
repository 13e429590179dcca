import Box from '@mui/material/Box';
import type { StatusChipsProps } from './StatusChips';
import { statusChipLabels } from './status-chip-labels';

/**
 * Holds the chips' place while their chunk loads, chip for chip (height 32, the label's width plus
 * the icon and padding), so the tabs and cards below do not move when the chips arrive.
 */
export function StatusChipsPlaceholder(props: StatusChipsProps) {
  const labels = statusChipLabels(props.deviceCount, props.playlistCount, props.mqttConnected);
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      aria-hidden
      data-testid="status-chips-placeholder"
    >
      {labels.map((label) => (
        <Box key={label} sx={{ height: 32, width: `calc(${label.length}ch + 44px)`, maxWidth: '100%' }} />
      ))}
    </Box>
  );
}
