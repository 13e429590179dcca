import { memo } from 'react';
import Box from '@mui/material/Box';
import type { Playlist } from '@playlist-alarms/core/entities';
import type { BrowserView } from '@playlist-alarms/core/playlist-browser';
import { cardPlaybackPhase } from '@playlist-alarms/core/playback-state';
import type { PlaybackState } from '@playlist-alarms/core/playback-state';
import { PlaylistCard } from './PlaylistCard';
import type { PlaylistCardHandlers } from './PlaylistCardActions';

export interface PlaylistGridProps extends PlaylistCardHandlers {
  /** One page: at most 12 cards are ever mounted. */
  playlists: readonly Playlist[];
  playback: PlaybackState;
  view: BrowserView;
  deviceConnected: boolean;
}

const columns = {
  grid: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(4, minmax(0, 1fr))',
  },
  list: { xs: 'minmax(0, 1fr)' },
} as const;

export const PlaylistGrid = memo(function PlaylistGrid({
  playlists,
  playback,
  view,
  ...rest
}: PlaylistGridProps) {
  return (
    <Box
      component="ul"
      aria-label="Playlists"
      data-view={view}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: columns[view],
      }}
    >
      {playlists.map((playlist) => (
        <li key={playlist.id}>
          <PlaylistCard
            playlist={playlist}
            layout={view}
            phase={cardPlaybackPhase(playback, playlist.cardId)}
            {...rest}
          />
        </li>
      ))}
    </Box>
  );
});
