import { memo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import type { Playlist } from '@playlist-alarms/core/entities';
import type { BrowserView } from '@playlist-alarms/core/playlist-browser';
import { categoryBadge, durationBadge } from '@playlist-alarms/core/playlist-browser';
import { CARD_LABELS } from '@playlist-alarms/core/playlist-card';
import { PlaylistCardActions } from './PlaylistCardActions';
import type { PlaylistCardActionsProps } from './PlaylistCardActions';

export interface PlaylistCardProps extends PlaylistCardActionsProps {
  layout: BrowserView;
}

function Cover({ playlist, layout }: { playlist: Playlist; layout: BrowserView }) {
  const size = layout === 'list' ? { width: { xs: 72, sm: 96 }, flexShrink: 0 } : { width: '100%' };
  if (playlist.coverArt) {
    return (
      <Box
        component="img"
        src={playlist.coverArt}
        alt=""
        loading="lazy"
        decoding="async"
        sx={{ ...size, aspectRatio: '1', objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <Box
      data-testid="cover-placeholder"
      aria-hidden
      sx={{
        ...size,
        aspectRatio: '1',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.light',
        color: 'primary.contrastText',
      }}
    >
      <MusicNoteIcon sx={{ fontSize: layout === 'list' ? 36 : 56 }} />
    </Box>
  );
}

/** One playlist in the grid or list form of SPEC §2; re-renders only when its own props change. */
export const PlaylistCard = memo(function PlaylistCard({ layout, ...actions }: PlaylistCardProps) {
  const { playlist } = actions;
  const badge = categoryBadge(playlist.category);
  const list = layout === 'list';
  return (
    <Card
      data-testid="playlist-card"
      sx={{ display: 'flex', flexDirection: list ? 'row' : 'column', height: '100%' }}
    >
      <Cover playlist={playlist} layout={layout} />
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
        <CardContent sx={{ flexGrow: 1, pb: 1 }}>
          <Typography
            data-testid="playlist-title"
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {playlist.title}
          </Typography>
          {list && playlist.groupName && (
            <Typography data-testid="playlist-group" variant="body2" color="secondary.dark">
              {playlist.groupName}
            </Typography>
          )}
          {list && playlist.description && (
            <Typography data-testid="playlist-description" variant="body2" color="text.secondary">
              {playlist.description}
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
            {badge && <Chip size="small" label={badge} />}
            <Chip size="small" variant="outlined" label={durationBadge(playlist.duration)} />
            {playlist.isFromFamilyLibrary && (
              <Chip size="small" color="secondary" label={CARD_LABELS.family} />
            )}
          </Box>
        </CardContent>
        <CardActions
          sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}
        >
          <PlaylistCardActions {...actions} />
        </CardActions>
      </Box>
    </Card>
  );
});
