import { useRef } from 'react';
import Button from '@mui/material/Button';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import type { CardPlaybackPhase } from '@playlist-alarms/core/device/playback-state';
import { FAVOURITE_TEXTS } from '@playlist-alarms/core/texts/favourite-texts';
import { CardHint } from './CardHint';
import {
  CARD_LABELS,
  playButtonLabel,
  playbackButtons,
  setAlarmButton,
} from '@playlist-alarms/core/library/playlist-card';

// Material icon paths drawn as plain SVG: a card shows several buttons, and MUI's icon wrappers
// would add two styled elements to each (PlaylistBrowserStyles sizes .pl-icon).
const ICON_PATHS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 19h4V5H6zm8-14v14h4V5z',
  stop: 'M6 6h12v12H6z',
  alarm:
    'M7.88 3.39 6.6 1.86 2 5.71l1.29 1.53zM22 5.72l-4.6-3.86-1.29 1.53 4.6 3.86zM12 4c-4.97 0-9 4.03-9 9s4.02 9 9 9c4.97 0 9-4.03 9-9s-4.03-9-9-9m0 16c-3.87 0-7-3.13-7-7s3.13-7 7-7 7 3.13 7 7-3.13 7-7 7m1-11h-2v3H8v2h3v3h2v-3h3v-2h-3z',
  pin: 'M16 9V4h1c.55 0 1-.45 1-1s-.45-1-1-1H7c-.55 0-1 .45-1 1s.45 1 1 1h1v5c0 1.66-1.34 3-3 3v2h5.97v7l1 1 1-1v-7H19v-2c-1.66 0-3-1.34-3-3',
  chapters:
    'M2 17h2v.5H3v1h1v.5H2v1h3v-4H2zm1-9h1V4H2v1h1zm-1 3h1.8L2 13.1v.9h3v-1H3.2L5 10.9V10H2zm5-6v2h14V5zm0 14h14v-2H7zm0-6h14v-2H7z',
} as const;

function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg className="pl-icon" viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

export interface PlaylistCardHandlers {
  onPlay: (playlist: Playlist) => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onSetAlarm: (playlist: Playlist) => void;
  /** Pins the card to Quick Play Favorites, or unpins it. */
  onTogglePin: (playlist: Playlist) => void;
  /** Opens the choice of a chapter to start the card at. */
  onPlayFromChapter: (playlist: Playlist) => void;
}

export interface PlaylistCardActionsProps extends PlaylistCardHandlers {
  playlist: Playlist;
  phase: CardPlaybackPhase;
  /** Some player is connected over MQTT (Set Alarm needs one). */
  deviceConnected: boolean;
  /** This card's play is connecting and starting: its buttons wait (no double start). */
  starting?: boolean;
  /** The card is one of the Quick Play Favorites. */
  pinned?: boolean;
}

/** Play, Pause, Resume and Stop by the card's playback phase, then Set Alarm. */
export function PlaylistCardActions({
  playlist,
  phase,
  deviceConnected,
  starting = false,
  onPlay,
  onPause,
  onResume,
  onStop,
  onSetAlarm,
  pinned = false,
  onTogglePin,
  onPlayFromChapter,
}: PlaylistCardActionsProps) {
  const alarm = setAlarmButton(playlist.cardId, deviceConnected);
  const playPause = useRef<HTMLButtonElement>(null);
  // Stop goes once playback ends: focus moves to the play button first, not to the page.
  const stop = () => {
    onStop();
    playPause.current?.focus();
  };
  return (
    <>
      {playbackButtons(phase).map((button) => {
        // Play, Pause and Resume are one button that changes (its key stays): pressed by keyboard,
        // focus stays on it as playback starts or pauses, and the now-playing modal that Play
        // opened gives focus back to it.
        const key = button === 'stop' ? 'stop' : 'play-pause';
        switch (button) {
          case 'play': {
            const label = playButtonLabel(playlist.cardId);
            return (
              <CardHint key={key} title={label}>
                <Button
                  variant="contained"
                  size="small"
                  disabled={!playlist.cardId}
                  // While its play connects it waits (looks disabled; usePlayer ignores a press
                  // meanwhile) but keeps focus: a disabled button drops focus to the page, and the
                  // now-playing modal that opens next would have nothing to give it back to.
                  aria-disabled={starting || undefined}
                  className={starting ? 'Mui-disabled' : undefined}
                  aria-busy={starting || undefined}
                  ref={playPause}
                  aria-label={label}
                  onClick={() => onPlay(playlist)}
                >
                  <Icon name="play" />
                  {CARD_LABELS.play}
                </Button>
              </CardHint>
            );
          }
          case 'pause':
            return (
              <CardHint key={key} title={CARD_LABELS.pauseTooltip}>
                <Button
                  variant="contained"
                  size="small"
                  ref={playPause}
                  aria-label={CARD_LABELS.pauseTooltip}
                  onClick={onPause}
                >
                  <Icon name="pause" />
                  {CARD_LABELS.pause}
                </Button>
              </CardHint>
            );
          case 'resume':
            return (
              <CardHint key={key} title={CARD_LABELS.resumeTooltip}>
                <Button
                  variant="contained"
                  size="small"
                  ref={playPause}
                  aria-label={CARD_LABELS.resumeTooltip}
                  onClick={onResume}
                >
                  <Icon name="play" />
                  {CARD_LABELS.resume}
                </Button>
              </CardHint>
            );
          case 'stop':
            return (
              <CardHint key={key} title={CARD_LABELS.stopTooltip}>
                <Button variant="outlined" size="small" aria-label={CARD_LABELS.stopTooltip} onClick={stop}>
                  <Icon name="stop" />
                  {CARD_LABELS.stop}
                </Button>
              </CardHint>
            );
        }
      })}
      <Button
        variant="text"
        size="small"
        disabled={!alarm.enabled || starting}
        onClick={() => onSetAlarm(playlist)}
      >
        <Icon name="alarm" />
        {alarm.label}
      </Button>
      <Button
        variant="text"
        size="small"
        disabled={!playlist.cardId || starting}
        onClick={() => onPlayFromChapter(playlist)}
      >
        <Icon name="chapters" />
        {CARD_LABELS.playFromChapter}
      </Button>
      <Button
        variant={pinned ? 'contained' : 'text'}
        color="secondary"
        size="small"
        disabled={!playlist.cardId}
        aria-label={pinned ? FAVOURITE_TEXTS.unpin : FAVOURITE_TEXTS.pin}
        aria-pressed={pinned}
        onClick={() => onTogglePin(playlist)}
      >
        <Icon name="pin" />
      </Button>
    </>
  );
}
