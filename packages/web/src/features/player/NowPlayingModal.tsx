import { useCallback, useEffect } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RepeatIcon from '@mui/icons-material/Repeat';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import StopIcon from '@mui/icons-material/Stop';
import type { ReactNode } from 'react';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { playbackProgress } from '@playlist-alarms/core/device/device-message-fields';
import type { DeviceEvents } from '@playlist-alarms/core/device/device-messages';
import type { ChapterChoice, ChapterNavigation } from '@playlist-alarms/core/device/chapter-navigation';
import {
  NOW_PLAYING_LABELS,
  nowPlayingTitle,
  reportedModalGauge,
  trackTime,
} from '@playlist-alarms/core/device/now-playing';
import { PLAYER_MODAL_VOLUME } from '@playlist-alarms/core/shared/constants';
import { maxGaugeUnder, volumeLimitOf } from '@playlist-alarms/core/device/volume-limit';
import { useServices } from '../../services/app-services';
import { useDeviceCommands } from '../../services/device-commands';
import { useDeviceEvents, usePlaybackState } from '../../services/use-realtime';
import { ChapterListButton, ChapterStepButton, usePlayerChapters } from './ChapterControls';
import { ModalVolumeGauge } from './ModalVolumeGauge';
import { useModalVolume } from './use-modal-volume';
import type { NowPlayingTarget, PlayerControls } from './use-player';

interface NowPlayingDialogProps {
  open: boolean;
  onClose: () => void;
  playlist: Playlist | null;
  deviceName: string;
  isPlaying: boolean;
  events: DeviceEvents | null;
  onPlay: (() => void) | null;
  onPause: () => void;
  onStop: () => void;
  volume: number;
  /** The highest level the player's limit allows. */
  volumeMax?: number;
  /** The player's limit on its 0–16 scale. */
  volumeLimit?: number;
  onVolume: (gauge: number) => void;
  /** The held card's chapters: previous, next and the list, each on or off with its reason. */
  chapters: ChapterNavigation;
  onChapter: (chapter: ChapterChoice) => void;
}

// The title's text alone names the dialog: the bar also holds the LIVE badge and Close (MUI would
// otherwise give the whole bar the dialog's aria-labelledby id).
// Its own layer in <body>: MUI hides the other children of a modal's container from assistive
// technology, and the app's snackbar ("Playing: …") must stay announced while this is open.
function modalLayer(): HTMLElement {
  const existing = document.getElementById('now-playing-layer');
  if (existing) return existing;
  const layer = document.createElement('div');
  layer.id = 'now-playing-layer';
  document.body.appendChild(layer);
  return layer;
}

function NotAvailable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip title={NOW_PLAYING_LABELS.notAvailable}>
      <span>
        <IconButton aria-label={label} disabled>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The now-playing player modal, from its inputs alone. */
