import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import SpeakerIcon from '@mui/icons-material/Speaker';
import type { Device } from '@playlist-alarms/core/shared/entities';

interface SelectDeviceDialogProps {
  open: boolean;
  devices: readonly Device[];
  onChoose: (device: Device) => void;
  onClose: () => void;
}

/** "Select Device for Playback": lists the online players. */
export function SelectDeviceDialog({ open, devices, onChoose, onClose }: SelectDeviceDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="select-device-title" fullWidth maxWidth="xs">
      <DialogTitle id="select-device-title">Select Device for Playback</DialogTitle>
      <List sx={{ pt: 0 }}>
        {devices.map((device) => (
          // A list holds list items (axe "list"): the button sits inside one.
          <ListItem key={device.deviceId} disablePadding>
            <ListItemButton onClick={() => onChoose(device)}>
              <ListItemIcon>
                <SpeakerIcon color="primary" />
              </ListItemIcon>
              <ListItemText primary={device.name} secondary="Online" />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
