import { useMemo } from 'react';
import { cardStartAt, playCardStart } from '@playlist-alarms/core/device/card-start';
import { parseCardUri } from '@playlist-alarms/core/device/card-uri';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { MESSAGES, failedToConnectTo, failedToConnectToDevice } from '@playlist-alarms/core/texts/messages';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import { useServices } from './app-services';
import type { ConnectOutcome, DeviceLinkRegistry } from './device-link-registry';
import type { Notifier } from './notifier';
import { useNotify } from './notifier-context';

// The one way the UI commands a player: every caller (card buttons, the remote control panel, the
// now-playing modal, the device card) gets the same refusal notices and the same local playback
// flags, rather than each writing its own.

export type PlaybackCommand = 'pause' | 'resume' | 'stop';

/** Where in a card a start begins: a chapter, and its first track when known. */
export interface CardPosition {
  chapterKey: string;
  trackKey?: string | null;
}

/** The message a connect outcome shows the user; null when it connected. */
function connectOutcomeMessage(outcome: ConnectOutcome, device: Pick<Device, 'name'>): string | null {
  switch (outcome.status) {
    case 'connected':
      return null;
    case 'no-token':
      return MESSAGES.noAccessToken;
    case 'failed':
      return outcome.reason === null
        ? failedToConnectTo(device.name)
        : failedToConnectToDevice(outcome.reason);
  }
}

export class DeviceCommands {
  constructor(
    private readonly registry: DeviceLinkRegistry,
    private readonly notifier: Notifier,
  ) {}

  /** Sends one command; without a connection nothing is sent and a notice says so. */
  send<K extends DeviceCommandName>(deviceId: string, name: K, payload: DevicePayloads[K]): boolean {
    const sent = this.registry.send(deviceId, name, payload);
    if (!sent) this.notifier.error(MESSAGES.deviceNotConnectedViaMqtt);
    return sent;
  }

  /** Asks for the full events state without telling the user when the player is not connected. */
  requestEvents(deviceId: string): boolean {
    return this.registry.send(deviceId, 'events/request', null);
  }

  /** Asks the player for status and events (Refresh); refused, the user is told. */
  requestStatus(deviceId: string): boolean {
    const sent = this.registry.requestStatus(deviceId);
    if (!sent) this.notifier.error(MESSAGES.deviceNotConnectedViaMqtt);
    return sent;
  }

  /**
   * Starts a card URI on a player; once sent, the card it names is playing there. A whole
   * playlist resumes where it was left; a chapter or track named in the URI starts there.
   */
  startCard(deviceId: string, uri: string): boolean {
    if (!this.send(deviceId, 'card/start', playCardStart(uri))) return false;
    const cardId = parseCardUri(uri)?.cardId;
    if (cardId) this.registry.applyLocal({ type: 'play', cardId, deviceId });
    return true;
  }

  /**
   * Starts a card at the top of a chapter (and track): the keys ride in the payload, as Home
   * Assistant's integration sends them, with `secondsIn: 0` so the player does not resume instead.
   */
  startCardAt(deviceId: string, uri: string, position: CardPosition): boolean {
    if (!this.send(deviceId, 'card/start', cardStartAt(uri, position))) return false;
    const cardId = parseCardUri(uri)?.cardId;
    if (cardId) this.registry.applyLocal({ type: 'play', cardId, deviceId });
    return true;
  }

  /**
   * Pause, resume or stop on one player; the playback flags follow only when that player holds the
   * card (another connected player's Stop says nothing about it).
   */
  control(deviceId: string, command: PlaybackCommand): boolean {
    if (!this.send(deviceId, `card/${command}`, null)) return false;
    this.applyIfHeld(deviceId, command);
    return true;
  }

  /**
   * A playlist card's Pause, Resume or Stop: to the player its card plays on (the registry's
   * playbackDeviceId); without one, "No device connected.".
   */
  controlPlayback(command: PlaybackCommand): boolean {
    const deviceId = this.registry.playbackDeviceId();
    if (!deviceId || !this.registry.send(deviceId, `card/${command}`, null)) {
      this.notifier.error(MESSAGES.noDeviceConnected);
      return false;
    }
    this.applyIfHeld(deviceId, command);
    return true;
  }

  /** Connects one player; a failure is told in the snackbar. Resolves true once connected. */
  async connect(device: Pick<Device, 'deviceId' | 'name'>): Promise<boolean> {
    const outcome = await this.registry.connect(device.deviceId);
    const message = connectOutcomeMessage(outcome, device);
    if (message !== null) this.notifier.error(message);
    return outcome.status === 'connected';
  }

  disconnect(deviceId: string): Promise<void> {
    return this.registry.disconnect(deviceId);
  }

  private applyIfHeld(deviceId: string, command: PlaybackCommand): void {
    if (this.registry.getSnapshot().playback.deviceId === deviceId)
      this.registry.applyLocal({ type: command });
  }
}

/** The device commands of this session: the registry's, telling the user through its notifier. */
export function useDeviceCommands(): DeviceCommands {
  const { devices } = useServices();
  const notifier = useNotify();
  return useMemo(() => new DeviceCommands(devices, notifier), [devices, notifier]);
}
