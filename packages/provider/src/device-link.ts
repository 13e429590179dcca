import type { CommandResult } from '@playlist-alarms/core/device/command-response';
import { TIMINGS_MS } from '@playlist-alarms/core/shared/constants';
import { classifyDeviceTopic, parseCommandResponse } from '@playlist-alarms/core/device/device-messages';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { commandTopic } from '@playlist-alarms/core/device/mqtt-commands';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import type { MqttClient } from 'mqtt';
import { DEFAULT_REQUEST_TIMEOUT_MS, PendingRequests } from './device-link-requests';
import { consoleLog, describeError, MQTT_QOS, notifyAll, openSession, writeNow } from './device-link-session';
import type { Log, SessionResult } from './device-link-session';
import { EXPIRY_SKEW_MS, renewalMarginMs, renewalRetryMs, tokenTimes } from './device-link-token';
import type { TokenTimes } from './device-link-token';
import { DEFAULT_TWIN_WINDOW_MS, TwinFilter } from './device-link-twins';
import { parseMessagePayload } from './device-message-payload';
import type { DeviceLink, DeviceLinkOptions, DeviceMessage, LinkStatus } from './device-link-types';

// The device link: one MQTT-over-WebSocket session to one player at a time. The
// broker ends a session when its token expires, so with a token source the link opens a new
// session with a fresh token shortly before, subscribes, and only then ends the old one
// (make-before-break): status, device and handlers stay, and no command is sent twice.

export { clientIdFor } from './device-link-session';
export { MAX_MESSAGE_BYTES, parseMessagePayload } from './device-message-payload';

/** After the broker ended a session at its token's expiry: tries to log in again, and the pause between. */
const RECOVERY_ATTEMPTS = 3;
const RECOVERY_PAUSE_MS = 1_000;

export class MqttDeviceLink implements DeviceLink {
  /** The session commands go through. */
  private client: MqttClient | null = null;
  /** Sessions whose messages count: the current one, and the old one while a renewal hands over. */
  private readonly live = new Set<MqttClient>();
  private currentStatus: LinkStatus = 'disconnected';
  private currentDeviceId: string | null = null;
  private currentCloseReason: string | null = null;
  private currentConnectFailure: string | null = null;
  private token: TokenTimes | null = null;
  /** Bumped by every connect, disconnect and lost session, so superseded work stands down. */
  private generation = 0;
  private sessionCount = 0;
  private readonly attempts = new Set<AbortController>();
  private renewalTimer: ReturnType<typeof setTimeout> | undefined;
  private replacing: Promise<boolean> | null = null;
  private readonly requests = new PendingRequests();
  private readonly twins: TwinFilter;
  private readonly messageHandlers = new Set<(message: DeviceMessage) => void>();
  private readonly statusHandlers = new Set<(status: LinkStatus) => void>();
  private readonly reasonHandlers = new Set<(reason: string | null) => void>();
  private readonly log: Log;

  constructor(private readonly options: DeviceLinkOptions) {
    this.log = options.log ?? consoleLog;
    this.twins = new TwinFilter(options.twinWindowMs ?? DEFAULT_TWIN_WINDOW_MS);
  }

  get status(): LinkStatus {
    return this.currentStatus;
  }

  get deviceId(): string | null {
    return this.currentDeviceId;
  }

  get closeReason(): string | null {
    return this.currentCloseReason;
  }

  get connectFailure(): string | null {
    return this.currentConnectFailure;
  }

  async connect(deviceId: string, accessToken: string): Promise<boolean> {
    if (this.client !== null || this.currentStatus !== 'disconnected') await this.disconnect();
    const generation = ++this.generation;
    this.currentDeviceId = deviceId;
    this.setCloseReason(null);
    this.currentConnectFailure = null;
    this.setStatus('connecting');
    const session = await this.open(deviceId, accessToken);
    if (generation !== this.generation) {
      session.client?.end(true);
      return false;
    }
    if (session.client === null) {
      this.currentConnectFailure = session.failure;
      this.reset();
      return false;
    }
    const client = session.client;
    this.adopt(client, deviceId, accessToken);
    this.setStatus('connected');
    this.log('info', `MQTT connected to ${deviceId}`);
    this.requestState();
    return true;
  }

