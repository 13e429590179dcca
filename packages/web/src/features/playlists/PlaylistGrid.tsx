import { memo } from 'react';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import type { BrowserView } from '@playlist-alarms/core/library/playlist-browser';
import { cardPlaybackPhase } from '@playlist-alarms/core/device/playback-state';
import type { PlaybackState } from '@playlist-alarms/core/device/playback-state';
import { PlaylistCard } from './PlaylistCard';
import type { PlaylistCardHandlers } from './PlaylistCardActions';

interface PlaylistGridProps extends PlaylistCardHandlers {
  /** One page: at most 12 cards are ever mounted. */
  playlists: readonly Playlist[];
  playback: PlaybackState;
  view: BrowserView;
  deviceConnected: boolean;
  /** The card id whose play is connecting and starting, if any. */
  startingCardId: string | null;
  /** The cards pinned to Quick Play Favorites. */
  pinnedCards: ReadonlySet<string>;
}

export const PlaylistGrid = memo(function PlaylistGrid({
  playlists,
  playback,
  view,
  startingCardId,
  pinnedCards,
  ...rest
}: PlaylistGridProps) {
  return (
    <ul className="pl-grid" aria-label="Playlists" data-view={view}>
      {playlists.map((playlist) => (
        <li key={playlist.id}>
          <PlaylistCard
            playlist={playlist}
            layout={view}
            phase={cardPlaybackPhase(playback, playlist.cardId)}
            starting={!!playlist.cardId && playlist.cardId === startingCardId}
            pinned={!!playlist.cardId && pinnedCards.has(playlist.cardId)}
            {...rest}
          />
        </li>
      ))}
    </ul>
  );
});
