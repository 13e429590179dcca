import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { useDevices } from '../api/get-devices';
import type { SetAlarmRequest } from '../features/alarms/SetAlarmHost';
import { usePlayer } from '../features/player/use-player';
import { PlaylistsTab } from '../features/playlists/PlaylistsTab';
import type { PlaylistPlayer } from '../features/playlists/PlaylistsTab';
import { markFirstViewPainted } from '../lib/first-view';
import { useSomeLinkConnected } from '../services/use-realtime';
import { prefetchNoticeSnackbar } from './AppSnackbar';

// Where the playlists, player and alarms features meet: a card's Play goes to the player (its device
// picker and now-playing modal), its Set Alarm to the alarm dialog. The dialogs load on first use,
// keeping the logged-in view's JavaScript small.
const SelectDeviceDialog = lazy(() =>
  import('../features/player/SelectDeviceDialog').then((m) => ({ default: m.SelectDeviceDialog })),
);
const NowPlayingModal = lazy(() =>
  import('../features/player/NowPlayingModal').then((m) => ({ default: m.NowPlayingModal })),
);
// The Set Alarm flow (alarm rules, dialog, config write) loads when first used.
const loadSetAlarmHost = () => import('../features/alarms/SetAlarmHost');
const SetAlarmHost = lazy(() => loadSetAlarmHost().then((m) => ({ default: m.SetAlarmHost })));

const NO_DEVICES: never[] = [];

/** The own list has shown and the browser is idle: what waited for the first view may start. */
function afterOwnListShown(): void {
  prefetchNoticeSnackbar();
  markFirstViewPainted();
}

/** The Playlists tab with the dialogs its cards open. */
export function PlaylistsSection() {
  const devices = useDevices();
  const deviceList = devices.data ?? NO_DEVICES;
  const player = usePlayer(deviceList);
  const [alarmRequest, setAlarmRequest] = useState<SetAlarmRequest | null>(null);
  const deviceConnected = useSomeLinkConnected();

  // Set Alarm becomes usable once a player is connected: fetch its code then, not on the click.
  useEffect(() => {
    if (deviceConnected) loadSetAlarmHost().catch(() => undefined); // the click will try again
  }, [deviceConnected]);

  const onSetAlarm = useCallback(
    (playlist: Playlist) => setAlarmRequest((last) => ({ playlist, seq: (last?.seq ?? 0) + 1 })),
    [],
  );

  const { play, playFrom, pause, resume, stop, starting, nowPlaying, showNowPlaying } = player;
  const tabPlayer = useMemo<PlaylistPlayer>(
    () => ({ play, playFrom, pause, resume, stop, starting, showNowPlaying }),
    [pause, play, playFrom, resume, showNowPlaying, starting, stop],
  );
  const nowPlayingDevice = nowPlaying && deviceList.find((d) => d.deviceId === nowPlaying.deviceId);

  return (
    <PlaylistsTab player={tabPlayer} onSetAlarm={onSetAlarm} onFirstViewIdle={afterOwnListShown}>
      {player.picker && (
        <Suspense fallback={null}>
          <SelectDeviceDialog
            open
            devices={player.picker.devices}
            onChoose={player.choose}
            onClose={player.closePicker}
          />
        </Suspense>
      )}
      {nowPlaying && (
        <Suspense fallback={null}>
          <NowPlayingModal
            target={nowPlaying}
            deviceName={nowPlayingDevice?.name ?? nowPlaying.deviceId}
            controls={player}
            onClose={player.closeNowPlaying}
          />
        </Suspense>
      )}
      {alarmRequest && (
        <Suspense fallback={null}>
          <SetAlarmHost devices={deviceList} request={alarmRequest} />
        </Suspense>
      )}
    </PlaylistsTab>
  );
}
