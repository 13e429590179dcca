import Box from '@mui/material/Box';
import type { Playlist } from '@playlist-alarms/core/entities';
import { cardPlaybackPhase } from '@playlist-alarms/core/playback-state';
import type { PlaybackState } from '@playlist-alarms/core/playback-state';
import { PlaylistCard } from './PlaylistCard';

export interface PlaylistGridProps {
  playlists: readonly Playlist[];
  playback: PlaybackState;
  onPlay: (playlist: Playlist) => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}

export function PlaylistGrid({ playlists, playback, ...handlers }: PlaylistGridProps) {
  return (
    <Box
      component="ul"
      aria-label="Playlists"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {playlists.map((playlist) => (
        <li key={playlist.id}>
          <PlaylistCard
            playlist={playlist}
            playback={cardPlaybackPhase(playback, playlist.cardId)}
            {...handlers}
          />
        </li>
      ))}
    </Box>
  );
}
