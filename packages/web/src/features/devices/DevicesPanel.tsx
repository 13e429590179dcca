import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SpeakerIcon from '@mui/icons-material/Speaker';
import { MQTT_CONNECTED_LABEL } from '@playlist-alarms/core/messages';
import { useDevices } from '../playlists/api/get-devices';
import { useRealtime } from '../../services/use-realtime';

/** The household's players with their online state and whether this app holds a live link to them. */
export function DevicesPanel() {
  const devices = useDevices();
  const { links } = useRealtime();
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">
        Device Management
      </Typography>
      {devices.data?.length === 0 && <Typography color="text.secondary">No devices found.</Typography>}
      <List aria-label="Your players">
        {(devices.data ?? []).map((device) => (
          <ListItem key={device.deviceId} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemIcon>
              <SpeakerIcon color={device.online ? 'primary' : 'disabled'} />
            </ListItemIcon>
            <ListItemText primary={device.name} secondary={device.description || device.deviceType} />
            <Stack direction="row" spacing={1}>
              <Chip
                size="small"
                label={device.online ? 'Online' : 'Offline'}
                color={device.online ? 'success' : 'default'}
              />
              {links[device.deviceId] === 'connected' && (
                <Chip size="small" variant="outlined" label={MQTT_CONNECTED_LABEL} />
              )}
            </Stack>
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
