import { memo, useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DEVICE_STATUS_OVERVIEW } from '@playlist-alarms/core/texts/device-texts';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { useDeviceEvents, useDeviceOnline } from '../../services/use-realtime';
import { LiveStatusChips } from './DeviceStatusChips';
import { nowPlayingLine } from './device-summary';
import { LinkChip } from './LinkChip';

interface DeviceStatusOverviewProps {
  devices: readonly Device[];
  open: boolean;
  onToggle: () => void;
}

/** The collapsible "Device Status Overview": one summary line per player. */
export function DeviceStatusOverview({ devices, open, onToggle }: DeviceStatusOverviewProps) {
  const contentId = useId();
  return (
    <Paper variant="outlined" component="section" aria-label={DEVICE_STATUS_OVERVIEW}>
      <Button
        fullWidth
        color="inherit"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: '0.2s' }} />}
        sx={{ justifyContent: 'space-between', p: 1.5, fontSize: '1rem' }}
      >
        {DEVICE_STATUS_OVERVIEW}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Stack id={contentId} spacing={1} sx={{ p: 1.5, pt: 0 }}>
          {devices.map((device) => (
            <OverviewRow key={device.deviceId} device={device} />
          ))}
        </Stack>
      </Collapse>
    </Paper>
  );
}

// Memoised: the overview re-renders when opened or closed; each row's parts follow their own player.
const OverviewRow = memo(function OverviewRow({ device }: { device: Device }) {
  const online = useDeviceOnline(device);
  return (
    <Box
      role="group"
      aria-label={`${device.name} overview`}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5 }}
    >
      <Typography sx={{ fontWeight: 700, minWidth: 140 }}>{device.name}</Typography>
      <Chip size="small" label={online ? 'Online' : 'Offline'} color={online ? 'success' : 'default'} />
      <LinkChip deviceId={device.deviceId} />
      <LiveStatusChips deviceId={device.deviceId} />
      <NowPlayingLine deviceId={device.deviceId} />
    </Box>
  );
});

function NowPlayingLine({ deviceId }: { deviceId: string }) {
  const playing = nowPlayingLine(useDeviceEvents(deviceId));
  if (!playing) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {playing}
    </Typography>
  );
}
