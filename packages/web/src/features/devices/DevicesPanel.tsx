import { useCallback, useEffect, useMemo, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Device, Playlist } from '@playlist-alarms/core/shared/entities';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { useDevices } from '../../api/get-devices';
import { usePlaylists } from '../../api/get-playlists';
import { useServices } from '../../services/app-services';
import { DeviceCard } from './DeviceCard';
import { forgetFocusDevice, heldFocusDevice } from '../../lib/app-view-link';
import { LoadFailedAlert } from '../../lib/LoadFailedAlert';
import type { RenderDeviceAlarms } from './DeviceCard';
import { DeviceStatusOverview } from './DeviceStatusOverview';
import { useDeviceConnection } from './use-device-connection';
import type { DeviceConnection } from './use-device-connection';

const NO_PLAYLISTS: readonly Playlist[] = [];

/**
 * The Device Management tab: the status overview, then a card per player. Each card's alarms
 * come from the alarms feature, through `renderAlarms` (the app composes the two).
 */
export function DevicesPanel({ renderAlarms }: { renderAlarms: RenderDeviceAlarms }) {
  const devices = useDevices();
  const playlists = usePlaylists();
  const { devices: registry } = useServices();
  const base = useDeviceConnection();
  // Open at first when some player is already connected, as connecting opens it.
  const [overviewOpen, setOverviewOpen] = useState(() =>
    Object.values(registry.getSnapshot().links).includes('connected'),
  );

  const connection = useMemo<DeviceConnection>(
    () => ({
      connect: async (device: Device) => {
        const connected = await base.connect(device);
        if (connected) setOverviewOpen(true);
        return connected;
      },
      disconnect: base.disconnect,
    }),
    [base],
  );

  const titles = useMemo(
    () => new Map((playlists.data ?? []).flatMap((p) => (p.cardId ? [[p.cardId, p.title] as const] : []))),
    [playlists.data],
  );
  const titleOf = useCallback((cardId: string) => titles.get(cardId) ?? cardId, [titles]);

  const list = devices.data ?? [];
  // A notification about a player opens this tab on that player's card.
  // Forgotten only once the tab is committed: a render that suspends and is retried keeps it.
  const [focusDevice] = useState(heldFocusDevice);
  useEffect(forgetFocusDevice, []);
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">
        Device Management
      </Typography>
      {devices.isPending && <CircularProgress aria-label="Loading devices" />}
      {/* A failed refetch keeps the players it had: only an empty tab needs the alert. */}
      {devices.isError && devices.data === undefined && (
        <LoadFailedAlert message={MESSAGES.failedToLoadDevices} onRetry={() => void devices.refetch()} />
      )}
      {devices.isSuccess && list.length === 0 && (
        <Typography color="text.secondary">No devices found.</Typography>
      )}
      {list.length > 0 && (
        <DeviceStatusOverview
          devices={list}
          open={overviewOpen}
          onToggle={() => setOverviewOpen((open) => !open)}
        />
      )}
      {list.map((device) => (
        <DeviceCard
          key={device.deviceId}
          device={device}
          playlists={playlists.data ?? NO_PLAYLISTS}
          connection={connection}
          titleOf={titleOf}
          renderAlarms={renderAlarms}
          focused={device.deviceId === focusDevice}
        />
      ))}
    </Stack>
  );
}
