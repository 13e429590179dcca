import { MQTT_KEEPALIVE_SECONDS, TIMINGS_MS } from '@playlist-alarms/core/shared/constants';
import { classifyDeviceTopic } from '@playlist-alarms/core/device/device-messages';
import { deviceTopics, mqttUsername } from '@playlist-alarms/core/device/mqtt-commands';
// The default import is the one form both builds share (see device-link-session.ts).
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { clientIdFor, describeError, MQTT_QOS, notifyAll } from './device-link-session';
import type { Log } from './device-link-session';
import { renewalMarginMs, renewalRetryMs, tokenTimes } from './device-link-token';
import type { TokenTimes } from './device-link-token';
import type { DeviceMessage, PresenceWatch } from './device-link-types';
import { parseMessagePayload } from './device-message-payload';

// One MQTT session that listens to whether each of the family's players is on: its presence topic
// (the broker's last will says "offline" when it drops) and its legacy status (`shutDown` as it
// switches itself off). The broker lets one session read every player of the token's family, as the
// open clients that watch a whole household do (one connection per account, subscriptions
// multiplexed, reconnects with a growing wait). It never publishes: asking a player for anything
// would count as use and could keep it awake.

interface PresenceWatchOptions {
  /** MQTT over WebSocket URL, as the device link's. */
  brokerUrl: string;
  /** A fresh access token for every login (the broker ends a session at its token's expiry). */
  getAccessToken: () => Promise<string | null>;
  /** Default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Default 300 s. */
  keepaliveSeconds?: number;
  /** The first wait after a lost or refused session, doubled on every failure up to maxRetryMs. */
  minRetryMs?: number;
  maxRetryMs?: number;
  log?: Log;
}

const DEFAULT_MIN_RETRY_MS = 1_000;
const DEFAULT_MAX_RETRY_MS = 60_000;

/** The topics one player is watched on. */
const watchedTopics = (deviceId: string): string[] => {
  const topics = deviceTopics(deviceId);
  return [topics.presence, topics.status];
};

export class MqttPresenceWatch implements PresenceWatch {
  private devices: readonly string[] = [];
  /** The session in use, and the topics it has been asked for. */
  private session: { client: MqttClient; token: TokenTimes | null; topics: Set<string> } | null = null;
  /** Sessions whose messages count: the current one, and the old one while a renewal hands over. */
  private readonly live = new Set<MqttClient>();
  private opening: Promise<boolean> | null = null;
  /** Bumped when the watch closes or is disposed, so work under way stands down. */
  private generation = 0;
  private disposed = false;
  private retryMs: number;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private renewalTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly messageHandlers = new Set<(message: DeviceMessage) => void>();
  private readonly watchingHandlers = new Set<(watching: boolean) => void>();
  private watching = false;
  private readonly log: Log;

  constructor(private readonly options: PresenceWatchOptions) {
    this.log = options.log ?? ((level, message) => console[level](message));
    this.retryMs = this.minRetryMs;
  }

  setDevices(deviceIds: readonly string[]): void {
    if (this.disposed) return;
    this.devices = [...new Set(deviceIds)];
    if (this.devices.length === 0) {
      this.close();
      return;
    }
    if (this.session) void this.subscribe(this.session.client, this.session.topics);
    else if (this.opening === null && this.retryTimer === undefined) void this.open(false);
  }

  onMessage(handler: (message: DeviceMessage) => void): () => void {
    this.messageHandlers.add(handler);
    return () => void this.messageHandlers.delete(handler);
  }

  onWatching(handler: (watching: boolean) => void): () => void {
    this.watchingHandlers.add(handler);
    return () => void this.watchingHandlers.delete(handler);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const clients = this.close();
    this.messageHandlers.clear();
    this.watchingHandlers.clear();
    await Promise.all(
      clients.map((client) => new Promise<void>((resolve) => client.end(true, {}, () => resolve()))),
    );
  }

  private get minRetryMs(): number {
    return this.options.minRetryMs ?? DEFAULT_MIN_RETRY_MS;
  }

  /** Ends every session and stops retries and renewals; returns the clients it ended. */
  private close(): MqttClient[] {
    this.generation++;
    clearTimeout(this.retryTimer);
    clearTimeout(this.renewalTimer);
    this.retryTimer = undefined;
    this.retryMs = this.minRetryMs;
    const clients = [...this.live];
    this.live.clear();
    this.session = null;
    for (const client of clients) client.end(true);
    this.setWatching(false);
    return clients;
  }

