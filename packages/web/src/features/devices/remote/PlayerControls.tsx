import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RefreshIcon from '@mui/icons-material/Refresh';
import StopIcon from '@mui/icons-material/Stop';
import { cardUri } from '@playlist-alarms/core/device/card-uri';
import {
  CUSTOM_PLAY,
  CUSTOM_PLAYLIST,
  CUSTOM_URI_LABEL,
  PLAYER_BUTTONS,
  PLAYER_CONTROLS,
  QUICK_PLAY_FAVORITES,
} from '@playlist-alarms/core/texts/device-texts';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { quickPlayTitle } from '@playlist-alarms/core/library/playlist-browser';
import { hasUri } from '@playlist-alarms/core/device/remote-control';
import { useQuickPlay } from '../../../api/favourites';
import { useServices } from '../../../services/app-services';
import { useDeviceCommands } from '../../../services/device-commands';

interface PlayerControlsProps {
  deviceId: string;
  playlists: readonly Playlist[];
  onRefresh: () => void;
}

/** Play / Resume, Pause, Stop, Refresh Status, Quick Play Favorites and a custom card URI. */
export function PlayerControls({ deviceId, playlists, onRefresh }: PlayerControlsProps) {
  const { config } = useServices();
  const commands = useDeviceCommands();
  const [customUri, setCustomUri] = useState('');
  // The parent's pinned favourites, else the first four playlists.
  const quickPlay = useQuickPlay(playlists);

  const startCard = (uri: string) => commands.startCard(deviceId, uri);

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h4">
        {PLAYER_CONTROLS}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          onClick={() => commands.control(deviceId, 'resume')}
        >
          {PLAYER_BUTTONS.play}
        </Button>
        <Button
          variant="outlined"
          startIcon={<PauseIcon />}
          onClick={() => commands.control(deviceId, 'pause')}
        >
          {PLAYER_BUTTONS.pause}
        </Button>
        <Button
          variant="outlined"
          startIcon={<StopIcon />}
          onClick={() => commands.control(deviceId, 'stop')}
        >
          {PLAYER_BUTTONS.stop}
        </Button>
        <Button variant="text" startIcon={<RefreshIcon />} onClick={onRefresh}>
          {PLAYER_BUTTONS.refresh}
        </Button>
      </Stack>

      <Typography variant="subtitle2" component="h5">
        {QUICK_PLAY_FAVORITES}
      </Typography>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1 }}
        role="group"
        aria-label={QUICK_PLAY_FAVORITES}
      >
        {quickPlay.map((playlist) => (
          <Tooltip key={playlist.id} title={playlist.title || quickPlayTitle(playlist.title)}>
            <span>
              <Button
                size="small"
                variant="outlined"
                disabled={!playlist.cardId}
                onClick={() =>
                  playlist.cardId && startCard(cardUri(config.provider.cardLinkHost, playlist.cardId))
                }
              >
                {quickPlayTitle(playlist.title)}
              </Button>
            </span>
          </Tooltip>
        ))}
      </Stack>

      <Typography variant="subtitle2" component="h5">
        {CUSTOM_PLAYLIST}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (hasUri(customUri)) startCard(customUri.trim());
        }}
      >
        <TextField
          size="small"
          label={CUSTOM_URI_LABEL}
          placeholder={`${config.provider.cardLinkHost}/…`}
          value={customUri}
          onChange={(event) => setCustomUri(event.target.value)}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={!hasUri(customUri)} startIcon={<PlayArrowIcon />}>
          {CUSTOM_PLAY}
        </Button>
      </Stack>
    </Stack>
  );
}
