// Playlist playback per card: idle → Play → playing ⇄ Pause/Resume → paused; Stop → idle.
// Local actions and the player's own events drive the same pure reducer.
import { heldCardId } from './device-message-fields';

export interface PlaybackState {
  /** The card being played or paused; null when idle. */
  cardId: string | null;
  deviceId: string | null;
  isPlaying: boolean;
  isPaused: boolean;
}

export type PlaybackAction =
  | { type: 'play'; cardId: string; deviceId: string | null }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | {
      type: 'deviceEvent';
      status: 'playing' | 'paused' | 'stopped';
      cardId?: string | null;
      deviceId?: string | null;
    };

export const initialPlaybackState: PlaybackState = {
  cardId: null,
  deviceId: null,
  isPlaying: false,
  isPaused: false,
};

/** Returns the same object when nothing changes, so subscribers can compare by reference. */
export function playbackReducer(state: PlaybackState, action: PlaybackAction): PlaybackState {
  switch (action.type) {
    case 'play':
      return { cardId: action.cardId, deviceId: action.deviceId, isPlaying: true, isPaused: false };
    case 'pause':
      return state.isPlaying ? { ...state, isPlaying: false, isPaused: true } : state;
    case 'resume':
      return state.isPaused ? { ...state, isPlaying: true, isPaused: false } : state;
    case 'stop':
      return state.isPlaying || state.isPaused ? initialPlaybackState : state;
    case 'deviceEvent':
      return fromDeviceEvent(state, action);
  }
}

function fromDeviceEvent(
  state: PlaybackState,
  event: Extract<PlaybackAction, { type: 'deviceEvent' }>,
): PlaybackState {
  // Several players can be connected at once, and every one reports (on connect, then each 30 s
  // poll). The card follows the player that plays it: while it plays or pauses, another player's
  // reports (an idle one's 'stopped') change nothing. Once idle, any player that starts counts.
  const otherPlayer = !!event.deviceId && !!state.deviceId && event.deviceId !== state.deviceId;
  if (otherPlayer && (state.isPlaying || state.isPaused)) return state;
  if (event.status === 'stopped')
    return state.cardId || state.isPlaying || state.isPaused ? initialPlaybackState : state;
  const next: PlaybackState = {
    cardId: heldCardId(event.cardId) ?? state.cardId,
    deviceId: event.deviceId ?? state.deviceId,
    isPlaying: event.status === 'playing',
    isPaused: event.status === 'paused',
  };
  const same =
    next.cardId === state.cardId &&
    next.deviceId === state.deviceId &&
    next.isPlaying === state.isPlaying &&
    next.isPaused === state.isPaused;
  return same ? state : next;
}

/** "Currently playing": the current card matches and the playing or paused flag is set. */
export const isCurrentlyPlaying = (state: PlaybackState, cardId: string | null | undefined): boolean =>
  !!cardId && state.cardId === cardId && (state.isPlaying || state.isPaused);

export type CardPlaybackPhase = 'idle' | 'playing' | 'paused';

/** Which buttons a playlist card shows: Play when idle, Pause when playing, Resume when paused. */
export function cardPlaybackPhase(
  state: PlaybackState,
  cardId: string | null | undefined,
): CardPlaybackPhase {
  if (!isCurrentlyPlaying(state, cardId)) return 'idle';
  return state.isPlaying ? 'playing' : 'paused';
}

/** Maps a player's playbackStatus to a reducer event; 'loading' and unknown values change nothing. */
export function playbackEventFromStatus(
  status: string | undefined,
  cardId: string | null | undefined,
  deviceId: string,
): PlaybackAction | null {
  if (status !== 'playing' && status !== 'paused' && status !== 'stopped') return null;
  return { type: 'deviceEvent', status, cardId: cardId ?? null, deviceId };
}
