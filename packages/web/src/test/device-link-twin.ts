import { parseCardUri } from '@playlist-alarms/core/device/card-uri';
import type { CommandResult } from '@playlist-alarms/core/device/command-response';
import { parseCommandResponse } from '@playlist-alarms/core/device/device-messages';
import type { DeviceMessageKind } from '@playlist-alarms/core/device/device-messages';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import { PendingRequests } from '@playlist-alarms/provider/device-link-requests';
import type {
  DeviceLink,
  DeviceLinkOptions,
  DeviceMessage,
  LinkStatus,
} from '@playlist-alarms/provider/device-link-types';

// The in-memory twin of the provider's device link (MqttDeviceLink): the same interface, with the
// player's side and the broker's a test can drive. The real link is proven against the sandbox by
// the provider's contract tests and the e2e suite.

/** What the real link reports when the broker refuses the login (the sandbox's refusal, as mqtt.js words it). */
const REFUSED_LOGIN = 'MQTT login refused or failed (Connection refused: Not authorized)';

/**
 * A device link whose far end behaves like a player: card commands answer with events, request()
 * settles from the response a test emits (matched as the real link matches it) or times out, and
 * the broker can end a session at its token's expiry (`endSessionAtExpiry`), after which the link
 * logs in again with a token from its source, as the real link does.
 */
export class InMemoryDeviceLink implements DeviceLink {
  status: LinkStatus = 'disconnected';
  deviceId: string | null = null;
  closeReason: string | null = null;
  connectFailure: string | null = null;
  readonly sent: Array<{ name: DeviceCommandName; payload: unknown }> = [];
  readonly tokens: string[] = [];
  private readonly messageHandlers = new Set<(message: DeviceMessage) => void>();
  private readonly statusHandlers = new Set<(status: LinkStatus) => void>();
  private readonly reasonHandlers = new Set<(reason: string | null) => void>();
  private readonly requests = new PendingRequests();
  private recovery: Promise<void> = Promise.resolve();

  constructor(
    private readonly acceptsLogin = true,
    private readonly options: Pick<DeviceLinkOptions, 'getAccessToken' | 'requestTimeoutMs'> = {},
  ) {}

  connect(deviceId: string, accessToken: string): Promise<boolean> {
    this.tokens.push(accessToken);
    if (!this.acceptsLogin) {
      this.connectFailure = REFUSED_LOGIN;
      return Promise.resolve(false);
    }
    this.connectFailure = null;
    this.deviceId = deviceId;
    this.setCloseReason(null);
    this.setStatus('connected');
    return Promise.resolve(true);
  }

  disconnect(): Promise<void> {
    this.requests.rejectAll(MESSAGES.mqttClientNotConnected);
    this.deviceId = null;
    this.setStatus('disconnected');
    return Promise.resolve();
  }

  send<K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]): boolean {
    if (this.status !== 'connected' || !this.deviceId) return false;
    this.sent.push({ name, payload });
    if (name === 'card/start' && payload && typeof payload === 'object' && 'uri' in payload) {
      const card = parseCardUri(payload.uri);
      this.emit({ playbackStatus: 'playing', cardId: card?.cardId ?? 'none', position: 0, trackLength: 120 });
    }
    if (name === 'card/pause') this.emit({ playbackStatus: 'paused' });
    if (name === 'card/stop') this.emit({ playbackStatus: 'stopped', cardId: 'none' });
    return true;
  }

  request<K extends DeviceCommandName>(
    name: K,
    payload: DevicePayloads[K],
    options: { timeoutMs?: number } = {},
  ): Promise<CommandResult> {
    if (this.status !== 'connected') return Promise.reject(new Error(MESSAGES.mqttClientNotConnected));
    const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs ?? 5_000;
    const answer = this.requests.wait(name, payload === null ? '' : JSON.stringify(payload), timeoutMs);
    this.send(name, payload);
    return answer;
  }

  /** What the player publishes on its events topic. */
  emit(payload: unknown): void {
    this.publish('events', payload);
  }

  /** What the player publishes on its status topic. */
  emitStatus(payload: unknown): void {
    this.publish('status', payload);
  }

  /** What the broker publishes on the player's presence topic (offline: its last will). */
  emitPresence(payload: unknown): void {
    this.publish('presence', payload);
  }

  /** What the player publishes on its response topic after a command; it settles a waiting request(). */
  emitResponse(payload: unknown): void {
    this.publish('response', payload);
  }

  /**
   * The broker ends the session at its token's expiry: the link says why and, with a token source,
   * logs in again (resolved by `recovered()`); without one, or with no token, it ends.
   */
  endSessionAtExpiry(): Promise<void> {
    if (this.status !== 'connected') return Promise.resolve();
    const getAccessToken = this.options.getAccessToken;
    if (!getAccessToken) {
      void this.disconnect();
      return Promise.resolve();
    }
    this.setCloseReason(MESSAGES.connectionClosedTokenExpired);
    this.setStatus('connecting');
    this.recovery = getAccessToken().then((token) => {
      if (this.status !== 'connecting') return; // disconnected meanwhile
      if (token === null) {
        void this.disconnect();
        return;
      }
      this.tokens.push(token);
      this.setStatus('connected');
      this.setCloseReason(null);
    });
    return this.recovery;
  }

  /** Settles once the last recovery ended (a test awaits it to see the link back). */
  recovered(): Promise<void> {
    return this.recovery;
  }

  /** Sent commands by name, in order. */
  sentNames(): DeviceCommandName[] {
    return this.sent.map((command) => command.name);
  }

  private publish(kind: DeviceMessageKind, payload: unknown): void {
    const deviceId = this.deviceId ?? '';
    const message: DeviceMessage = { deviceId, kind, topic: `device/${deviceId}/${kind}`, payload };
    // The broker delivers asynchronously, after the publish returned.
    queueMicrotask(() => {
      if (kind === 'response') {
        const status = parseCommandResponse(payload);
        if (status) this.requests.settle(status);
      }
      for (const handler of this.messageHandlers) handler(message);
    });
  }

  onMessage(handler: (message: DeviceMessage) => void): () => void {
    this.messageHandlers.add(handler);
    return () => this.messageHandlers.delete(handler);
  }

  onStatus(handler: (status: LinkStatus) => void): () => void {
    this.statusHandlers.add(handler);
    return () => this.statusHandlers.delete(handler);
  }

  onCloseReason(handler: (reason: string | null) => void): () => void {
    this.reasonHandlers.add(handler);
    return () => this.reasonHandlers.delete(handler);
  }

  dispose(): Promise<void> {
    return this.disconnect();
  }

  private setStatus(status: LinkStatus): void {
    this.status = status;
    for (const handler of this.statusHandlers) handler(status);
  }

  private setCloseReason(reason: string | null): void {
    if (reason === this.closeReason) return;
    this.closeReason = reason;
    for (const handler of this.reasonHandlers) handler(reason);
  }
}
