// Test-only helpers: a real mqtt.js client logged in the way the provider's device link does.
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { MQTT_KEEPALIVE_SECONDS } from '@playlist-alarms/core/shared/constants';
import {
  MQTT_CLIENT_ID_PREFIX,
  commandTopic,
  deviceTopics,
  mqttUsername,
} from '@playlist-alarms/core/device/mqtt-commands';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';

interface Received {
  topic: string;
  message: Record<string, unknown>;
}

let connections = 0;

export async function connectAs(brokerUrl: string, deviceId: string, token: string): Promise<MqttClient> {
  connections += 1;
  return connectAsync(brokerUrl, {
    clientId: `${MQTT_CLIENT_ID_PREFIX}${deviceId}-t${connections}`,
    username: mqttUsername(deviceId),
    password: token,
    keepalive: MQTT_KEEPALIVE_SECONDS,
    connectTimeout: 3000,
    reconnectPeriod: 0,
  });
}

/** true when the broker grants the subscription, false when its SUBACK refuses it (128). */
export async function isGranted(client: MqttClient, topic: string): Promise<boolean> {
  try {
    const [grant] = await client.subscribeAsync(topic);
    return grant !== undefined && grant.qos !== 128;
  } catch (error) {
    if (error instanceof Error && /Subscribe error/.test(error.message)) return false;
    throw error;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Collects every JSON object message a client receives, for assertions that wait for one. */
export function recorder(client: MqttClient) {
  const received: Received[] = [];
  const waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  client.on('message', (topic, payload) => {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    if (!isRecord(parsed)) return;
    const entry = { topic, message: parsed };
    received.push(entry);
    for (const waiter of [...waiters]) {
      if (waiter.match(entry)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    }
  });
  return {
    received,
    /** The first message (already received or still to come) that matches, within the timeout. */
    waitFor(match: (r: Received) => boolean, timeoutMs = 3000): Promise<Received> {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('No matching MQTT message in time')), timeoutMs);
        waiters.push({
          match,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
    clear(): void {
      received.length = 0;
    },
  };
}

/** A logged-in app-side client listening to every topic of one player, with typed command sends. */
export async function listenToPlayer(brokerUrl: string, deviceId: string, token: string) {
  const client = await connectAs(brokerUrl, deviceId, token);
  const topics = deviceTopics(deviceId);
  await client.subscribeAsync(Object.values(topics));
  const messages = recorder(client);
  const send = <K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]) =>
    client.publishAsync(commandTopic(deviceId, name), payload === null ? '' : JSON.stringify(payload));
  const on = (topic: string, match: (m: Record<string, unknown>) => boolean = () => true) =>
    messages.waitFor((r: Received) => r.topic === topic && match(r.message)).then((r) => r.message);
  /**
   * What the app does right after connecting: an events/request, without which a player pushes
   * no events (docs/provider-contract.md, "Events are deltas, and only on request"). Waits for its answer,
   * then forgets it.
   */
  const requestEvents = async () => {
    await send('events/request', null);
    await on(topics.response, (m) => JSON.stringify(m).includes('"events":"OK"'));
    messages.clear();
  };
  return { client, topics, messages, send, on, requestEvents };
}
