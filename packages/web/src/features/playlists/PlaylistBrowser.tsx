import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { PAGE_SIZE } from '@playlist-alarms/core/constants';
import type { Playlist } from '@playlist-alarms/core/entities';
import { filterPlaylists, paginate } from '@playlist-alarms/core/playlist-browser';
import { MESSAGES } from '@playlist-alarms/core/messages';
import type { PlayerControls } from '../player/use-player';
import { useRealtime } from '../../services/use-realtime';
import { PlaylistGrid } from './PlaylistGrid';
import { PlaylistPagination } from './PlaylistPagination';
import { PlaylistToolbar } from './PlaylistToolbar';

export interface PlaylistBrowserProps {
  playlists: readonly Playlist[];
  player: Pick<PlayerControls, 'play' | 'pause' | 'resume' | 'stop'>;
}

export function PlaylistBrowser({ playlists, player }: PlaylistBrowserProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { playback } = useRealtime();

  // Pure core functions over memoised data: typing re-filters, paging only slices.
  const filtered = useMemo(() => filterPlaylists(playlists, search), [playlists, search]);
  const current = useMemo(() => paginate(filtered, page, PAGE_SIZE), [filtered, page]);

  const onSearch = (text: string) => {
    setSearch(text);
    setPage(1); // SPEC §4: a new search starts at page 1
  };

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <PlaylistToolbar search={search} onSearch={onSearch} />
      </Box>
      <PlaylistPagination
        page={current.page}
        pageCount={current.pageCount}
        onPage={setPage}
        label="Playlist pages (top)"
      />
      {current.items.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <SearchOffIcon sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h6" component="p" color="text.primary">
            {MESSAGES.noPlaylistsFound}
          </Typography>
          <Typography>{MESSAGES.adjustSearchHint}</Typography>
        </Box>
      ) : (
        <PlaylistGrid
          playlists={current.items}
          playback={playback}
          onPlay={player.play}
          onPause={player.pause}
          onResume={player.resume}
          onStop={player.stop}
        />
      )}
      <PlaylistPagination
        page={current.page}
        pageCount={current.pageCount}
        onPage={setPage}
        label="Playlist pages (bottom)"
      />
    </Box>
  );
}
