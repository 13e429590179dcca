import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { commandTopic, deviceTopics } from '@playlist-alarms/core/device/mqtt-commands';
import { connectAs, isGranted, recorder } from '../test/support/mqtt-test-client';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';

let sandbox: RunningSandbox;
let demoToken: string;
let otherToken: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  demoToken = (await sandbox.issueTokens('demo')).access_token;
  otherToken = (await sandbox.issueTokens('other')).access_token;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
});
afterAll(() => sandbox.close());

const connect = async (url: string, deviceId: string, token: string) => {
  const client = await connectAs(url, deviceId, token);
  clients.push(client);
  return client;
};

/** The CONNACK return code of a refused login. */
const refusedCode = async (url: string, deviceId: string, token: string, username?: string) => {
  const attempt = username
    ? import('mqtt').then(({ connectAsync }) =>
        connectAsync(url, { username, password: token, reconnectPeriod: 0, connectTimeout: 3000 }),
      )
    : connectAs(url, deviceId, token);
  const error = await attempt.then(
    (client) => {
      clients.push(client);
      return null;
    },
    (e: unknown) => e,
  );
  return error !== null && typeof error === 'object' && 'code' in error ? error.code : 'accepted';
};

describe('broker login', () => {
  it('accepts the device id with the custom authorizer and the owner token, over TCP and WebSocket', async () => {
    for (const url of [sandbox.mqttUrl, sandbox.wsUrl]) {
      const client = await connect(url, 'demo-player-1', demoToken);
      expect(client.connected).toBe(true);
    }
  });

  it('refuses a bad token, a bare device id, another family device and an unknown device', async () => {
    expect(await refusedCode(sandbox.mqttUrl, 'demo-player-1', `${demoToken}x`)).toBe(4);
    expect(await refusedCode(sandbox.mqttUrl, 'demo-player-1', demoToken, 'demo-player-1')).toBe(4);
    expect(await refusedCode(sandbox.wsUrl, 'demo-player-1', otherToken)).toBe(5);
    expect(await refusedCode(sandbox.mqttUrl, 'nobody-player', demoToken)).toBe(5);
  });

  it('refuses every login while the fault knob is on, and drops connected clients', async () => {
    const connected = await connect(sandbox.mqttUrl, 'demo-player-1', demoToken);
    const closed = new Promise<void>((resolve) => connected.once('close', () => resolve()));
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mqttRefuseLogin: true }),
    });
    await closed;
    expect(await refusedCode(sandbox.wsUrl, 'demo-player-1', demoToken)).toBe(5);
  });
});

describe('topic authorization', () => {
  it('grants a family its own players topics only', async () => {
    const client = await connect(sandbox.mqttUrl, 'demo-player-1', demoToken);
    const topics = [
      deviceTopics('demo-player-1').events,
      deviceTopics('demo-player-2').dataStatus,
      deviceTopics('other-player-1').events,
      'device/+/events',
      '#',
    ];
    const granted = [];
    for (const topic of topics) granted.push(await isGranted(client, topic));
    expect(granted).toEqual([true, true, false, false, false]);
  });

  it('never lets another family hear or command a demo player', async () => {
    const intruder = await connect(sandbox.mqttUrl, 'other-player-1', otherToken);
    expect(await isGranted(intruder, deviceTopics('demo-player-1').response)).toBe(false);
    expect(await isGranted(intruder, deviceTopics('other-player-1').response)).toBe(true);

    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(commandTopic('demo-player-1', 'card/stop'), '');
    await closed;
    const state: unknown = await (await fetch(`${sandbox.url}/_sandbox/devices/demo-player-1/state`)).json();
    expect(state).toMatchObject({ lastCommand: null });
  });

  it('delivers a player response to its family', async () => {
    const client = await connect(sandbox.wsUrl, 'demo-player-2', demoToken);
    const messages = recorder(client);
    await client.subscribeAsync(deviceTopics('demo-player-2').response);
    await client.publishAsync(commandTopic('demo-player-2', 'bluetooth/state'), '');
    const { message } = await messages.waitFor((r) => r.topic === deviceTopics('demo-player-2').response);
    // Keyed by the topic's first segment, as real players answer (docs/provider-contract.md).
    expect(message).toEqual({ status: { bluetooth: 'OK', req_body: '' } });
  });
});

describe('broker like the real provider', () => {
  it('refuses the legacy events and status topics when the knob says so, granting the documented ones', async () => {
    const knob = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mqttRefuseLegacyTopics: true }),
    });
    expect(await knob.json()).toMatchObject({ mqttRefuseLegacyTopics: true });
    const client = await connect(sandbox.wsUrl, 'demo-player-1', demoToken);
    const topics = deviceTopics('demo-player-1');
    const granted = [];
    for (const topic of [topics.events, topics.status, topics.dataEvents, topics.dataStatus, topics.response])
      granted.push(await isGranted(client, topic));
    expect(granted).toEqual([false, false, true, true, true]);
  });

  it('ends a session when its access token expires', async () => {
    const shortLived = await startSandbox({ tokenLifetimeSeconds: 2 });
    try {
      const { access_token } = await shortLived.issueTokens('demo');
      const client = await connect(shortLived.wsUrl, 'demo-player-1', access_token);
      const started = Date.now();
      await new Promise<void>((resolve) => client.once('close', () => resolve()));
      // exp has whole seconds: the session lasts between one and two seconds, then the broker ends it.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(3_000);
      // Logging in again with the expired token is refused.
      expect(await refusedCode(shortLived.wsUrl, 'demo-player-1', access_token)).toBe(4);
    } finally {
      await shortLived.close();
    }
  });
});
