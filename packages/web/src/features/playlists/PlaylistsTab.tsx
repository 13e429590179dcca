import { Suspense, lazy, memo, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import {
  browserReducer,
  familyPlaylistCount,
  familyPlaylistsTabLabel,
  initialBrowserState,
  myPlaylistsTabLabel,
  NOW_PLAYING_BUTTON_LABEL,
} from '@playlist-alarms/core/library/playlist-browser';
import type { BrowserTab } from '@playlist-alarms/core/library/playlist-browser';
import { useNotify } from '../../services/notifier-context';
import { usePlaybackState, useSomeLinkConnected } from '../../services/use-realtime';
import { whenIdle } from '../../lib/when-idle';
import { useFamilyLibrary } from './api/get-family-library';
import type { FamilyLibrary } from './api/get-family-library';
import { usePlaylists } from '../../api/get-playlists';
import { usePinToggle } from '../../api/favourites';
import { PlaylistBrowser } from './PlaylistBrowser';

// The chapter choice loads on first use: most visits never open it.
const ChapterPickDialog = lazy(() =>
  import('./ChapterPickDialog').then((m) => ({ default: m.ChapterPickDialog })),
);
// Only a failed load shows it: MUI's Alert stays out of the first view's download.
const LoadFailedAlert = lazy(() =>
  import('../../lib/LoadFailedAlert').then((m) => ({ default: m.LoadFailedAlert })),
);

/**
 * What the tab needs of the player (the player feature's usePlayer, given by the app): the card
 * buttons' commands, which card is starting, and the now-playing modal's opener.
 */
export interface PlaylistPlayer {
  play: (playlist: Playlist) => void;
  /** Play from a chapter: the same flow as Play, with the chapter's keys in card/start. */
  playFrom: (playlist: Playlist, position: { chapterKey: string; trackKey: string | null }) => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  /** The card whose play is connecting and starting, else null. */
  starting: string | null;
  showNowPlaying: (target: { deviceId: string; playlist: Playlist | null }) => void;
}

interface PlaylistsTabProps {
  player: PlaylistPlayer;
  onSetAlarm: (playlist: Playlist) => void;
  /** Once the own list has shown and the browser is idle: the app fetches what can wait. */
  onFirstViewIdle: () => void;
  /** The dialogs the app opens from this tab (device picker, now playing, Set Alarm). */
  children?: ReactNode;
}

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
  familyCount: number | null;
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

export function PlaylistsTab({ player, onSetAlarm, onFirstViewIdle, children }: PlaylistsTabProps) {
  const playlists = usePlaylists();
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
      onFirstViewIdle();
    });
  }, [onFirstViewIdle, ownSettled]);
  const family = useFamilyLibrary({ enabled: afterFirstView || state.tab === 'family' });
  const notify = useNotify();
  const playback = usePlaybackState();
  const deviceConnected = useSomeLinkConnected();

  // The own list's failure is reported by the logged-in view; the family library's here.
  useEffect(() => {
    if (family.isError) notify.error(MESSAGES.failedToLoadPlaylists);
  }, [family.isError, notify]);

  const onTab = useCallback((tab: BrowserTab) => dispatch({ type: 'tab', tab }), []);
  const { pinned, toggle: onTogglePin } = usePinToggle();
  const pinnedCards = useMemo(() => new Set(pinned.map((favourite) => favourite.cardId)), [pinned]);
  const [chapterPick, setChapterPick] = useState<Playlist | null>(null);

  const own = playlists.data ?? NO_PLAYLISTS;
  const library = family.data ?? NO_FAMILY;
  const shownList = state.tab === 'mine' ? playlists : family;
  // A failed refetch keeps the list it had: only a tab with nothing to show needs the alert.
  const failed = shownList.isError && shownList.data === undefined;

  const playingPlaylist = useMemo(() => {
    const cardId = playback.cardId;
    if (!cardId) return null;
    return own.find((p) => p.cardId === cardId) ?? library.playlists.find((p) => p.cardId === cardId) ?? null;
  }, [library.playlists, own, playback.cardId]);
  const playingDeviceId = playback.deviceId;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <SourceTabs
            tab={state.tab}
            ownCount={own.length}
            familyCount={family.data ? familyPlaylistCount(family.data.groups) : null}
            onChange={onTab}
          />
        </Box>
        {/* It stays while the modal is open: the modal gives focus back to it on closing. */}
        {playingDeviceId && playback.cardId && (
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
      {shownList.isPending && <Loading />}
      {failed && (
        <Suspense fallback={null}>
          <LoadFailedAlert
            message={MESSAGES.failedToLoadPlaylists}
            onRetry={() => void shownList.refetch()}
          />
        </Suspense>
      )}
      {!shownList.isPending && !failed && (
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
          pinnedCards={pinnedCards}
          onTogglePin={onTogglePin}
          onPlayFromChapter={setChapterPick}
        />
      )}
      {chapterPick && (
        <Suspense fallback={null}>
          <ChapterPickDialog
            playlist={chapterPick}
            onChoose={(position) => player.playFrom(chapterPick, position)}
            onClose={() => setChapterPick(null)}
          />
        </Suspense>
      )}
      {children}
    </Box>
  );
}
