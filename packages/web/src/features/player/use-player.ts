import { useCallback, useEffect, useRef, useState } from 'react';
import { cardUri } from '@playlist-alarms/core/card-uri';
import type { Device, Playlist } from '@playlist-alarms/core/entities';
import { useNotify } from '../../app/notifier-context';
import { useServices } from '../../services/app-services';
import { playTarget } from './play-target';
import {
  NO_ACCESS_TOKEN_MESSAGE,
  NO_DEVICE_CONNECTED_MESSAGE,
  NO_ONLINE_DEVICES_MESSAGE,
  NOT_CONNECTED_MESSAGE,
  PLAYBACK_PAUSED_MESSAGE,
  PLAYBACK_STOPPED_MESSAGE,
  connectFailedMessage,
  noCardIdMessage,
  playingMessage,
} from './player-messages';

export interface DevicePicker {
  playlist: Playlist;
  devices: Device[];
}

export interface PlayerControls {
  play: (playlist: Playlist) => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  picker: DevicePicker | null;
  choose: (device: Device) => void;
  closePicker: () => void;
}

/** The playback flow of SPEC §5: which player, connecting, card commands and their toasts. */
export function usePlayer(devices: readonly Device[]): PlayerControls {
  const { config, devices: registry } = useServices();
  const notify = useNotify();
  const [picker, setPicker] = useState<DevicePicker | null>(null);
  // The card whose 'playing' event we await, to say "Playing: {title}" once the player confirms.
  const awaited = useRef<{ cardId: string; title: string } | null>(null);

  useEffect(
    () =>
      registry.onDeviceEvent(({ events }) => {
        const expected = awaited.current;
        if (!expected || events.playbackStatus !== 'playing') return;
        const cardId = events.cardId ?? registry.getSnapshot().playback.cardId;
        if (cardId !== expected.cardId) return;
        awaited.current = null;
        notify.success(playingMessage(expected.title));
      }),
    [notify, registry],
  );

  const start = useCallback(
    (deviceId: string, playlist: Playlist, cardId: string) => {
      const sent = registry.send(deviceId, 'card/start', {
        uri: cardUri(config.provider.cardLinkHost, cardId),
      });
      if (!sent) {
        notify.error(NOT_CONNECTED_MESSAGE);
        return;
      }
      awaited.current = { cardId, title: playlist.title };
      registry.applyLocal({ type: 'play', cardId, deviceId });
    },
    [config.provider.cardLinkHost, notify, registry],
  );

  const connectAndPlay = useCallback(
    async (device: Device, playlist: Playlist, cardId: string) => {
      const outcome = await registry.connect(device.deviceId);
      if (outcome === 'no-token') notify.error(NO_ACCESS_TOKEN_MESSAGE);
      else if (outcome === 'failed') notify.error(connectFailedMessage(device.name));
      else start(device.deviceId, playlist, cardId);
    },
    [notify, registry, start],
  );

  const play = useCallback(
    (playlist: Playlist) => {
      const cardId = playlist.cardId;
      if (!cardId) {
        notify.error(noCardIdMessage(playlist.title));
        return;
      }
      // A player already connected plays at once; otherwise SPEC §5 chooses one.
      const connected = registry.activeDeviceId();
      if (connected) {
        start(connected, playlist, cardId);
        return;
      }
      const target = playTarget(devices);
      switch (target.kind) {
        case 'none':
          notify.error(NO_ONLINE_DEVICES_MESSAGE);
          return;
        case 'single':
          void connectAndPlay(target.device, playlist, cardId);
          return;
        case 'choose':
          setPicker({ playlist, devices: target.devices });
          return;
      }
    },
    [connectAndPlay, devices, notify, registry, start],
  );

  const choose = useCallback(
    (device: Device) => {
      const current = picker;
      setPicker(null);
      if (current?.playlist.cardId) void connectAndPlay(device, current.playlist, current.playlist.cardId);
    },
    [connectAndPlay, picker],
  );

  const command = useCallback(
    (name: 'card/pause' | 'card/resume' | 'card/stop', success: string | null) => {
      const deviceId = registry.activeDeviceId();
      if (!deviceId || !registry.send(deviceId, name, null)) {
        notify.error(NO_DEVICE_CONNECTED_MESSAGE);
        return;
      }
      registry.applyLocal({
        type: name === 'card/pause' ? 'pause' : name === 'card/resume' ? 'resume' : 'stop',
      });
      if (name === 'card/stop') awaited.current = null;
      if (success) notify.success(success);
    },
    [notify, registry],
  );

  return {
    play,
    pause: useCallback(() => command('card/pause', PLAYBACK_PAUSED_MESSAGE), [command]),
    resume: useCallback(() => command('card/resume', null), [command]),
    stop: useCallback(() => command('card/stop', PLAYBACK_STOPPED_MESSAGE), [command]),
    picker,
    choose,
    closePicker: useCallback(() => setPicker(null), []),
  };
}
