import {
  commandTopic,
  deviceTopics,
  MQTT_CLIENT_ID_PREFIX,
  mqttUsername,
} from '@playlist-alarms/core/mqtt-commands';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/mqtt-commands';
import {
  MQTT_KEEPALIVE_SECONDS,
  MQTT_RECONNECT_PERIOD_MS,
  TIMINGS_MS,
} from '@playlist-alarms/core/constants';
import { classifyDeviceTopic } from '@playlist-alarms/core/device-messages';
import { failedToConnectToDevice, MESSAGES } from '@playlist-alarms/core/messages';
// The default import is the one form both builds share: Node's CJS build and the browser ESM bundle
// (mqtt's "browser" export) whose only export is the default namespace object.
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { DeviceLink, DeviceLinkOptions, DeviceMessage, LinkStatus } from './device-link-types';

// The device link of SPEC §4/§7: one MQTT-over-WebSocket session to one player at a time.

type Log = NonNullable<DeviceLinkOptions['log']>;

const defaultLog: Log = (level, message) => {
  if (level === 'error') console.error(message);
  else if (level === 'warn') console.warn(message);
  else console.info(message);
};

/**
 * `DASH{deviceId}` (SPEC) plus a short per-connection suffix: the broker allows one connection per client id,
 * so two tabs, or a tab and the alarm worker, would otherwise evict each other (PROVIDER-API.md "MQTT").
 */
