import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import type { UserProfile } from '@playlist-alarms/core/shared/entities';
import { greeting } from '@playlist-alarms/core/texts/display-name';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { useDevices } from '../api/get-devices';
import { usePresenceWatch } from '../features/devices/use-presence-watch';
import { usePlaylists } from '../api/get-playlists';
import { afterFirstView } from '../lib/first-view';
import { whenIdle } from '../lib/when-idle';
import { useServices } from '../services/app-services';
import { useSomeLinkConnected } from '../services/use-realtime';
import { MainTabs } from './MainTabs';
import { useNotify } from '../services/notifier-context';
import { StatusChipsPlaceholder } from './StatusChipsPlaceholder';

// The smart alarm scheduler is its own chunk: it reads every player's alarms, so it starts once
// the lists are in and the first cards have painted (the players' list may come before the
// playlists: the cards then wait for none of it).
const AlarmScheduler = lazy(() =>
  import('../features/alarms/scheduler/AlarmScheduler').then((module) => ({
    default: module.AlarmScheduler,
  })),
);

// The help button (it starts the guided tour) is a small chunk fetched once the first cards have
// painted (lib/first-view.ts), so they wait for none of it; the tour itself loads on its first press.
// MUI's Chip and the chips' icons (about 4 kB gzip) are not needed for the first card either: the
// summary arrives then, in a placeholder of its size.
const StatusChips = lazy(() => import('./StatusChips').then((module) => ({ default: module.StatusChips })));

const HelpFab = lazy(() =>
  import('../features/tour/HelpFab').then((module) => ({ default: module.HelpFab })),
);

// MUI's Container (maxWidth "lg") as the Box every view already loads: centred, full width up to
// the lg breakpoint's 1200 px. Container and Stack would be two more components in the first download.
const MAIN = {
  width: '100%',
  maxWidth: 'lg',
  mx: 'auto',
  boxSizing: 'border-box',
  py: { xs: 2, sm: 4 },
  px: { xs: 1.5, sm: 3 },
} as const;

export function LoggedInView({ user, onLogout }: { user: UserProfile; onLogout: () => void }) {
  const playlists = usePlaylists();
  const devices = useDevices();
  // Not the whole realtime snapshot: that changes with every player message and would re-render the page.
  const mqttConnected = useSomeLinkConnected();
  const notify = useNotify();
  // Every card says Online or Offline as the player does, connected or not.
  usePresenceWatch(devices.data);

  // Reported here once, not in every component that reads the lists.
  useEffect(() => {
    if (playlists.isError) notify.error(MESSAGES.failedToLoadPlaylists);
  }, [notify, playlists.isError]);
  useEffect(() => {
    if (devices.isError) notify.error(MESSAGES.failedToLoadDevices);
  }, [devices.isError, notify]);

  // The user and the players are recorded at the backend after sign-in (cloud alarms need them). Its code loads
  // once the playlists are in and the browser is idle, so it costs the first card nothing.
  const { loadCloud } = useServices();
  const queryClient = useQueryClient();
  const synced = useRef(false);
  const listsSettled = !playlists.isPending && !devices.isPending;
  const deviceList = devices.data;
  useEffect(() => {
    if (synced.current || !listsSettled) return;
    return whenIdle(() => {
      synced.current = true;
      void import('../features/alarms/cloud/sync-on-sign-in')
        .then(({ syncOnSignIn }) =>
          syncOnSignIn({
            queryClient,
            loadCloud,
            user,
            devices: deviceList ?? [],
            onError: (m) => notify.error(m),
          }),
        )
        .catch(() => undefined); // a chunk that fails to load: the alarm tab syncs the user when opened
    });
  }, [deviceList, listsSettled, loadCloud, notify, queryClient, user]);

  // Once settled, for good: the scheduler's mount refetches a list that failed, and unmounting it
  // while that refetch is pending would remount it, and refetch, as soon as it fails again.
  const [settledOnce, setSettledOnce] = useState(false);
  if (listsSettled && !settledOnce) setSettledOnce(true);

  // The help button and the chips' chunks: after the first cards.
  const [firstViewShown, setFirstViewShown] = useState(false);
  useEffect(() => afterFirstView(() => setFirstViewShown(true)), []);

  const playlistCount = playlists.data?.length ?? 0;
  const deviceCount = devices.data?.length ?? 0;
  const chips = { deviceCount, playlistCount, mqttConnected };

  return (
    <Box component="main" sx={MAIN}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          justifyContent: 'space-between',
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 2,
          mb: 2,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }} gutterBottom>
            {greeting(user)}
          </Typography>
          {firstViewShown ? (
            <Suspense fallback={<StatusChipsPlaceholder {...chips} />}>
              <StatusChips {...chips} />
            </Suspense>
          ) : (
            <StatusChipsPlaceholder {...chips} />
          )}
        </Box>
        <Button
          variant="outlined"
          startIcon={<LogoutIcon />}
          onClick={onLogout}
          sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
        >
          Logout
        </Button>
      </Box>
      {/* It floats in the corner; here in the page's order, Tab reaches it right after Logout. */}
      {firstViewShown && (
        <Suspense fallback={null}>
          <HelpFab />
        </Suspense>
      )}
      {settledOnce && firstViewShown && (
        <Suspense fallback={null}>
          <AlarmScheduler />
        </Suspense>
      )}
      <MainTabs playlistCount={playlistCount} deviceCount={deviceCount} />
    </Box>
  );
}
