import { classifyDeviceTopic } from '@playlist-alarms/core/device/device-messages';
import { commandTopic, deviceTopics } from '@playlist-alarms/core/device/mqtt-commands';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import { TIMINGS_MS } from '@playlist-alarms/core/shared/constants';
import type { MqttClient } from 'mqtt';
import {
  describeError,
  MQTT_QOS,
  notifyAll,
  openSession,
  subscribeDevice,
  writeNow,
} from './device-link-session';
import type { Log } from './device-link-session';
import { renewalMarginMs, tokenTimes } from './device-link-token';
import { DEFAULT_TWIN_WINDOW_MS, TwinFilter } from './device-link-twins';
import type { DeviceMessage } from './device-link-types';
import { parseMessagePayload } from './device-message-payload';

// One MQTT session for several players of one account: the alarm worker reaches a family's players
// through one connection, as the public clients that watch a whole household do, rather than one a
// player (docs/scale.md, step 3). The login names the first player to join; each later one is a
// SUBSCRIBE on the same session, and leaving is an UNSUBSCRIBE. The session ends when its last
// player leaves, or when the broker ends it (its token expired, the network): every player is then
// out, and joins again, on a new login, when it is next used. No renewal: the worker's links are
// opened for minutes around an alarm with a token fresh for longer.

export interface AccountSessionOptions {
  brokerUrl: string;
  /** Default 10 000 ms, as the device link's. */
  connectTimeoutMs?: number;
  keepaliveSeconds?: number;
  /** The same message on the legacy and the documented topic within this time counts once; default 2 000 ms. */
  twinWindowMs?: number;
  log: Log;
  /** The session ended (its last player left, or the broker ended it): the registry forgets it. */
  onEnded: (session: AccountSession) => void;
}

export class AccountSession {
  private client: MqttClient | null = null;
  private opening: Promise<MqttClient | null> | null = null;
  private openingFor: string | null = null;
  /** Per player: how many links use it, and its SUBSCRIBE on the current client. */
  private readonly members = new Map<string, number>();
  private subscribed = new Map<string, Promise<true | string>>();
  /** Per player: twins are the same message from one player, never two players' equal messages. */
  private readonly twins = new Map<string, TwinFilter>();
  private readonly messageHandlers = new Set<(message: DeviceMessage) => void>();
  private readonly lostHandlers = new Set<() => void>();
  private ended = false;
  /** The broker or the network ended the login (not its last player leaving). */
  private lost = false;
  /** Aborts the login under way when the session is closed. */
  private readonly loginAbort = new AbortController();
  /** When the login's token expires (ms since the epoch), and how long before that it counts as stale. */
  private expiry: { at: number; staleBeforeMs: number } | null = null;

  constructor(private readonly options: AccountSessionOptions) {}

  /** Ended for good (its last player left, or the broker ended it): the registry makes a new one. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** The broker or the network ended it: a join that failed for that may try a new session. */
  get wasLost(): boolean {
    return this.lost;
  }

  /**
   * Whether a new player may still join: its login's token is not about to expire (the broker ends
   * the session then, with every player on it). Near the end, a join with a fresher token gets a
   * session of its own, and the players on this one move over as it ends.
   */
  freshAt(nowMs: number): boolean {
    return this.expiry === null || this.expiry.at - nowMs > this.expiry.staleBeforeMs;
  }

  /** The players that joined (the link's log line). */
  get players(): string[] {
    return [...this.members.keys()];
  }

  /**
   * Adds the player: logs in with `accessToken` (naming this player) when the session has no login
   * yet, else subscribes its topics on the one it has. True once its topics are granted; false
   * (logged) when the login or the SUBSCRIBE failed, and then the player is not a member.
   */
  async join(deviceId: string, accessToken: string): Promise<boolean> {
    if (this.ended) return false;
    this.members.set(deviceId, (this.members.get(deviceId) ?? 0) + 1);
    const joined = await this.subscribeOnce(deviceId, accessToken).catch((error: unknown) => {
      this.options.log('error', `MQTT join of ${deviceId} failed: ${describeError(error)}`);
      return false;
    });
    if (!joined) await this.leave(deviceId);
    return joined;
  }

  /**
   * One link of the player is done with it; the last one unsubscribes it, and the last player ends
   * the session (resolved once its connection is closed).
   */
  async leave(deviceId: string): Promise<void> {
    const count = this.members.get(deviceId);
    if (count === undefined) return;
    if (count > 1) {
      this.members.set(deviceId, count - 1);
      return;
    }
    this.members.delete(deviceId);
    this.twins.delete(deviceId);
    if (this.members.size === 0) {
      await this.close();
      return;
    }
    const client = this.client;
    if (client !== null && this.subscribed.delete(deviceId)) {
      await client.unsubscribeAsync(Object.values(deviceTopics(deviceId))).catch(() => undefined);
    }
  }