export function clientIdFor(deviceId: string): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  const suffix = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${MQTT_CLIENT_ID_PREFIX}${deviceId}-${suffix}`;
}

export function parseMessagePayload(payload: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return undefined;
  }
}

export class MqttDeviceLink implements DeviceLink {
  private client: MqttClient | null = null;
  private currentStatus: LinkStatus = 'disconnected';
  private currentDeviceId: string | null = null;
  /** Bumped by every connect and disconnect, so a superseded connect attempt knows to stand down. */
  private generation = 0;
  private cancelPendingConnect: (() => void) | null = null;
  private readonly messageHandlers = new Set<(message: DeviceMessage) => void>();
  private readonly statusHandlers = new Set<(status: LinkStatus) => void>();
  private readonly log: Log;

  constructor(private readonly options: DeviceLinkOptions) {
    this.log = options.log ?? defaultLog;
  }

  get status(): LinkStatus {
    return this.currentStatus;
  }

  get deviceId(): string | null {
    return this.currentDeviceId;
  }

  async connect(deviceId: string, accessToken: string): Promise<boolean> {
    if (this.client !== null || this.currentStatus !== 'disconnected') await this.disconnect();
    const generation = ++this.generation;
    this.currentDeviceId = deviceId;
    this.setStatus('connecting');

    const timeoutMs = this.options.connectTimeoutMs ?? TIMINGS_MS.mqttConnectTimeout;
    let client: MqttClient;
    try {
      client = mqtt.connect(this.options.brokerUrl, {
        clientId: clientIdFor(deviceId),
        username: mqttUsername(deviceId),
        password: accessToken,
        keepalive: this.options.keepaliveSeconds ?? MQTT_KEEPALIVE_SECONDS,
        reconnectPeriod: MQTT_RECONNECT_PERIOD_MS, // SPEC §9: automatic reconnect is off
        // Our own deadline reports the time-out; mqtt.js's is only a backstop behind it.
        connectTimeout: timeoutMs + 5_000,
        clean: true,
        protocolVersion: 4,
      });
    } catch (error) {
      this.log('error', `${MESSAGES.failedToCreateMqttClient}: ${describeError(error)}`);
      this.reset();
      return false;
    }
    this.client = client;
    // For the client's whole life: an 'error' without a listener would throw (EventEmitter), e.g. a
    // socket error arriving after a time-out; while connecting, awaitConnack reports errors itself.
    client.on('error', (error) => {
      if (this.client === client && this.currentStatus === 'connected')
        this.log('error', `MQTT error: ${error.message}`);
    });

    // SPEC §9: connected within 10 s means logged in and subscribed, so one deadline covers both steps.
    const deadline = startDeadline(timeoutMs);
    const connected = await this.awaitConnack(client, deadline.reached);
    if (!connected || generation !== this.generation) {
      deadline.clear();
      if (generation === this.generation) {
        client.end(true);
        this.reset();
      }
      return false;
    }

    this.watch(client, deviceId);
    const subscribed = await this.subscribe(client, deviceId, deadline.reached);
    deadline.clear();
    if (generation !== this.generation || this.client !== client) return false;
    if (!subscribed) {
      client.end(true);
      this.reset();
      return false;
    }
    this.setStatus('connected');
    this.log('info', `MQTT connected to ${deviceId}`);
    this.send('status/request', null);
    this.send('events/request', null);
    return true;
  }

  async disconnect(): Promise<void> {
    this.generation++;
    this.cancelPendingConnect?.();
    const client = this.client;
    this.reset();
    if (client !== null) {
      // Forcibly: no waiting for in-flight packets (SPEC §4).
      await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
    }
  }

  send<K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]): boolean {
    const client = this.client;
    const deviceId = this.currentDeviceId;
    if (client === null || deviceId === null || this.currentStatus !== 'connected') {
      this.log('warn', MESSAGES.mqttClientNotConnected);
      return false;
    }
    const topic = commandTopic(deviceId, name);
    client.publish(topic, payload === null ? '' : JSON.stringify(payload), { qos: 0 }, (error) => {
      if (error) this.log('error', `MQTT publish to ${topic} failed: ${error.message}`);
    });
    writeNow(client);
    return true;
  }

  onMessage(handler: (message: DeviceMessage) => void): () => void {
    this.messageHandlers.add(handler);
    return () => void this.messageHandlers.delete(handler);
  }

  onStatus(handler: (status: LinkStatus) => void): () => void {
    this.statusHandlers.add(handler);
    return () => void this.statusHandlers.delete(handler);
  }

  async dispose(): Promise<void> {
    await this.disconnect();
    this.messageHandlers.clear();
    this.statusHandlers.clear();
  }

  /** True on CONNACK; false (logged) on refusal, error, close or the connect deadline. */
  private awaitConnack(client: MqttClient, deadline: Promise<void>): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const finish = (result: boolean, level?: 'warn' | 'error', message?: string) => {
        if (settled) return;
        settled = true;
        client.off('connect', onConnect);
        client.off('error', onError);
        client.off('close', onClose);
        this.cancelPendingConnect = null;
        if (level && message) this.log(level, message);
        resolve(result);
      };
      const onConnect = () => finish(true);
      const onError = (error: Error) =>
        finish(false, 'error', failedToConnectToDevice(`MQTT login refused or failed (${error.message})`));
      const onClose = () => finish(false, 'error', failedToConnectToDevice('MQTT connection closed'));
      void deadline.then(() => finish(false, 'error', MESSAGES.mqttConnectionTimeout));
      this.cancelPendingConnect = () => finish(false);
      client.on('connect', onConnect);
      client.on('error', onError);
      client.on('close', onClose);
    });
  }

  /**
   * SPEC's three topics must be granted (the broker refuses another family's player); the `data/` forms are
   * a bonus that an older broker may not know, so their refusal is only logged. A broker that never
   * answers ends the attempt at the connect deadline, as a missing CONNACK does.
   */
  private async subscribe(client: MqttClient, deviceId: string, deadline: Promise<void>): Promise<boolean> {
    const topics = deviceTopics(deviceId);
    const required = new Set([topics.events, topics.status, topics.response]);
    try {
      const grants = await Promise.race([
        client.subscribeAsync(Object.values(topics), { qos: 0 }),
        deadline.then(() => null),
      ]);
      if (grants === null) {
        this.log('error', MESSAGES.mqttConnectionTimeout);
        return false;
      }
      const refused = grants.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
      if (refused.length > 0) this.log('warn', `MQTT subscribe refused for ${refused.join(', ')}`);
      return !refused.some((topic) => required.has(topic));
    } catch (error) {
      this.log('error', `MQTT subscribe failed: ${describeError(error)}`);
      return false;
    }
  }

  /** After CONNACK: route messages, and notice a session the broker or network ends. */
  private watch(client: MqttClient, deviceId: string): void {
    client.on('message', (topic, payload) => {
      if (this.client !== client) return;
      // The SPEC topics and the provider's `data/` forms map to one kind.
      const kind = classifyDeviceTopic(topic)?.kind;
      const parsed = parseMessagePayload(payload);
      if (kind === undefined || parsed === undefined) return; // SPEC §4: a message that does not parse is dropped
      const message: DeviceMessage = { deviceId, kind, topic, payload: parsed };
      for (const handler of [...this.messageHandlers]) {
        try {
          handler(message);
        } catch (error) {
          this.log('error', `MQTT message handler failed: ${describeError(error)}`);
        }
      }
    });
    client.on('close', () => {
      if (this.client !== client) return;
      // The broker or the network ended the session: no reconnect (SPEC §4); it ends as a disconnect does.
      this.log('warn', `MQTT connection to ${deviceId} closed`);
      this.generation++;
      this.reset();
      client.end(true);
    });
  }

  private reset(): void {
    this.client = null;
    this.currentDeviceId = null;
    this.setStatus('disconnected');
  }

  private setStatus(status: LinkStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const handler of [...this.statusHandlers]) {
      try {
        handler(status);
      } catch (error) {
        this.log('error', `MQTT status handler failed: ${describeError(error)}`);
      }
    }
  }
}

/**
 * mqtt-packet corks the stream for each packet and uncorks it on `process.nextTick`, which mqtt.js's
 * browser bundle polyfills with its own setTimeout(0) (mqttjs/MQTT.js#2053; no option changes it, and a
 * global shim would not reach the bundle's private `process`). A command clicked would then wait for the
 * click's re-renders and often a frame (30 ms median in the round-trip bench). Uncorking here writes the
 * packet in the caller's task; the deferred uncork then finds nothing corked and does nothing.
 */
function writeNow(client: MqttClient): void {
  const stream = client.stream;
  while (stream.writableCorked > 0) stream.uncork();
}

/** A deadline that resolves `reached` after `ms` unless cleared first. */
function startDeadline(ms: number): { reached: Promise<void>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reached = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { reached, clear: () => clearTimeout(timer) };
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
