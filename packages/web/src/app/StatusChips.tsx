import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SpeakerIcon from '@mui/icons-material/Speaker';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { statusChipLabels } from './status-chip-labels';
import { DeepLinkOpener } from './DeepLinkOpener';

export interface StatusChipsProps {
  deviceCount: number;
  playlistCount: number;
  mqttConnected: boolean;
}

export function StatusChips({ deviceCount, playlistCount, mqttConnected }: StatusChipsProps) {
  const [signedIn, devices, playlists, mqtt] = statusChipLabels(deviceCount, playlistCount, mqttConnected);
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Connection summary">
      {/* A notification's deep link rides on this chunk: every logged-in view loads it at once, and
          it is off the first view's path, where the budget has no room for it (bench:bundle). */}
      <DeepLinkOpener />
      <Chip icon={<CheckCircleIcon />} label={signedIn} color="success" variant="outlined" />
      <Chip icon={<SpeakerIcon />} label={devices} variant="outlined" />
      <Chip icon={<QueueMusicIcon />} label={playlists} variant="outlined" />
      <Chip
        icon={mqttConnected ? <WifiIcon /> : <WifiOffIcon />}
        label={mqtt}
        color={mqttConnected ? 'success' : 'default'}
        variant="outlined"
      />
    </Stack>
  );
}
