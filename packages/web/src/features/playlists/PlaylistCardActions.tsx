import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import AlarmAddIcon from '@mui/icons-material/AlarmAdd';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import type { Playlist } from '@playlist-alarms/core/entities';
import type { CardPlaybackPhase } from '@playlist-alarms/core/playback-state';
import {
  CARD_LABELS,
  playButtonLabel,
  playbackButtons,
  setAlarmButton,
} from '@playlist-alarms/core/playlist-card';

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
}

/** Play, Pause, Resume and Stop by the card's playback phase (SPEC §4), then Set Alarm. */
export function PlaylistCardActions({
  playlist,
  phase,
  deviceConnected,
  onPlay,
  onPause,
  onResume,
  onStop,
  onSetAlarm,
}: PlaylistCardActionsProps) {
  const alarm = setAlarmButton(playlist.cardId, deviceConnected);
  return (
    <>
      {playbackButtons(phase).map((button) => {
        switch (button) {
          case 'play': {
            const label = playButtonLabel(playlist.cardId);
            return (
              <Tooltip key={button} title={label}>
                {/* A disabled button fires no events: the span keeps the tooltip working. */}
                <span>
                  <Button
                    variant="contained"
                    size="small"
                    startIcon={<PlayArrowIcon />}
                    disabled={!playlist.cardId}
                    aria-label={label}
                    onClick={() => onPlay(playlist)}
                  >
                    {CARD_LABELS.play}
                  </Button>
                </span>
              </Tooltip>
            );
          }
          case 'pause':
            return (
              <Tooltip key={button} title={CARD_LABELS.pauseTooltip}>
                <Button
                  variant="contained"
                  size="small"
                  startIcon={<PauseIcon />}
                  aria-label={CARD_LABELS.pauseTooltip}
                  onClick={onPause}
                >
                  {CARD_LABELS.pause}
                </Button>
              </Tooltip>
            );
          case 'resume':
            return (
              <Tooltip key={button} title={CARD_LABELS.resumeTooltip}>
                <Button
                  variant="contained"
                  size="small"
                  startIcon={<PlayArrowIcon />}
                  aria-label={CARD_LABELS.resumeTooltip}
                  onClick={onResume}
                >
                  {CARD_LABELS.resume}
                </Button>
              </Tooltip>
            );
          case 'stop':
            return (
              <Tooltip key={button} title={CARD_LABELS.stopTooltip}>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<StopIcon />}
                  aria-label={CARD_LABELS.stopTooltip}
                  onClick={onStop}
                >
                  {CARD_LABELS.stop}
                </Button>
              </Tooltip>
            );
        }
      })}
      <Button
        variant="text"
        size="small"
        startIcon={<AlarmAddIcon />}
        disabled={!alarm.enabled}
        onClick={() => onSetAlarm(playlist)}
      >
        {alarm.label}
      </Button>
    </>
  );
}
