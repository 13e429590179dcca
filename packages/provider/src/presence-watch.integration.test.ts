import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DeviceMessage } from './device-link-types';
import { MqttPresenceWatch } from './presence-watch';

// Contract: the presence watch against the sandbox's real broker (MQTT over WebSocket) and its
// simulated players. One session hears every player of the family switch off and come back, asks
// none of them for anything, follows the list it is given, survives its token's expiry (tokens live
// 6 s here) and logs in again after the broker refused it.

const LIFETIME_SECONDS = 6;

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
const watches: MqttPresenceWatch[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    tokenLifetimeSeconds: LIFETIME_SECONDS,
    playerSettings: { rebootDelayMs: 200 },
  });
});
afterEach(async () => {
  await Promise.all(watches.splice(0).map((watch) => watch.dispose()));
  await knob('reset', {});
});
afterAll(async () => {
  await sandbox?.close();
});

async function knob(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

const stateSchema = z.looseObject({ commandsHeard: z.number(), eventsRequestedAt: z.number().nullable() });
const playerState = async (deviceId: string) =>
  stateSchema.parse(await (await fetch(`${sandbox.url}/_sandbox/devices/${deviceId}/state`)).json());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newWatch(options: { minRetryMs?: number } = {}) {
  let tokens = 0;
  const lines: string[] = [];
  const watch = new MqttPresenceWatch({
    brokerUrl: sandbox.wsUrl,
    getAccessToken: async () => {
      tokens += 1;
      return (await sandbox.issueTokens('demo')).access_token;
    },
    connectTimeoutMs: 3_000,
    log: (level, message) => void lines.push(`${level}: ${message}`),
    ...options,
  });
  watches.push(watch);
  const messages: DeviceMessage[] = [];
  const waiters = new Set<() => void>();
  watch.onMessage((message) => {
    messages.push(message);
    for (const wake of [...waiters]) wake();
  });
  const watching: boolean[] = [];
  const watchingNow = new Set<() => void>();
  watch.onWatching((value) => {
    watching.push(value);
    for (const wake of [...watchingNow]) wake();
  });
  /** The first message from now on that matches, or a failure after `ms`. */
  const next = (match: (message: DeviceMessage) => boolean, ms = 5_000) =>
    new Promise<DeviceMessage>((resolve, reject) => {
      const from = messages.length;
      const check = () => {
        const found = messages.slice(from).find(match);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error('no matching message'));
      }, ms);
      waiters.add(check);
    });
  const subscribed = (ms = 5_000) =>
    new Promise<void>((resolve, reject) => {
      if (watching.at(-1) === true) return resolve();
      const timer = setTimeout(() => reject(new Error('not watching')), ms);
      const wake = () => {
        if (watching.at(-1) !== true) return;
        watchingNow.delete(wake);
        clearTimeout(timer);
        resolve();
      };
      watchingNow.add(wake);
    });
  return { watch, messages, next, subscribed, watching, lines, tokenCount: () => tokens };
}

const presenceOf = (deviceId: string, state: 'online' | 'offline') => (message: DeviceMessage) =>
  message.deviceId === deviceId &&
  message.kind === 'presence' &&
  z.object({ state: z.string() }).safeParse(message.payload).data?.state === state;