  send<K extends DeviceCommandName>(deviceId: string, name: K, payload: DevicePayloads[K]): boolean {
    const client = this.client;
    if (client === null || !this.members.has(deviceId)) return false;
    const topic = commandTopic(deviceId, name);
    client.publish(topic, payload === null ? '' : JSON.stringify(payload), { qos: MQTT_QOS }, (error) => {
      if (error) this.options.log('error', `MQTT publish to ${topic} failed: ${error.message}`);
    });
    writeNow(client);
    return true;
  }

  /** Every player's messages, each once (twins dropped), with the player's id; returns unsubscribe. */
  onMessage(handler: (message: DeviceMessage) => void): () => void {
    this.messageHandlers.add(handler);
    return () => void this.messageHandlers.delete(handler);
  }

  /** The broker or the network ended the login: every member is out. Returns unsubscribe. */
  onLost(handler: () => void): () => void {
    this.lostHandlers.add(handler);
    return () => void this.lostHandlers.delete(handler);
  }

  /** Ends the session at once, whoever still uses it. */
  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.members.clear();
    this.loginAbort.abort();
    const client = this.client ?? (await this.opening);
    this.dropClient();
    this.options.onEnded(this);
    if (client) await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
  }

  private async subscribeOnce(deviceId: string, accessToken: string): Promise<boolean> {
    let client = this.client;
    if (client === null) {
      const login = this.login(deviceId, accessToken);
      client = await login.client;
      // A login that named another player failed: the broker may refuse that player alone (it left
      // the family). This one tries a login of its own rather than fail with it.
      if (client === null && login.named !== deviceId && !this.ended) {
        client = await this.login(deviceId, accessToken).client;
      }
    }
    if (client === null) return false;
    let subscribing = this.subscribed.get(deviceId);
    if (subscribing === undefined) {
      subscribing = subscribeDevice(
        client,
        deviceId,
        this.options.connectTimeoutMs ?? TIMINGS_MS.mqttConnectTimeout,
        this.options.log,
      );
      this.subscribed.set(deviceId, subscribing);
    }
    const result = await subscribing;
    if (result !== true) {
      if (this.subscribed.get(deviceId) === subscribing) this.subscribed.delete(deviceId);
      return false;
    }
    // The login may have been lost meanwhile: then this player is not on a session.
    return this.client === client;
  }

  /** The one login, shared by every player that joins while it is under way, and the player it names. */
  private login(
    deviceId: string,
    accessToken: string,
  ): { client: Promise<MqttClient | null>; named: string } {
    if (this.opening !== null && this.openingFor !== null)
      return { client: this.opening, named: this.openingFor };
    this.openingFor = deviceId;
    this.opening = (async () => {
      const session = await openSession({
        brokerUrl: this.options.brokerUrl,
        deviceId,
        accessToken,
        timeoutMs: this.options.connectTimeoutMs ?? TIMINGS_MS.mqttConnectTimeout,
        keepaliveSeconds: this.options.keepaliveSeconds,
        log: this.options.log,
        signal: this.loginAbort.signal,
      });
      if (session.client === null) return null; // openSession logged why
      if (this.ended) {
        session.client.end(true);
        return null;
      }
      const times = tokenTimes(accessToken);
      this.expiry =
        times === null
          ? null
          : {
              at: times.expiresAt,
              staleBeforeMs: renewalMarginMs(times.expiresAt - (times.issuedAt ?? Date.now())),
            };
      this.adopt(session.client, deviceId);
      return session.client;
    })().finally(() => {
      this.opening = null;
      this.openingFor = null;
    });
    return { client: this.opening, named: deviceId };
  }

  private adopt(client: MqttClient, loginDevice: string): void {
    this.client = client;
    // openSession subscribed the login's player already.
    this.subscribed = new Map([[loginDevice, Promise.resolve(true as const)]]);
    client.on('message', (topic, payload) => {
      if (this.client !== client) return;
      const classified = classifyDeviceTopic(topic);
      const parsed = parseMessagePayload(payload);
      if (classified === null || parsed === undefined) return; // malformed: dropped
      const { deviceId, kind } = classified;
      if (!this.members.has(deviceId)) return; // a player that left, its UNSUBSCRIBE under way
      let twins = this.twins.get(deviceId);
      if (twins === undefined) {
        twins = new TwinFilter(this.options.twinWindowMs ?? DEFAULT_TWIN_WINDOW_MS);
        this.twins.set(deviceId, twins);
      }
      if (!twins.admit(kind, new TextDecoder().decode(payload), topic)) return;
      notifyAll(
        this.messageHandlers,
        { deviceId, kind, topic, payload: parsed },
        this.options.log,
        'message',
      );
    });
    client.on('close', () => {
      if (this.client !== client) return;
      this.options.log('warn', `MQTT session of ${loginDevice} and ${this.members.size - 1} more closed`);
      this.ended = true;
      this.lost = true;
      this.dropClient();
      this.members.clear();
      this.options.onEnded(this);
      notifyAll(this.lostHandlers, undefined, this.options.log, 'lost-session');
      client.end(true);
    });
  }

  private dropClient(): void {
    this.client = null;
    this.subscribed = new Map();
    this.twins.clear();
  }
}
