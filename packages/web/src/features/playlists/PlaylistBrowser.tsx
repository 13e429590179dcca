import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Dispatch } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import type { PlaybackState } from '@playlist-alarms/core/device/playback-state';
import {
  createPlaylistSearch,
  groupIdOf,
  groupTabs,
  listGroups,
  paginate,
  prepareSearch,
  scopePlaylists,
} from '@playlist-alarms/core/library/playlist-browser';
import type {
  BrowserAction,
  BrowserState,
  BrowserTab,
  BrowserView,
  GroupFilter,
} from '@playlist-alarms/core/library/playlist-browser';
import { whenIdle } from '../../lib/when-idle';
import type { FamilyLibrary } from './api/get-family-library';
import { GroupNotes } from './GroupNotes';
import type { GroupNoteEntry } from './GroupNotes';
import { GroupTabs } from './GroupTabs';
import type { PlaylistCardHandlers } from './PlaylistCardActions';
import { PlaylistBrowserStyles } from './PlaylistBrowserStyles';
import { PlaylistGrid } from './PlaylistGrid';
import { PlaylistPagination } from './PlaylistPagination';
import { PlaylistToolbar } from './PlaylistToolbar';

interface PlaylistBrowserProps extends PlaylistCardHandlers {
  state: BrowserState;
  dispatch: Dispatch<BrowserAction>;
  own: readonly Playlist[];
  family: FamilyLibrary;
  playback: PlaybackState;
  deviceConnected: boolean;
  startingCardId: string | null;
  /** The cards pinned to Quick Play Favorites. */
  pinnedCards: ReadonlySet<string>;
}

function notesFor(tab: BrowserTab, group: GroupFilter, family: FamilyLibrary): GroupNoteEntry[] {
  if (tab !== 'family' || group === 'mine') return [];
  const only = groupIdOf(group);
  return family.groups.flatMap((group) => {
    const note = family.notes.get(group.id);
    return note && (only === null || only === group.id) ? [{ id: group.id, name: group.name, note }] : [];
  });
}

/**
 * Search, groups, view and paging over one memoised list. The search box follows every
 * keystroke; the list follows a deferred copy of the state, so typing never waits for the cards,
 * and only one page (12 memoised cards) is ever mounted.
 */
export function PlaylistBrowser({
  state,
  dispatch,
  own,
  family,
  playback,
  deviceConnected,
  startingCardId,
  ...handlers
}: PlaylistBrowserProps) {
  const shown = useDeferredValue(state);
  const [search] = useState(createPlaylistSearch);
  const [initialSearch] = useState(state.search);

  // Index the large own list while the browser is idle, not on the first keystroke.
  useEffect(() => whenIdle(() => prepareSearch(own)), [own]);

  const scoped = useMemo(
    () => scopePlaylists(shown.tab, shown.group, own, family.playlists),
    [shown.tab, shown.group, own, family.playlists],
  );
  const filtered = useMemo(() => search(scoped, shown.search), [search, scoped, shown.search]);
  const current = useMemo(() => paginate(filtered, shown.page), [filtered, shown.page]);
  const tabs = useMemo(
    () => groupTabs(state.tab, state.tab === 'family' ? family.groups : listGroups(own)),
    [state.tab, family.groups, own],
  );
  const notes = useMemo(() => notesFor(shown.tab, shown.group, family), [shown.tab, shown.group, family]);

  const onSearch = useCallback((search: string) => dispatch({ type: 'search', search }), [dispatch]);
  const onView = useCallback((view: BrowserView) => dispatch({ type: 'view', view }), [dispatch]);
  const onGroup = useCallback((group: GroupFilter) => dispatch({ type: 'group', group }), [dispatch]);
  const onPage = useCallback((page: number) => dispatch({ type: 'page', page }), [dispatch]);

  // A group whose note already says why it has nothing needs no "No playlists found" as well.
  const explained = notes.length > 0 && groupIdOf(shown.group) !== null && !shown.search.trim();

  return (
    <div>
      <PlaylistBrowserStyles />
      <GroupTabs tabs={tabs} value={state.group} onChange={onGroup} />
      <PlaylistToolbar initialSearch={initialSearch} view={state.view} onSearch={onSearch} onView={onView} />
      <GroupNotes entries={notes} />
      <PlaylistPagination
        page={current.page}
        pageCount={current.pageCount}
        onPage={onPage}
        label="Playlist pages (top)"
      />
      {current.items.length > 0 ? (
        <PlaylistGrid
          playlists={current.items}
          playback={playback}
          view={shown.view}
          deviceConnected={deviceConnected}
          startingCardId={startingCardId}
          {...handlers}
        />
      ) : (
        !explained && (
          <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
            <SearchOffIcon sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="h6" component="p" color="text.primary">
              {MESSAGES.noPlaylistsFound}
            </Typography>
            <Typography>{MESSAGES.adjustSearchHint}</Typography>
          </Box>
        )
      )}
      <PlaylistPagination
        page={current.page}
        pageCount={current.pageCount}
        onPage={onPage}
        label="Playlist pages (bottom)"
      />
    </div>
  );
}
