import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import type { Playlist } from '@playlist-alarms/core/entities';
import { categoryBadge, durationBadge } from '@playlist-alarms/core/playlist-browser';
import type { CardPlaybackPhase } from '@playlist-alarms/core/playback-state';

export interface PlaylistCardProps {
  playlist: Playlist;
  playback: CardPlaybackPhase;
  onPlay: (playlist: Playlist) => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}

export const PlaylistCard = memo(function PlaylistCard({
  playlist,
  playback,
  onPlay,
  onPause,
  onResume,
  onStop,
}: PlaylistCardProps) {
  const playable = Boolean(playlist.cardId);
  const badge = categoryBadge(playlist.category);
  const playLabel = playable ? 'Play this playlist' : 'Playlist not available for playback';
  return (
    <Card data-testid="playlist-card" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {playlist.coverArt ? (
        <CardMedia
          component="img"
          image={playlist.coverArt}
          alt=""
          loading="lazy"
          sx={{ aspectRatio: '1', objectFit: 'cover' }}
        />
      ) : (
        <Box
          aria-hidden
          sx={{
            aspectRatio: '1',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.light',
            color: 'primary.contrastText',
          }}
        >
          <MusicNoteIcon sx={{ fontSize: 56 }} />
        </Box>
      )}
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Typography
          data-testid="playlist-title"
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {playlist.title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
          {badge && <Chip size="small" label={badge} />}
          <Chip size="small" variant="outlined" label={durationBadge(playlist.duration)} />
          {playlist.isFromFamilyLibrary && <Chip size="small" color="secondary" label="Family" />}
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }}>
        {playback === 'idle' && (
          <Tooltip title={playLabel}>
            <span>
              <Button
                variant="contained"
                size="small"
                startIcon={<PlayArrowIcon />}
                disabled={!playable}
                aria-label={playLabel}
                onClick={() => onPlay(playlist)}
              >
                Play
              </Button>
            </span>
          </Tooltip>
        )}
        {playback === 'playing' && (
          <Tooltip title="Pause playback">
            <Button variant="contained" size="small" startIcon={<PauseIcon />} onClick={onPause}>
              Pause
            </Button>
          </Tooltip>
        )}
        {playback === 'paused' && (
          <Tooltip title="Resume playback">
            <Button variant="contained" size="small" startIcon={<PlayArrowIcon />} onClick={onResume}>
              Resume
            </Button>
          </Tooltip>
        )}
        {playback !== 'idle' && (
          <Tooltip title="Stop playback">
            <Button variant="outlined" size="small" startIcon={<StopIcon />} onClick={onStop}>
              Stop
            </Button>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
});
