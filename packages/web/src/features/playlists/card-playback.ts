import type { PlaybackState } from '../../lib/playback-state';
import type { CardPlayback } from './PlaylistCard';

/** Which buttons a card shows: SPEC §4 "currently playing" is the same card with playing or paused set. */
export function cardPlayback(state: PlaybackState, cardId: string | null): CardPlayback {
  if (!cardId || state.cardId !== cardId) return 'idle';
  if (state.isPlaying) return 'playing';
  if (state.isPaused) return 'paused';
  return 'idle';
}