  /**
   * Logs in with a fresh token, subscribes, and only then hands over from the old session (if any).
   * `mustBeNewer`: a renewal, which needs a token that expires later than the current one.
   */
  private open(mustBeNewer: boolean): Promise<boolean> {
    this.opening ??= this.openSession(mustBeNewer).finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async openSession(mustBeNewer: boolean): Promise<boolean> {
    const generation = this.generation;
    const accessToken = await this.freshToken();
    const login = this.devices[0];
    if (generation !== this.generation || login === undefined) return false;
    if (accessToken === null) {
      this.retryLater();
      return false;
    }
    const token = tokenTimes(accessToken);
    const current = this.session?.token;
    if (mustBeNewer && current && (token?.expiresAt ?? 0) <= current.expiresAt) return false;
    const client = await this.connect(login, accessToken);
    if (generation !== this.generation) {
      client?.end(true);
      return false;
    }
    if (client === null) {
      if (!this.session) this.retryLater();
      return false;
    }
    const topics = new Set<string>();
    this.live.add(client);
    this.watch(client);
    await this.subscribe(client, topics);
    if (generation !== this.generation) return false;
    if (!client.connected) {
      // The broker ended it while it subscribed: no session to hand over to.
      this.live.delete(client);
      if (!this.session) this.retryLater();
      return false;
    }
    const old = this.session?.client;
    this.session = { client, token, topics };
    old?.end(false);
    this.retryMs = this.minRetryMs;
    this.scheduleRenewal();
    this.setWatching(true);
    // A list that changed while this session subscribed: the difference now.
    void this.subscribe(client, topics);
    return true;
  }

  /** Connected and logged in, or null (logged) when the broker refused, failed or took too long. */
  private connect(login: string, accessToken: string): Promise<MqttClient | null> {
    let client: MqttClient;
    try {
      client = mqtt.connect(this.options.brokerUrl, {
        clientId: clientIdFor(login),
        username: mqttUsername(login),
        password: accessToken,
        keepalive: this.options.keepaliveSeconds ?? MQTT_KEEPALIVE_SECONDS,
        reconnectPeriod: 0, // every login needs a fresh token: this class reconnects itself
        connectTimeout: (this.options.connectTimeoutMs ?? TIMINGS_MS.mqttConnectTimeout) + 5_000,
        clean: true,
        protocolVersion: 4,
      });
    } catch (error) {
      this.log('warn', `Presence watch: no MQTT client (${describeError(error)})`);
      return Promise.resolve(null);
    }
    // For the client's whole life: an 'error' without a listener would throw.
    client.on('error', () => undefined);
    return new Promise((resolve) => {
      const finish = (ok: boolean, why?: string) => {
        clearTimeout(timer);
        client.off('connect', onConnect);
        client.off('close', onClose);
        client.off('error', onError);
        if (!ok) {
          this.log('warn', `Presence watch: MQTT login failed (${why ?? 'closed'})`);
          client.end(true);
        }
        resolve(ok ? client : null);
      };
      const onConnect = () => finish(true);
      const onClose = () => finish(false);
      const onError = (error: Error) => finish(false, error.message);
      const timer = setTimeout(
        () => finish(false, 'time-out'),
        this.options.connectTimeoutMs ?? TIMINGS_MS.mqttConnectTimeout,
      );
      client.on('connect', onConnect);
      client.on('close', onClose);
      client.on('error', onError);
    });
  }

  /** Routes the session's messages, and notices when the broker or the network ends it. */
  private watch(client: MqttClient): void {
    client.on('message', (topic, payload) => {
      if (!this.live.has(client)) return;
      const found = classifyDeviceTopic(topic);
      if (found === null || !this.devices.includes(found.deviceId)) return;
      if (!watchedTopics(found.deviceId).includes(topic)) return;
      const parsed = parseMessagePayload(payload);
      if (parsed === undefined) return; // not JSON, or too large: dropped as the device link drops it
      const message: DeviceMessage = { deviceId: found.deviceId, kind: found.kind, topic, payload: parsed };
      notifyAll(this.messageHandlers, message, this.log, 'presence message');
    });
    client.on('close', () => {
      this.live.delete(client);
      if (this.session?.client !== client) return; // handed over, or already closed by us
      this.session = null;
      clearTimeout(this.renewalTimer);
      this.setWatching(false);
      this.log('info', 'Presence watch: MQTT session closed, logging in again');
      this.retryLater();
    });
  }

  /** Asks `client` for every watched player's topics it lacks, and drops the players no longer watched. */
  private async subscribe(client: MqttClient, asked: Set<string>): Promise<void> {
    const wanted = new Set(this.devices.flatMap(watchedTopics));
    const added = [...wanted].filter((topic) => !asked.has(topic));
    const dropped = [...asked].filter((topic) => !wanted.has(topic));
    for (const topic of added) asked.add(topic);
    for (const topic of dropped) asked.delete(topic);
    // One SUBSCRIBE per topic: a broker refusing one (the legacy status) must not cost the others.
    const grants = added.map((topic) =>
      client.subscribeAsync(topic, { qos: MQTT_QOS }).then(
        (granted) => !granted.some((grant) => grant.qos === 128),
        () => false,
      ),
    );
    const results = await Promise.all(grants);
    const refusals = added.filter((_, index) => !results[index]);
    if (refusals.length > 0) this.log('warn', `Presence watch: subscribe refused for ${refusals.join(', ')}`);
    if (dropped.length > 0) await client.unsubscribeAsync(dropped).catch(() => undefined);
  }

  /** Renews shortly before the token's expiry, make-before-break, retrying while it gets the old token. */
  private scheduleRenewal(): void {
    clearTimeout(this.renewalTimer);
    const token = this.session?.token;
    if (!token) return;
    const margin = renewalMarginMs(token.expiresAt - (token.issuedAt ?? Date.now()));
    const renew = (wait: number) => {
      this.renewalTimer = setTimeout(
        () =>
          void this.open(true).then((renewed) => {
            if (!renewed && this.session?.token === token && Date.now() < token.expiresAt)
              renew(renewalRetryMs(margin));
          }),
        Math.max(0, wait),
      );
    };
    renew(token.expiresAt - margin - Date.now());
  }

  /** Logs in again after a wait that doubles with every failure (reset by a session that works). */
  private retryLater(): void {
    if (this.disposed || this.retryTimer !== undefined || this.devices.length === 0) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(wait * 2, this.options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.session === null) void this.open(false);
    }, wait);
  }

  private async freshToken(): Promise<string | null> {
    try {
      return await this.options.getAccessToken();
    } catch (error) {
      this.log('warn', `Presence watch: no token (${describeError(error)})`);
      return null;
    }
  }

  private setWatching(watching: boolean): void {
    if (watching === this.watching) return;
    this.watching = watching;
    notifyAll(this.watchingHandlers, watching, this.log, 'presence watching');
  }
}
