import { useCallback, useEffect, useRef, useState } from 'react';
import { cardUri } from '@playlist-alarms/core/device/card-uri';
import type { Device, Playlist } from '@playlist-alarms/core/shared/entities';
import { useNotify } from '../../services/notifier-context';
import { useServices } from '../../services/app-services';
import { useDeviceCommands } from '../../services/device-commands';
import type { CardPosition, PlaybackCommand } from '../../services/device-commands';
import { playTarget } from '@playlist-alarms/core/device/play-target';
import { MESSAGES, invalidCardId, playing } from '@playlist-alarms/core/texts/messages';
import { activeCardId } from '@playlist-alarms/core/device/device-message-fields';

export interface DevicePicker {
  playlist: Playlist;
  devices: Device[];
  /** A "Play from chapter…" start: where in the card. */
  position: CardPosition | null;
}

/** What the now-playing modal shows: the player, and the playlist when the app knows it. */
export interface NowPlayingTarget {
  deviceId: string;
  playlist: Playlist | null;
}

export interface PlayerControls {
  play: (playlist: Playlist) => void;
  /** Play from a chapter: card/start with its chapterKey (and first trackKey), through the same flow. */
  playFrom: (playlist: Playlist, position: CardPosition) => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  picker: DevicePicker | null;
  choose: (device: Device) => void;
  closePicker: () => void;
  /** The card whose play is connecting and starting (its Play waits meanwhile: aria-disabled, keeping focus), else null. */
  starting: string | null;
  /** The now-playing modal's target while it is open. */
  nowPlaying: NowPlayingTarget | null;
  showNowPlaying: (target: NowPlayingTarget) => void;
  closeNowPlaying: () => void;
}

/** The playback flow: which player, connecting, card commands and their toasts. */
export function usePlayer(devices: readonly Device[]): PlayerControls {
  const { config, devices: registry } = useServices();
  const notify = useNotify();
  const commands = useDeviceCommands();
  const [picker, setPicker] = useState<DevicePicker | null>(null);
  const [nowPlaying, setNowPlaying] = useState<NowPlayingTarget | null>(null);
  // The card whose 'playing' event we await, to say "Playing: {title}" once the player confirms.
  const awaited = useRef<{ cardId: string; title: string } | null>(null);
  // A play that is connecting: a double tap on a phone, or a second press before the first has
  // connected, would connect and send card/start twice. The ref answers at once (the second press
  // can come before a re-render); the state shows the card's buttons waiting.
  const inFlight = useRef<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);

  useEffect(
    () =>
      registry.onDeviceEvent(({ events }) => {
        const expected = awaited.current;
        if (!expected || events.playbackStatus !== 'playing') return;
        const cardId = activeCardId(events) ?? registry.getSnapshot().playback.cardId;
        if (cardId !== expected.cardId) return;
        awaited.current = null;
        notify.success(playing(expected.title));
      }),
    [notify, registry],
  );

  const start = useCallback(
    (deviceId: string, playlist: Playlist, cardId: string, position: CardPosition | null) => {
      const uri = cardUri(config.provider.cardLinkHost, cardId);
      const sent = position
        ? commands.startCardAt(deviceId, uri, position)
        : commands.startCard(deviceId, uri);
      if (!sent) return;
      awaited.current = { cardId, title: playlist.title };
      // Playback started from the app: the now-playing modal opens on it.
      setNowPlaying({ deviceId, playlist });
    },
    [commands, config.provider.cardLinkHost],
  );

  const connectAndPlay = useCallback(
    async (device: Device, playlist: Playlist, cardId: string, position: CardPosition | null) => {
      if (inFlight.current) return;
      inFlight.current = cardId;
      setStarting(cardId);
      try {
        if (await commands.connect(device)) start(device.deviceId, playlist, cardId, position);
      } finally {
        inFlight.current = null;
        setStarting(null);
      }
    },
    [commands, start],
  );

  const playAt = useCallback(
    (playlist: Playlist, position: CardPosition | null) => {
      // One play at a time: another press while a player is connecting does nothing.
      if (inFlight.current) return;
      const cardId = playlist.cardId;
      if (!cardId) {
        notify.error(invalidCardId(playlist.title));
        return;
      }
      // A player already connected plays at once; otherwise one online player connects, or the parent picks
      // among several.
      const connected = registry.activeDeviceId();
      if (connected) {
        start(connected, playlist, cardId, position);
        return;
      }
      const target = playTarget(devices);
      switch (target.kind) {
        case 'none':
          notify.error(MESSAGES.noOnlineDevicesAvailable);
          return;
        case 'single':
          void connectAndPlay(target.device, playlist, cardId, position);
          return;
        case 'choose':
          setPicker({ playlist, devices: target.devices, position });
          return;
      }
    },
    [connectAndPlay, devices, notify, registry, start],
  );

  const choose = useCallback(
    (device: Device) => {
      const current = picker;
      setPicker(null);
      if (current?.playlist.cardId)
        void connectAndPlay(device, current.playlist, current.playlist.cardId, current.position);
    },
    [connectAndPlay, picker],
  );

  const command = useCallback(
    (name: PlaybackCommand, success: string | null) => {
      if (!commands.controlPlayback(name)) return;
      if (name === 'stop') awaited.current = null;
      if (success) notify.success(success);
    },
    [commands, notify],
  );

  return {
    play: useCallback((playlist: Playlist) => playAt(playlist, null), [playAt]),
    playFrom: playAt,
    pause: useCallback(() => command('pause', MESSAGES.playbackPaused), [command]),
    resume: useCallback(() => command('resume', null), [command]),
    stop: useCallback(() => command('stop', MESSAGES.playbackStopped), [command]),
    picker,
    choose,
    closePicker: useCallback(() => setPicker(null), []),
    starting,
    nowPlaying,
    showNowPlaying: setNowPlaying,
    closeNowPlaying: useCallback(() => setNowPlaying(null), []),
  };
}
