import { Suspense, lazy, memo, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import type { Playlist } from '@playlist-alarms/core/entities';
import { MESSAGES } from '@playlist-alarms/core/messages';
import {
  browserReducer,
  familyPlaylistCount,
  familyPlaylistsTabLabel,
  initialBrowserState,
  myPlaylistsTabLabel,
  NOW_PLAYING_BUTTON_LABEL,
} from '@playlist-alarms/core/playlist-browser';
import type { BrowserTab } from '@playlist-alarms/core/playlist-browser';
import { prefetchNoticeSnackbar } from '../../app/AppSnackbar';
import { useNotify } from '../../services/notifier-context';
import { usePlaybackState, useSomeLinkConnected } from '../../services/use-realtime';
import { whenIdle } from '../../lib/when-idle';
import { usePlayer } from '../player/use-player';
import { useDevices } from '../../api/get-devices';
import { useFamilyLibrary } from './api/get-family-library';
import type { FamilyLibrary } from './api/get-family-library';
import { usePlaylists } from '../../api/get-playlists';
import { PlaylistBrowser } from './PlaylistBrowser';
import type { SetAlarmRequest } from './SetAlarmHost';

// Dialogs load on first use, keeping the logged-in view's JavaScript small.
const SelectDeviceDialog = lazy(() =>
  import('../player/SelectDeviceDialog').then((m) => ({ default: m.SelectDeviceDialog })),
);
// The Set Alarm flow (alarm rules, dialog, config write) loads when first used.
const loadSetAlarmHost = () => import('./SetAlarmHost');
const SetAlarmHost = lazy(() => loadSetAlarmHost().then((m) => ({ default: m.SetAlarmHost })));
const NowPlayingModal = lazy(() =>
  import('../player/NowPlayingModal').then((m) => ({ default: m.NowPlayingModal })),
);

const NO_DEVICES: never[] = [];
const NO_PLAYLISTS: never[] = [];
const NO_FAMILY: FamilyLibrary = { groups: [], playlists: [], notes: new Map() };

const SourceTabs = memo(function SourceTabs({
  tab,
  ownCount,
  familyCount,
  onChange,
}: {
  tab: BrowserTab;
  ownCount: number;
  familyCount: number;
  onChange: (tab: BrowserTab) => void;
}) {
  return (
    <Tabs value={tab} onChange={(_event, next: BrowserTab) => onChange(next)} aria-label="Playlist sources">
      <Tab value="mine" label={myPlaylistsTabLabel(ownCount)} />
      <Tab value="family" label={familyPlaylistsTabLabel(familyCount)} />
    </Tabs>
  );
});

function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading playlists" />
    </Box>
  );
}

export function PlaylistsTab() {
  const playlists = usePlaylists();
  const devices = useDevices();
  const [state, dispatch] = useReducer(browserReducer, initialBrowserState);
  // What the first view needs comes first: the family library (its code and its many requests) and
  // the snackbar's code wait until the own list has shown and the browser is idle, unless the family
  // tab is opened sooner.
  const ownSettled = !playlists.isPending;
  const [afterFirstView, setAfterFirstView] = useState(false);
  useEffect(() => {
    if (!ownSettled) return;
    return whenIdle(() => {
      setAfterFirstView(true);
      prefetchNoticeSnackbar();
    });
  }, [ownSettled]);
  const family = useFamilyLibrary({ enabled: afterFirstView || state.tab === 'family' });
  const notify = useNotify();
  const deviceList = devices.data ?? NO_DEVICES;
  const player = usePlayer(deviceList);
  const [alarmRequest, setAlarmRequest] = useState<SetAlarmRequest | null>(null);
  const playback = usePlaybackState();
  const deviceConnected = useSomeLinkConnected();

  // Set Alarm becomes usable once a player is connected: fetch its code then, not on the click.
  useEffect(() => {
    if (deviceConnected) loadSetAlarmHost().catch(() => undefined); // the click will try again
  }, [deviceConnected]);

  // The own list's failure is reported by the logged-in view; the family library's here.
  useEffect(() => {
    if (family.isError) notify.error(MESSAGES.failedToLoadPlaylists);
  }, [family.isError, notify]);

  const onSetAlarm = useCallback(
    (playlist: Playlist) => setAlarmRequest((last) => ({ playlist, seq: (last?.seq ?? 0) + 1 })),
    [],
  );
  const onTab = useCallback((tab: BrowserTab) => dispatch({ type: 'tab', tab }), []);

  const own = playlists.data ?? NO_PLAYLISTS;
  const library = family.data ?? NO_FAMILY;
  const loading = state.tab === 'mine' ? playlists.isPending : family.isPending;

  const playingPlaylist = useMemo(() => {
    const cardId = playback.cardId;
    if (!cardId) return null;
    return own.find((p) => p.cardId === cardId) ?? library.playlists.find((p) => p.cardId === cardId) ?? null;
  }, [library.playlists, own, playback.cardId]);
  const nowPlaying = player.nowPlaying;
  const nowPlayingDevice = nowPlaying && deviceList.find((d) => d.deviceId === nowPlaying.deviceId);
  const playingDeviceId = playback.deviceId;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <SourceTabs
            tab={state.tab}
            ownCount={own.length}
            familyCount={familyPlaylistCount(library.groups)}
            onChange={onTab}
          />
        </Box>
        {playingDeviceId && playback.cardId && !nowPlaying && (
          <Button
            variant="outlined"
            color="secondary"
            size="small"
            startIcon={<GraphicEqIcon />}
            onClick={() => player.showNowPlaying({ deviceId: playingDeviceId, playlist: playingPlaylist })}
          >
            {NOW_PLAYING_BUTTON_LABEL}
          </Button>
        )}
      </Box>
      {loading ? (
        <Loading />
      ) : (
        <PlaylistBrowser
          state={state}
          dispatch={dispatch}
          own={own}
          family={library}
          playback={playback}
          deviceConnected={deviceConnected}
          startingCardId={player.starting}
          onPlay={player.play}
          onPause={player.pause}
          onResume={player.resume}
          onStop={player.stop}
          onSetAlarm={onSetAlarm}
        />
      )}
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
      {nowPlaying && (
        <Suspense fallback={null}>
          <NowPlayingModal
            target={nowPlaying}
            deviceName={nowPlayingDevice?.name ?? nowPlaying.deviceId}
            controls={player}
            onClose={player.closeNowPlaying}
          />
        </Suspense>
      )}
      {alarmRequest && (
        <Suspense fallback={null}>
          <SetAlarmHost devices={deviceList} request={alarmRequest} />
        </Suspense>
      )}
    </Box>
  );
}
