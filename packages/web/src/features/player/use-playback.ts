import type { PlaybackState } from '@playlist-alarms/core/playback-state';
import type { RealtimeSnapshot } from '../../services/device-link-registry';
import { useRealtimeSelector } from '../../services/use-realtime';

const selectPlayback = (snapshot: RealtimeSnapshot): PlaybackState => snapshot.playback;

/** The per-card playback state alone: re-renders when playback changes, not on every status message. */
export function usePlaybackState(): PlaybackState {
  return useRealtimeSelector(selectPlayback);
}
