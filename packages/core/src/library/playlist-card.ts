// A playlist card: button labels, tooltips and when each button is usable.
import type { CardPlaybackPhase } from '../device/playback-state';

export const CARD_LABELS = {
  play: 'Play',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  setAlarm: 'Set Alarm',
  /** The Set Alarm button's label while it is disabled. */
  connectDevice: 'Connect Device',
  family: 'Family',
  playTooltip: 'Play this playlist',
  notPlayableTooltip: 'Playlist not available for playback',
  pauseTooltip: 'Pause playback',
  resumeTooltip: 'Resume playback',
  stopTooltip: 'Stop playback',
  /** The card's entry that opens its chapter list. */
  playFromChapter: 'Play from chapter…',
} as const;

/** Play is usable only with a card id; its tooltip is also its accessible name. */
export const playButtonLabel = (cardId: string | null | undefined): string =>
  cardId ? CARD_LABELS.playTooltip : CARD_LABELS.notPlayableTooltip;

/** The playback buttons a card shows in each playback phase. */
export function playbackButtons(phase: CardPlaybackPhase): Array<'play' | 'pause' | 'resume' | 'stop'> {
  switch (phase) {
    case 'idle':
      return ['play'];
    case 'playing':
      return ['pause', 'stop'];
    case 'paused':
      return ['resume', 'stop'];
  }
}

/**
 * Set Alarm needs a card id and a player connected over MQTT (the alarm is written to it);
 * disabled, it reads "Connect Device".
 */
export function setAlarmButton(
  cardId: string | null | undefined,
  deviceConnected: boolean,
): { enabled: boolean; label: string } {
  const enabled = Boolean(cardId) && deviceConnected;
  return { enabled, label: enabled ? CARD_LABELS.setAlarm : CARD_LABELS.connectDevice };
}
