import { sleepTimerFields } from './player-messages';
import type { PlayerState } from './player-state';

interface SleepTimerSecond {
  /** The event to publish this second, if any. */
  event: Record<string, unknown> | null;
  /** The timer ran out with a card playing or paused: the player stops it. */
  stopPlayback: boolean;
}

/**
 * One second of a running sleep timer. While playing, the progress events carry the countdown;
 * idle, the player says it itself every `everySeconds`. At zero it ends, and says so.
 */
export function sleepTimerSecond(state: PlayerState, everySeconds: number): SleepTimerSecond {
  state.sleepTimerSeconds = Math.max(state.sleepTimerSeconds - 1, 0);
  if (state.sleepTimerSeconds > 0) {
    const idle = state.playbackStatus !== 'playing';
    const due = idle && state.sleepTimerSeconds % everySeconds === 0;
    return { event: due ? sleepTimerFields(state) : null, stopPlayback: false };
  }
  state.sleepTimerActive = false;
  return {
    event: { sleepTimerActive: false, sleepTimerSeconds: 0 },
    stopPlayback: state.playbackStatus === 'playing' || state.playbackStatus === 'paused',
  };
}
