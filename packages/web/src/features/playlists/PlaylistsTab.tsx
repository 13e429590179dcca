import { Suspense, lazy, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { familyPlaylistCount } from '@playlist-alarms/core/playlist-browser';
import { usePlayer } from '../player/use-player';
import { useDevices } from './api/get-devices';
import { useFamilyGroups } from './api/get-family-groups';
import { usePlaylists } from './api/get-playlists';
import { FamilyGroupsList } from './FamilyGroupsList';
import { PlaylistBrowser } from './PlaylistBrowser';

const SelectDeviceDialog = lazy(() =>
  import('../player/SelectDeviceDialog').then((m) => ({ default: m.SelectDeviceDialog })),
);

const NO_DEVICES: never[] = [];
const NO_GROUPS: never[] = [];

export function PlaylistsTab() {
  const playlists = usePlaylists();
  const devices = useDevices();
  const family = useFamilyGroups();
  const player = usePlayer(devices.data ?? NO_DEVICES);
  const [top, setTop] = useState<'mine' | 'family'>('mine');

  const familyCount = familyPlaylistCount(family.data ?? NO_GROUPS);

  return (
    <Box>
      <Tabs
        value={top}
        onChange={(_event, next: 'mine' | 'family') => setTop(next)}
        aria-label="Playlist sources"
        sx={{ mb: 2 }}
      >
        <Tab value="mine" label={`My Playlists (${playlists.data?.length ?? 0})`} />
        <Tab value="family" label={`Family Playlists (${familyCount})`} />
      </Tabs>
      {top === 'mine' &&
        (playlists.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading playlists" />
          </Box>
        ) : (
          <PlaylistBrowser playlists={playlists.data ?? []} player={player} />
        ))}
      {top === 'family' && <FamilyGroupsList groups={family.data ?? []} loading={family.isPending} />}
      {player.picker && (
        <Suspense fallback={null}>
          <SelectDeviceDialog
            open
            devices={player.picker.devices}
            onChoose={player.choose}
            onClose={player.closePicker}
          />
        </Suspense>
      )}
    </Box>
  );
}
