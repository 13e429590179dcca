import { useRef } from 'react';
import Button from '@mui/material/Button';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import type { CardPlaybackPhase } from '@playlist-alarms/core/device/playback-state';
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
}

export interface PlaylistCardActionsProps extends PlaylistCardHandlers {
  playlist: Playlist;
  phase: CardPlaybackPhase;
  /** Some player is connected over MQTT (Set Alarm needs one). */
  deviceConnected: boolean;
  /** This card's play is connecting and starting: its buttons wait (no double start). */
  starting?: boolean;
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
    </>
  );
}