describe('MqttPresenceWatch against the sandbox', () => {
  it('hears every player of the family switch off and come back, on one session that asks them nothing', async () => {
    const { watch, next, subscribed, messages } = newWatch();
    watch.setDevices(['demo-player-1', 'demo-player-2', 'demo-player-3']);
    await subscribed();

    // Grandma's Player starts with its network down: it comes online.
    const back = next(presenceOf('demo-player-3', 'online'));
    await knob('devices/demo-player-3/online', { online: true });
    await back;

    const shutDown = next((m) => m.deviceId === 'demo-player-1' && m.kind === 'status');
    const offline = next(presenceOf('demo-player-1', 'offline'));
    await knob('devices/demo-player-1/power', { powerSource: 0, batteryLevel: 0 });
    expect((await shutDown).payload).toMatchObject({ status: { shutDown: 'lowBattery' } });
    expect((await shutDown).topic).toBe('device/demo-player-1/status');
    await offline;

    const online = next(presenceOf('demo-player-1', 'online'));
    await knob('devices/demo-player-1/power', { powerSource: 2 });
    await online;

    const offline2 = next(presenceOf('demo-player-2', 'offline'));
    await knob('devices/demo-player-2/online', { online: false });
    await offline2;

    // Listening only: no player heard a command, and none was asked for its events.
    for (const id of ['demo-player-1', 'demo-player-2', 'demo-player-3']) {
      expect(await playerState(id)).toMatchObject({ commandsHeard: 0, eventsRequestedAt: null });
    }
    // Only the watched topics: never the documented status or events twins.
    expect(new Set(messages.map((m) => m.topic.split('/').slice(2).join('/')))).toEqual(
      new Set(['presence', 'status']),
    );
  });

  it('follows the list: a player added later is heard, a player dropped is not', async () => {
    const { watch, next, subscribed, messages } = newWatch();
    watch.setDevices(['demo-player-1']);
    await subscribed();
    watch.setDevices(['demo-player-1', 'demo-player-2']);
    await sleep(300); // the SUBSCRIBE's round trip
    const heard = next(presenceOf('demo-player-2', 'offline'));
    await knob('devices/demo-player-2/online', { online: false });
    await heard;

    watch.setDevices(['demo-player-2']);
    await sleep(300);
    messages.length = 0;
    const stillHeard = next(presenceOf('demo-player-2', 'online'));
    await knob('devices/demo-player-1/online', { online: false });
    await knob('devices/demo-player-2/online', { online: true });
    await stillHeard;
    expect(messages.filter((m) => m.deviceId === 'demo-player-1')).toEqual([]);
  });

  it('logs a handler that throws, and the other handlers still hear and see the session', async () => {
    const { watch, next, subscribed, lines } = newWatch();
    // Registered after newWatch's own handlers: those must still run when these throw.
    watch.onMessage(() => {
      throw new Error('broken listener');
    });
    watch.onWatching(() => {
      throw new Error('broken watcher');
    });
    watch.setDevices(['demo-player-2']);
    await subscribed();
    const heard = next(presenceOf('demo-player-2', 'offline'));
    await knob('devices/demo-player-2/online', { online: false });
    await heard;
    expect(lines).toContainEqual(
      expect.stringMatching(/^error: MQTT presence watching handler failed: .*broken watcher/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^error: MQTT presence message handler failed: .*broken listener/),
    );
  });

  it('renews its session before the token expires, without a gap, and still hears the players', async () => {
    const { watch, next, subscribed, watching, tokenCount } = newWatch();
    watch.setDevices(['demo-player-1', 'demo-player-2']);
    await subscribed();
    await sleep((LIFETIME_SECONDS + 2) * 1000); // past the first token's expiry
    expect(tokenCount()).toBeGreaterThanOrEqual(2);
    expect(watching).toEqual([true]);

    const offline = next(presenceOf('demo-player-1', 'offline'));
    await knob('devices/demo-player-1/online', { online: false });
    await offline;
  }, 20_000);

  it('logs in again with a growing wait after the broker refused it, then hears the players', async () => {
    await knob('faults', { mqttRefuseLogin: true });
    const { watch, next, subscribed, lines, tokenCount } = newWatch({ minRetryMs: 100 });
    watch.setDevices(['demo-player-1']);
    await sleep(800); // tries at about 0, 100, 300 and 700 ms
    expect(tokenCount()).toBeGreaterThanOrEqual(3);
    expect(tokenCount()).toBeLessThanOrEqual(5);
    expect(lines.some((line) => line.includes('MQTT login failed'))).toBe(true);

    await knob('faults', { mqttRefuseLogin: false });
    await subscribed(5_000);
    const offline = next(presenceOf('demo-player-1', 'offline'));
    await knob('devices/demo-player-1/online', { online: false });
    await offline;
  }, 15_000);

  it('logs in again when the broker drops the session', async () => {
    const { watch, next, subscribed, watching } = newWatch({ minRetryMs: 100 });
    watch.setDevices(['demo-player-1']);
    await subscribed();
    await knob('faults', { brokerDown: true });
    await sleep(300);
    expect(watching).toEqual([true, false]);
    await knob('faults', { brokerDown: false });
    await subscribed(5_000);
    expect(watching).toEqual([true, false, true]);
    const offline = next(presenceOf('demo-player-1', 'offline'));
    await knob('devices/demo-player-1/online', { online: false });
    await offline;
  });
});