  async disconnect(): Promise<void> {
    this.generation++;
    for (const attempt of this.attempts) attempt.abort();
    this.requests.rejectAll(MESSAGES.mqttClientNotConnected);
    const clients = [...this.live];
    this.reset();
    // Forcibly: no waiting for in-flight packets, so a disconnect is immediate.
    await Promise.all(
      clients.map((client) => new Promise<void>((resolve) => client.end(true, {}, () => resolve()))),
    );
  }

  send<K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]): boolean {
    const client = this.client;
    const deviceId = this.currentDeviceId;
    if (client === null || deviceId === null || this.currentStatus !== 'connected') {
      this.log('warn', MESSAGES.mqttClientNotConnected);
      return false;
    }
    const topic = commandTopic(deviceId, name);
    client.publish(topic, payload === null ? '' : JSON.stringify(payload), { qos: MQTT_QOS }, (error) => {
      if (error) this.log('error', `MQTT publish to ${topic} failed: ${error.message}`);
    });
    writeNow(client);
    return true;
  }

  request<K extends DeviceCommandName>(
    name: K,
    payload: DevicePayloads[K],
    options: { timeoutMs?: number } = {},
  ): Promise<CommandResult> {
    if (this.currentStatus !== 'connected') {
      this.log('warn', MESSAGES.mqttClientNotConnected);
      return Promise.reject(new Error(MESSAGES.mqttClientNotConnected));
    }
    const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const answer = this.requests.wait(name, payload === null ? '' : JSON.stringify(payload), timeoutMs);
    this.send(name, payload);
    return answer;
  }

  onMessage(handler: (message: DeviceMessage) => void): () => void {
    this.messageHandlers.add(handler);
    return () => void this.messageHandlers.delete(handler);
  }

  onStatus(handler: (status: LinkStatus) => void): () => void {
    this.statusHandlers.add(handler);
    return () => void this.statusHandlers.delete(handler);
  }

  onCloseReason(handler: (reason: string | null) => void): () => void {
    this.reasonHandlers.add(handler);
    return () => void this.reasonHandlers.delete(handler);
  }

  async dispose(): Promise<void> {
    await this.disconnect();
    this.messageHandlers.clear();
    this.statusHandlers.clear();
    this.reasonHandlers.clear();
  }

  /** One session attempt that disconnect() can abort. */
  private async open(deviceId: string, accessToken: string): Promise<SessionResult> {
    const attempt = new AbortController();
    this.attempts.add(attempt);
    try {
      return await openSession({
        brokerUrl: this.options.brokerUrl,
        deviceId,
        accessToken,
        timeoutMs: this.options.connectTimeoutMs ?? TIMINGS_MS.mqttConnectTimeout,
        keepaliveSeconds: this.options.keepaliveSeconds,
        log: this.log,
        signal: attempt.signal,
      });
    } finally {
      this.attempts.delete(attempt);
    }
  }

  /** Makes `client` the session commands go through, and plans its renewal. */
  private adopt(client: MqttClient, deviceId: string, accessToken: string): void {
    this.client = client;
    this.live.add(client);
    this.token = tokenTimes(accessToken);
    this.watch(client, deviceId, ++this.sessionCount);
    this.scheduleRenewal(null);
  }

  /** Status and events at once after connecting (and after a session was lost): the card fills at once. */
  private requestState(): void {
    this.send('status/request', null);
    this.send('events/request', null);
  }

  /** Route a session's messages (each once), and notice when the broker or the network ends it. */
  private watch(client: MqttClient, deviceId: string, session: number): void {
    client.on('message', (topic, payload) => {
      if (!this.live.has(client)) return;
      // The legacy topics and the provider's `data/` forms map to one kind.
      const kind = classifyDeviceTopic(topic)?.kind;
      const parsed = parseMessagePayload(payload);
      if (kind === undefined || parsed === undefined) return; // malformed: dropped (see parseMessagePayload)
      if (!this.twins.admit(kind, new TextDecoder().decode(payload), `${session}|${topic}`)) return;
      if (kind === 'response') {
        const status = parseCommandResponse(parsed);
        if (status) this.requests.settle(status);
      }
      this.dispatch({ deviceId, kind, topic, payload: parsed });
    });
    client.on('error', (error) => {
      if (this.client === client && this.currentStatus === 'connected')
        this.log('error', `MQTT error: ${error.message}`);
    });
    client.on('close', () => {
      this.live.delete(client);
      if (this.client !== client) return; // an old session handed over, or one already given up
      this.client = null;
      client.end(true);
      const expired = this.token !== null && Date.now() >= this.token.expiresAt - EXPIRY_SKEW_MS;
      if (expired && this.options.getAccessToken) {
        void this.recover(deviceId);
        return;
      }
      // The broker or the network ended the session: no reconnect (the user or the scheduler connects again); it ends as a disconnect does.
      this.log('warn', `MQTT connection to ${deviceId} closed`);
      this.giveUp();
    });
  }

  private dispatch(message: DeviceMessage): void {
    notifyAll(this.messageHandlers, message, this.log, 'message');
  }

  /** Renew at `margin` before expiry, or after `retryMs` when a try found no fresh token yet. */
  private scheduleRenewal(retryMs: number | null): void {
    clearTimeout(this.renewalTimer);
    const token = this.token;
    if (!this.options.getAccessToken || token === null) return;
    const lifetime = token.expiresAt - (token.issuedAt ?? Date.now());
    const margin = renewalMarginMs(lifetime);
    const wait = retryMs ?? token.expiresAt - margin - Date.now();
    const generation = this.generation;
    this.renewalTimer = setTimeout(
      () => {
        if (generation !== this.generation || this.currentDeviceId === null) return;
        void this.replaceSession(this.currentDeviceId, true).then((renewed) => {
          const stillOld = generation === this.generation && this.token === token;
          if (!renewed && stillOld && Date.now() < token.expiresAt)
            this.scheduleRenewal(renewalRetryMs(margin));
        });
      },
      Math.max(0, wait),
    );
  }

  /**
   * Opens a session with a token from the source and hands over to it: subscribed first, then the
   * old session ends gracefully (its in-flight QoS 1 commands are acknowledged, none is resent).
   * `mustBeNewer`: only with a token that expires later than the current one.
   */
  private replaceSession(deviceId: string, mustBeNewer: boolean): Promise<boolean> {
    this.replacing ??= (async () => {
      const generation = this.generation;
      const accessToken = await this.freshToken();
      if (accessToken === null || generation !== this.generation) return false;
      const expiresAt = tokenTimes(accessToken)?.expiresAt ?? 0;
      if (mustBeNewer && this.token !== null && expiresAt <= this.token.expiresAt) return false;
      const { client } = await this.open(deviceId, accessToken);
      if (client === null) return false;
      if (generation !== this.generation) {
        client.end(true);
        return false;
      }
      const old = this.client;
      this.adopt(client, deviceId, accessToken);
      old?.end(false);
      return true;
    })().finally(() => {
      this.replacing = null;
    });
    return this.replacing;
  }

  /** The broker ended the session at its token's expiry: say why, and log in again with a fresh token. */
  private async recover(deviceId: string): Promise<void> {
    const generation = this.generation;
    this.log('warn', MESSAGES.connectionClosedTokenExpired);
    this.setCloseReason(MESSAGES.connectionClosedTokenExpired);
    this.setStatus('connecting');
    for (let attempt = 0; attempt < RECOVERY_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RECOVERY_PAUSE_MS));
      if (generation !== this.generation) return;
      // A renewal still under way may be the one that brings the link back.
      const back = (await this.replaceSession(deviceId, false)) || this.client !== null;
      if (generation !== this.generation) return;
      if (back) {
        this.setStatus('connected');
        this.setCloseReason(null);
        this.log('info', `MQTT connected to ${deviceId} again`);
        this.requestState(); // what changed while no session was open
        return;
      }
    }
    this.giveUp();
  }

  private async freshToken(): Promise<string | null> {
    try {
      return (await this.options.getAccessToken?.()) ?? null;
    } catch (error) {
      this.log('warn', `No fresh token for MQTT: ${describeError(error)}`);
      return null;
    }
  }

  /** The session is gone for good: disconnected, device forgotten, waiting requests refused. */
  private giveUp(): void {
    this.generation++;
    this.requests.rejectAll(MESSAGES.mqttClientNotConnected);
    this.reset();
  }

  private reset(): void {
    clearTimeout(this.renewalTimer);
    this.client = null;
    this.live.clear();
    this.token = null;
    this.twins.clear();
    this.currentDeviceId = null;
    this.setStatus('disconnected');
  }

  private setStatus(status: LinkStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    notifyAll(this.statusHandlers, status, this.log, 'status');
  }

  private setCloseReason(reason: string | null): void {
    if (reason === this.currentCloseReason) return;
    this.currentCloseReason = reason;
    notifyAll(this.reasonHandlers, reason, this.log, 'close reason');
  }
}
