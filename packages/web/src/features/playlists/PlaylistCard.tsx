import { memo } from 'react';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import type { BrowserView } from '@playlist-alarms/core/library/playlist-browser';
import { categoryBadge, durationBadge } from '@playlist-alarms/core/library/playlist-browser';
import { CARD_LABELS } from '@playlist-alarms/core/library/playlist-card';
import { PlaylistCardActions } from './PlaylistCardActions';
import type { PlaylistCardActionsProps } from './PlaylistCardActions';

// Styled by PlaylistBrowserStyles (class names pl-card…): plain elements keep 12 new cards cheap.

interface PlaylistCardProps extends PlaylistCardActionsProps {
  layout: BrowserView;
}

function Cover({ playlist }: { playlist: Playlist }) {
  if (playlist.coverArt) {
    return <img className="pl-card__cover" src={playlist.coverArt} alt="" loading="lazy" decoding="async" />;
  }
  return (
    <div className="pl-card__cover pl-card__placeholder" data-testid="cover-placeholder" aria-hidden>
      <MusicNoteIcon fontSize="inherit" />
    </div>
  );
}

/** One playlist in the grid or list form; re-renders only when its own props change. */
export const PlaylistCard = memo(function PlaylistCard({ layout, ...actions }: PlaylistCardProps) {
  const { playlist } = actions;
  const badge = categoryBadge(playlist.category);
  const list = layout === 'list';
  return (
    <article data-testid="playlist-card" className={`pl-card pl-card--${layout}`}>
      <Cover playlist={playlist} />
      <div className="pl-card__body">
        <div className="pl-card__content">
          <h3 className="pl-card__title" data-testid="playlist-title">
            {playlist.title}
          </h3>
          {list && playlist.groupName && (
            <p className="pl-card__group" data-testid="playlist-group">
              {playlist.groupName}
            </p>
          )}
          {list && playlist.description && (
            <p className="pl-card__description" data-testid="playlist-description">
              {playlist.description}
            </p>
          )}
          <div className="pl-card__badges">
            {badge && <span className="pl-badge">{badge}</span>}
            <span className="pl-badge pl-badge--outlined">{durationBadge(playlist.duration)}</span>
            {playlist.isFromFamilyLibrary && (
              <span className="pl-badge pl-badge--family">{CARD_LABELS.family}</span>
            )}
          </div>
        </div>
        <div className="pl-card__actions">
          <PlaylistCardActions {...actions} />
        </div>
      </div>
    </article>
  );
});
