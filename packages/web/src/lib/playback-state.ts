import type { DeviceEvents } from './device-messages';

// SPEC §4 "Playlist playback per card". Kept here because core has no playback-state module yet;
// move to @playlist-alarms/core/playback-state when it lands.

export interface PlaybackState {
  cardId: string | null;
  deviceId: string | null;
  isPlaying: boolean;
  isPaused: boolean;
}

export type PlaybackAction =
  | { type: 'play'; cardId: string; deviceId: string }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'device-event'; deviceId: string; events: DeviceEvents };

export const initialPlaybackState: PlaybackState = {
  cardId: null,
  deviceId: null,
  isPlaying: false,
  isPaused: false,
};

const NO_CARD = 'none';

export function reducePlayback(state: PlaybackState, action: PlaybackAction): PlaybackState {
  switch (action.type) {
    case 'play':
      return { cardId: action.cardId, deviceId: action.deviceId, isPlaying: true, isPaused: false };
    case 'pause':
      return state.cardId ? { ...state, isPlaying: false, isPaused: true } : state;
    case 'resume':
      return state.cardId ? { ...state, isPlaying: true, isPaused: false } : state;
    case 'stop':
      return initialPlaybackState;
    case 'device-event':
      return fromEvent(state, action.deviceId, action.events);
  }
}

// Events are partial deltas: a missing cardId keeps the card already known.
function fromEvent(state: PlaybackState, deviceId: string, events: DeviceEvents): PlaybackState {
  const reported = events.cardId === undefined || events.cardId === null ? undefined : events.cardId;
  switch (events.playbackStatus ?? 'unknown') {
    case 'playing': {
      const cardId = reported === undefined ? state.cardId : reported === NO_CARD ? null : reported;
      return cardId ? { cardId, deviceId, isPlaying: true, isPaused: false } : state;
    }
    case 'paused':
      return state.cardId || reported
        ? {
            ...state,
            cardId: reported && reported !== NO_CARD ? reported : state.cardId,
            deviceId,
            isPlaying: false,
            isPaused: true,
          }
        : state;
    case 'stopped':
      // Another player stopping does not end what this one plays.
      return state.deviceId === null || state.deviceId === deviceId ? initialPlaybackState : state;
    default:
      return state;
  }
}
