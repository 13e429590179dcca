import { memo } from 'react';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Device, Playlist } from '@playlist-alarms/core/shared/entities';
import {
  REMOTE_CONTROL_SUBTITLE,
  VOLUME_CONTROL,
  remoteControlTitle,
} from '@playlist-alarms/core/texts/device-texts';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { hasAmbientLight, noAmbientLightText } from '@playlist-alarms/core/device/player-family';
import { useBluetoothResponse, useLinkStatus } from '../../../services/use-realtime';
import { useDeviceCommand } from '../use-device-command';
import type { SendCommand } from '../use-device-command';
import { useStatusRefresh } from '../use-status-refresh';
import { AdvancedControls } from './AdvancedControls';
import { BluetoothBanner } from './BluetoothBanner';
import { PlayerControls } from './PlayerControls';
import { SystemControls } from './SystemControls';
import { VolumeGauge } from './VolumeGauge';
import { useRemoteVolume } from './use-remote-volume';

interface RemoteControlPanelProps {
  device: Device;
  playlists: readonly Playlist[];
}

/**
 * "{device} Remote Control": every device command for one player, over its MQTT link. Memoised,
 * as are its sections: the player's messages re-render only what shows them (the Bluetooth banner on
 * a response, the gauge on a volume report), not the buttons.
 */
export const RemoteControlPanel = memo(function RemoteControlPanel({
  device,
  playlists,
}: RemoteControlPanelProps) {
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
});

function ConnectedControls({ device, playlists }: RemoteControlPanelProps) {
  const send = useDeviceCommand(device.deviceId);
  const refresh = useStatusRefresh(device.deviceId);
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <ResponseBanner deviceId={device.deviceId} />
      <Stack spacing={2} divider={<Divider flexItem />}>
        <PlayerControls deviceId={device.deviceId} playlists={playlists} onRefresh={refresh} />
        <VolumeSection deviceId={device.deviceId} send={send} />
        <AdvancedControls
          send={send}
          noLight={hasAmbientLight(device) ? null : noAmbientLightText(device.name)}
        />
        <SystemControls send={send} />
      </Stack>
    </Stack>
  );
}

function ResponseBanner({ deviceId }: { deviceId: string }) {
  return <BluetoothBanner response={useBluetoothResponse(deviceId)} />;
}

function VolumeSection({ deviceId, send }: { deviceId: string; send: SendCommand }) {
  const volume = useRemoteVolume(deviceId, send);
  return (
    <Stack spacing={1} component="section" aria-label={VOLUME_CONTROL}>
      <Typography variant="subtitle1" component="h4">
        {VOLUME_CONTROL}
      </Typography>
      <VolumeGauge
        value={volume.value}
        max={volume.max}
        limit={volume.limit}
        updating={volume.updating}
        onChange={volume.change}
      />
    </Stack>
  );
}