function NowPlayingDialog(props: NowPlayingDialogProps) {
  const { open, onClose, playlist, deviceName, isPlaying, events, onPlay, onPause, onStop } = props;
  const progress = playbackProgress(events);
  const trackLength = events?.trackLength ?? 0;
  const title = playlist?.title ?? events?.trackTitle ?? '';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      container={modalLayer}
      fullWidth
      maxWidth="xs"
      aria-labelledby="now-playing-title"
    >
      <DialogTitle id="now-playing-bar" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 6 }}>
        <Box component="span" id="now-playing-title" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {nowPlayingTitle(deviceName)}
        </Box>
        <Chip label={NOW_PLAYING_LABELS.live} color="error" size="small" />
        <IconButton
          aria-label={NOW_PLAYING_LABELS.close}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 10 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {playlist?.coverArt ? (
              <Box
                component="img"
                src={playlist.coverArt}
                alt=""
                sx={{ width: 72, height: 72, borderRadius: 2, objectFit: 'cover' }}
              />
            ) : (
              <Box
                aria-hidden
                sx={{
                  width: 72,
                  height: 72,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.light',
                  color: 'primary.contrastText',
                }}
              >
                <MusicNoteIcon fontSize="large" />
              </Box>
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography
                variant="h6"
                component="p"
                sx={{ overflowWrap: 'anywhere' }}
                data-testid="now-playing-playlist"
              >
                {title}
              </Typography>
              {events?.chapterTitle && (
                <Typography variant="body2" color="text.secondary">
                  {events.chapterTitle}
                </Typography>
              )}
              {events?.trackTitle && events.trackTitle !== title && (
                <Typography variant="body2" color="text.secondary">
                  {events.trackTitle}
                </Typography>
              )}
            </Box>
          </Stack>
          <Box>
            <LinearProgress variant="determinate" value={progress} aria-label="Track progress" />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
              <Typography variant="caption">{trackTime(trackLength > 0 ? events?.position : 0)}</Typography>
              <Typography variant="caption">{trackTime(trackLength)}</Typography>
            </Box>
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'center', alignItems: 'center' }} spacing={1}>
            <NotAvailable label={NOW_PLAYING_LABELS.shuffle}>
              <ShuffleIcon />
            </NotAvailable>
            <ChapterStepButton direction="previous" move={props.chapters.previous} onGo={props.onChapter} />
            {isPlaying ? (
              <IconButton
                aria-label={NOW_PLAYING_LABELS.pause}
                onClick={onPause}
                color="primary"
                size="large"
              >
                <PauseIcon fontSize="large" />
              </IconButton>
            ) : (
              <IconButton
                aria-label={NOW_PLAYING_LABELS.play}
                onClick={onPlay ?? undefined}
                disabled={!onPlay}
                color="primary"
                size="large"
              >
                <PlayArrowIcon fontSize="large" />
              </IconButton>
            )}
            <IconButton aria-label={NOW_PLAYING_LABELS.stop} onClick={onStop}>
              <StopIcon />
            </IconButton>
            <ChapterStepButton direction="next" move={props.chapters.next} onGo={props.onChapter} />
            <NotAvailable label={NOW_PLAYING_LABELS.repeat}>
              <RepeatIcon />
            </NotAvailable>
            <ChapterListButton navigation={props.chapters} onGo={props.onChapter} />
          </Stack>
          <ModalVolumeGauge
            gauge={props.volume}
            max={props.volumeMax}
            limit={props.volumeLimit}
            onChange={props.onVolume}
          />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

interface NowPlayingModalProps {
  target: NowPlayingTarget;
  deviceName: string;
  controls: Pick<PlayerControls, 'play' | 'pause' | 'resume' | 'stop'>;
  onClose: () => void;
}

/** The modal wired to the player: its events, the shared playback state and the volume command. */
export function NowPlayingModal({ target, deviceName, controls, onClose }: NowPlayingModalProps) {
  const { devices: registry } = useServices();
  const commands = useDeviceCommands();
  const playback = usePlaybackState();
  const { deviceId } = target;
  // The registry's merged events of this player: the modal keeps no copy of its own.
  const events = useDeviceEvents(deviceId);

  const send = useCallback(
    (payload: { volume: number }) => void commands.send(deviceId, 'volume/set', payload),
    [commands, deviceId],
  );
  const volume = useModalVolume(send);
  const { report, limitTo } = volume;

  useEffect(() => {
    limitTo(modalLimit(registry.getSnapshot().devices[deviceId]?.events?.volumeMax));
    const off = registry.onDeviceEvent((notice) => {
      if (notice.deviceId !== deviceId) return;
      // The limit first: a lower one brings the gauge down before the volume it caps arrives.
      if (notice.events.volumeMax !== undefined) limitTo(modalLimit(notice.events.volumeMax));
      // Only a message that carries a volume is a report; the merged events would replay an old one.
      const gauge = reportedModalGauge({ volume: notice.events.volume });
      if (gauge !== null) report(gauge);
    });
    // The full state at once (position, track, volume), not only what changes from now on.
    commands.requestEvents(deviceId);
    return off;
  }, [commands, deviceId, registry, report, limitTo]);

  const here = playback.deviceId === deviceId;
  const chapters = usePlayerChapters(deviceId, events, here ? playback.cardId : null);
  const paused = here && playback.isPaused;
  const { playlist } = target;
  const onPlay = paused ? controls.resume : playlist ? () => controls.play(playlist) : null;

  return (
    <NowPlayingDialog
      open
      onClose={onClose}
      playlist={playlist}
      deviceName={deviceName}
      isPlaying={here && playback.isPlaying}
      events={events}
      onPlay={onPlay}
      onPause={controls.pause}
      onStop={controls.stop}
      volume={volume.gauge}
      volumeMax={volume.max}
      volumeLimit={volumeLimitOf(events?.volumeMax)}
      onVolume={volume.change}
      chapters={chapters.navigation}
      onChapter={chapters.go}
    />
  );
}

/** The player's limit (0–16 step, events' `volumeMax`) as the modal's highest level within it. */
const modalLimit = (volumeMax: number | undefined): number =>
  maxGaugeUnder(volumeLimitOf(volumeMax), PLAYER_MODAL_VOLUME.max);
