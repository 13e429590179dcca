import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SpeakerIcon from '@mui/icons-material/Speaker';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { MQTT_CONNECTED_LABEL, MQTT_DISCONNECTED_LABEL } from '@playlist-alarms/core/messages';

interface StatusChipsProps {
  deviceCount: number;
  playlistCount: number;
  mqttConnected: boolean;
}

export function StatusChips({ deviceCount, playlistCount, mqttConnected }: StatusChipsProps) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Connection summary">
      <Chip icon={<CheckCircleIcon />} label="Connected" color="success" variant="outlined" />
      <Chip icon={<SpeakerIcon />} label={`${deviceCount} Devices`} variant="outlined" />
      <Chip icon={<QueueMusicIcon />} label={`${playlistCount} Playlists`} variant="outlined" />
      <Chip
        icon={mqttConnected ? <WifiIcon /> : <WifiOffIcon />}
        label={mqttConnected ? MQTT_CONNECTED_LABEL : MQTT_DISCONNECTED_LABEL}
        color={mqttConnected ? 'success' : 'default'}
        variant="outlined"
      />
    </Stack>
  );
}
