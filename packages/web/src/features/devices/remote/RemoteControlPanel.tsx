import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Device, Playlist } from '@playlist-alarms/core/entities';
import {
  REMOTE_CONTROL_SUBTITLE,
  VOLUME_CONTROL,
  remoteControlTitle,
} from '@playlist-alarms/core/device-texts';
import { MESSAGES } from '@playlist-alarms/core/messages';
import { useDeviceRealtime, useLinkStatus } from '../../../services/use-realtime';
import { useDeviceCommand } from '../use-device-command';
import { useStatusRefresh } from '../use-status-refresh';
import { AdvancedControls } from './AdvancedControls';
import { BluetoothBanner } from './BluetoothBanner';
import { PlayerControls } from './PlayerControls';
import { SystemControls } from './SystemControls';
import { VolumeGauge } from './VolumeGauge';
import { useRemoteVolume } from './use-remote-volume';

export interface RemoteControlPanelProps {
  device: Device;
  playlists: readonly Playlist[];
}

/** "{device} Remote Control": every command of SPEC §7 for one player, over its MQTT link. */
export function RemoteControlPanel({ device, playlists }: RemoteControlPanelProps) {
  const connected = useLinkStatus(device.deviceId) === 'connected';
  const title = remoteControlTitle(device.name);
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {REMOTE_CONTROL_SUBTITLE}
      </Typography>
      {connected ? (
        <ConnectedControls device={device} playlists={playlists} />
      ) : (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {MESSAGES.mustConnectMqtt}
        </Alert>
      )}
    </Paper>
  );
}

function ConnectedControls({ device, playlists }: RemoteControlPanelProps) {
  const send = useDeviceCommand(device.deviceId);
  const refresh = useStatusRefresh(device.deviceId);
  const volume = useRemoteVolume(device.deviceId, send);
  const { response } = useDeviceRealtime(device.deviceId);
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <BluetoothBanner response={response} />
      <Stack spacing={2} divider={<Divider flexItem />}>
        <PlayerControls deviceId={device.deviceId} playlists={playlists} send={send} onRefresh={refresh} />
        <Stack spacing={1} component="section" aria-label={VOLUME_CONTROL}>
          <Typography variant="subtitle1" component="h4">
            {VOLUME_CONTROL}
          </Typography>
          <VolumeGauge value={volume.value} updating={volume.updating} onChange={volume.change} />
        </Stack>
        <AdvancedControls send={send} />
        <SystemControls send={send} />
      </Stack>
    </Stack>
  );
}
