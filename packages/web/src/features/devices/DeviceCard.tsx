import { memo, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import SpeakerIcon from '@mui/icons-material/Speaker';
import { MQTT_CONNECT, MQTT_DISCONNECT } from '@playlist-alarms/core/texts/device-texts';
import type { Device, Playlist } from '@playlist-alarms/core/shared/entities';
import { useDeviceOnline, useLinkCloseReason, useLinkStatus } from '../../services/use-realtime';
import { DeviceStatusAccordion } from './DeviceStatusAccordion';
import { DayNightPanel } from './day-night/DayNightPanel';
import { AlarmHistoryButton } from './history/AlarmHistoryButton';
import { mqttChipLabel } from './device-summary';
import { RemoteControlPanel } from './remote/RemoteControlPanel';
import type { DeviceConnection } from './use-device-connection';

interface DeviceCardProps {
  device: Device;
  playlists: readonly Playlist[];
  connection: DeviceConnection;
  titleOf: (cardId: string) => string;
  /** The player's alarms (the alarms feature's preview, given by the app). */
  renderAlarms: RenderDeviceAlarms;
  /** A deep link asked for this player: the card scrolls into view and takes the focus. */
  focused?: boolean;
}

/** Renders a player's alarm preview; stable (module level), so the memoised cards keep still. */
export type RenderDeviceAlarms = (deviceId: string, titleOf: (cardId: string) => string) => ReactNode;

/**
 * One player: MQTT connect/disconnect, its status, its remote control and its first alarms.
 * Memoised (its props are stable): another player's messages or link leave it alone.
 */
export const DeviceCard = memo(function DeviceCard({
  device,
  playlists,
  connection,
  titleOf,
  renderAlarms,
  focused = false,
}: DeviceCardProps) {
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Focusing scrolls the card into view, and a screen reader announces it.
    if (focused) cardRef.current?.focus();
  }, [focused]);
  const link = useLinkStatus(device.deviceId);
  const closeReason = useLinkCloseReason(device.deviceId);
  const online = useDeviceOnline(device);
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };

  return (
    <Card
      component="article"
      aria-label={device.name}
      data-testid="device-card"
      ref={cardRef}
      {...(focused ? { tabIndex: -1 } : {})}
    >
      <CardHeader
        avatar={<SpeakerIcon color={online ? 'primary' : 'disabled'} />}
        title={
          <Typography variant="h6" component="h3">
            {device.name}
          </Typography>
        }
        subheader={device.description || device.deviceType}
        action={
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
            <Chip size="small" label={online ? 'Online' : 'Offline'} color={online ? 'success' : 'default'} />
            <Chip
              size="small"
              variant="outlined"
              label={mqttChipLabel(link)}
              color={link === 'connected' ? 'success' : 'default'}
            />
          </Stack>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            {link === 'connected' ? (
              <Button
                variant="outlined"
                startIcon={<LinkOffIcon />}
                disabled={busy}
                onClick={() => run(() => connection.disconnect(device))}
              >
                {MQTT_DISCONNECT}
              </Button>
            ) : (
              <Button
                variant="contained"
                startIcon={<LinkIcon />}
                disabled={busy || link === 'connecting' || !online}
                onClick={() => run(() => connection.connect(device))}
              >
                {MQTT_CONNECT}
              </Button>
            )}
            <AlarmHistoryButton device={device} />
          </Stack>
          {closeReason !== null && (
            // A status, not an alert: the link is already reconnecting, nobody needs to act.
            <Alert severity="info" role="status" data-testid="link-close-reason">
              {closeReason}
            </Alert>
          )}
          <DeviceStatusAccordion device={device} />
          <RemoteControlPanel device={device} playlists={playlists} />
          <DayNightPanel device={device} />
          <Stack spacing={0.5} component="section" aria-label={`${device.name} alarms`}>
            <Typography variant="subtitle1" component="h4">
              Alarms
            </Typography>
            {renderAlarms(device.deviceId, titleOf)}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
});
