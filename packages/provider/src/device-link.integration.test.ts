import { bluetoothBanner } from '@playlist-alarms/core/device/bluetooth-banner';
import { parseCommandResponse } from '@playlist-alarms/core/device/device-messages';
import { bluetoothOnPayload } from '@playlist-alarms/core/device/mqtt-commands';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { connectAs } from '@playlist-alarms/sandbox/test/support/mqtt-test-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MqttDeviceLink } from './device-link';
import type { DeviceMessage, LinkStatus } from './device-link-types';
import { ProviderClient } from './rest-client';

// Contract: the device link against the sandbox's real MQTT broker (over WebSocket) and simulated players.

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let demoToken: string;
const links: MqttDeviceLink[] = [];

function newLink() {
  const lines: string[] = [];
  const link = new MqttDeviceLink({
    brokerUrl: sandbox.wsUrl,
    connectTimeoutMs: 5_000,
    log: (level, message) => void lines.push(`${level}: ${message}`),
  });
  links.push(link);
  return { link, lines };
}

/** Resolves with the first message that matches, or fails after `ms`. */
function nextMessage(link: MqttDeviceLink, match: (message: DeviceMessage) => boolean, ms = 5_000) {
  return new Promise<DeviceMessage>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no matching device message'));
    }, ms);
    const stop = link.onMessage((message) => {
      if (!match(message)) return;
      clearTimeout(timer);
      stop();
      resolve(message);
    });
  });
}

const objectSchema = z.record(z.string(), z.unknown());
const field = (payload: unknown, name: string): unknown => {
  const parsed = objectSchema.safeParse(payload);
  return parsed.success ? parsed.data[name] : undefined;
};

const knobs = () => sandboxKnobs(sandbox.url);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
  demoToken = (await sandbox.issueTokens('demo')).access_token;
});
afterEach(async () => {
  await Promise.all(links.splice(0).map((link) => link.dispose()));
  await knobs().reset();
});
afterAll(async () => {
  await sandbox?.close();
});

describe('MqttDeviceLink against the sandbox', () => {
  it('connects, receives status and events at once, and plays a card', async () => {
    const { link } = newLink();
    const statuses: LinkStatus[] = [];
    link.onStatus((status) => statuses.push(status));
    const firstEvents = nextMessage(link, (message) => message.kind === 'events');
    const firstStatus = nextMessage(link, (message) => message.kind === 'status');

    expect(await link.connect('demo-player-1', demoToken)).toBe(true);
    expect(link.status).toBe('connected');
    expect(link.deviceId).toBe('demo-player-1');
    expect(statuses).toEqual(['connecting', 'connected']);
    expect((await firstEvents).deviceId).toBe('demo-player-1');
    await firstStatus;

    const provider = new ProviderClient({
      apiBase: sandbox.url,
      getAccessToken: () => Promise.resolve(demoToken),
    });
    const cardId = (await provider.getPlaylists())[0]!.cardId!;
    const loading = nextMessage(
      link,
      (message) => message.kind === 'events' && field(message.payload, 'playbackStatus') === 'loading',
    );
    const playing = nextMessage(
      link,
      (message) => message.kind === 'events' && field(message.payload, 'playbackStatus') === 'playing',
    );
    expect(link.send('card/start', { uri: `https://yoto.io/${cardId}` })).toBe(true);
    // The card is named once; the playing delta after it leaves it out, as real players do.
    expect(field((await loading).payload, 'cardId')).toBe(cardId);
    await playing;

    const state = await knobs().player('demo-player-1').state();
    expect(state.playbackStatus).toBe('playing');
    expect(state.cardId).toBe(cardId);

    const paused = nextMessage(link, (message) => field(message.payload, 'playbackStatus') === 'paused');
    expect(link.send('card/pause', null)).toBe(true);
    await paused;
  });

  it("hears the player's presence: offline as it drops, online as it comes back", async () => {
    const { link } = newLink();
    expect(await link.connect('demo-player-2', demoToken)).toBe(true);
    const offline = nextMessage(link, (message) => message.kind === 'presence');
    await knobs().player('demo-player-2').setOnline(false);
    expect(await offline).toMatchObject({
      deviceId: 'demo-player-2',
      topic: 'device/demo-player-2/presence',
      payload: { state: 'offline' },
    });
    const online = nextMessage(
      link,
      (message) => message.kind === 'presence' && field(message.payload, 'state') === 'online',
    );
    await knobs().player('demo-player-2').setOnline(true);
    await online;
  });

  it('refuses a token the broker does not accept', async () => {
    const { link, lines } = newLink();
    expect(await link.connect('demo-player-1', 'not-a-token')).toBe(false);
    expect(link.status).toBe('disconnected');
    expect(lines.some((line) => line.startsWith('error:'))).toBe(true);
  });

  it('refuses another family’s player', async () => {
    const { link } = newLink();
    expect(await link.connect('other-player-1', demoToken)).toBe(false);
    expect(link.status).toBe('disconnected');
    expect(link.send('card/stop', null)).toBe(false);
  });

  it('resolves false with a log line when the broker refuses every login', async () => {
    await knobs().setFaults({ mqttRefuseLogin: true });
    const { link, lines } = newLink();
    expect(await link.connect('demo-player-1', demoToken)).toBe(false);
    expect(link.connectFailure).toBe('MQTT login refused or failed (Connection refused: Not authorized)');
    expect(lines).toContain(`error: Failed to connect to device: ${link.connectFailure}`);

    // A successful connect forgets the last failure.
    await knobs().setFaults({ mqttRefuseLogin: false });
    expect(await link.connect('demo-player-1', demoToken)).toBe(true);
    expect(link.connectFailure).toBeNull();
  });

  it('sends nothing while disconnected; connecting again first disconnects; disconnect forgets the device', async () => {
    const { link, lines } = newLink();
    expect(link.send('events/request', null)).toBe(false);
    expect(lines).toContain('warn: MQTT client not connected');

    expect(await link.connect('demo-player-1', demoToken)).toBe(true);
    const statuses: LinkStatus[] = [];
    link.onStatus((status) => statuses.push(status));
    expect(await link.connect('demo-player-2', demoToken)).toBe(true);
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected']);
    expect(link.deviceId).toBe('demo-player-2');

    await link.disconnect();
    expect(link.status).toBe('disconnected');
    expect(link.deviceId).toBeNull();
    expect(link.send('volume/set', { volume: 50 })).toBe(false);
  });

  it('request() resolves with the player’s answer, keyed `bluetooth` as real players key it, and the banner shows', async () => {
    const { link } = newLink();
    expect(await link.connect('demo-player-1', demoToken)).toBe(true);
    const responses: DeviceMessage[] = [];
    link.onMessage((message) => message.kind === 'response' && responses.push(message));

    const state = await link.request('bluetooth/state', null);
    expect(state).toEqual({ key: 'bluetooth', value: 'OK', ok: true, reqBody: '' });
    const answer = parseCommandResponse(responses.at(-1)?.payload);
    expect(bluetoothBanner(answer, 'state')?.message).toBe('Bluetooth state checked successfully');

    const connect = await link.request('bluetooth/connect', null);
    expect(connect).toMatchObject({ key: 'bluetooth', ok: false, value: 'FAIL' });
    expect(await link.request('volume/set', { volume: 50 })).toMatchObject({ key: 'volume', ok: true });
    expect(await link.request('card/start', { uri: 'https://yoto.io/no-such-card' })).toMatchObject({
      key: 'card',
      ok: false,
      reqBody: '{"uri":"https://yoto.io/no-such-card"}',
    });
  });

  it('request() rejects when the player does not answer, and while disconnected', async () => {
    const { link } = newLink();
    await expect(link.request('status/request', null)).rejects.toThrow('MQTT client not connected');
    expect(await link.connect('demo-player-1', demoToken)).toBe(true);
    await knobs().player('demo-player-1').setOnline(false);
    await expect(link.request('card/stop', null, { timeoutMs: 300 })).rejects.toThrow(
      'No response from the player to card/stop',
    );
  });

  it('connects when the broker refuses the legacy topics, and hears the player on the documented ones', async () => {
    await knobs().setFaults({ mqttRefuseLegacyTopics: true });
    const { link, lines } = newLink();
    const firstEvents = nextMessage(link, (message) => message.kind === 'events');
    expect(await link.connect('demo-player-1', demoToken), lines.join('\n')).toBe(true);
    expect((await firstEvents).topic).toBe('device/demo-player-1/data/events');
    expect(lines).toContain(
      'warn: MQTT subscribe refused for device/demo-player-1/events, device/demo-player-1/status',
    );
    // The presence topic was subscribed on its own, so the refusal did not cost it.
    const offline = nextMessage(link, (message) => message.kind === 'presence');
    await knobs().player('demo-player-1').setOnline(false);
    expect((await offline).payload).toMatchObject({ state: 'offline' });
  });

  it('hands each message over once although the player publishes it on both topic forms', async () => {
    const { link } = newLink();
    const seen: DeviceMessage[] = [];
    link.onMessage((message) => seen.push(message));
    const firstEvents = nextMessage(link, (message) => message.kind === 'events');
    const firstStatus = nextMessage(link, (message) => message.kind === 'status');
    expect(await link.connect('demo-player-1', demoToken)).toBe(true);
    await firstEvents;
    await firstStatus;
    expect(await link.request('volume/set', { volume: 25 })).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 300)); // any twin would be here by now
    const events = seen.filter((message) => message.kind === 'events');
    const statuses = seen.filter((message) => message.kind === 'status');
    // The answer to events/request and the volume delta; one status.
    expect(events.map((message) => field(message.payload, 'volume'))).toEqual([
      expect.any(Number),
      4, // 25 % of 16
    ]);
    expect(statuses).toHaveLength(1);
  });

  it('publishes commands with QoS 1', async () => {
    const observer = await connectAs(sandbox.wsUrl, 'demo-player-1', demoToken);
    try {
      const qos: number[] = [];
      observer.on('packetreceive', (packet) => {
        if (packet.cmd === 'publish' && packet.topic.endsWith('/command/volume/set')) qos.push(packet.qos);
      });
      // Delivered at the lower of the publisher's and the subscriber's QoS: 1 only if the link sent 1.
      await observer.subscribeAsync('device/demo-player-1/command/#', { qos: 1 });
      const { link } = newLink();
      expect(await link.connect('demo-player-1', demoToken)).toBe(true);
      await link.request('volume/set', { volume: 50 });
      expect(qos).toEqual([1]);
    } finally {
      await observer.endAsync(true);
    }
  });

  it('speaker mode: the player ignores every command until its left button is held', async () => {
    const { link } = newLink();
    expect(await link.connect('demo-player-2', demoToken)).toBe(true);
    const speaker = await link.request('bluetooth/on', bluetoothOnPayload({ mode: 'speaker', name: 'x' }));
    expect(speaker).toEqual({ key: 'bluetooth', value: 'OK', ok: true, reqBody: '{"mode":"bt_speaker"}' });

    await expect(link.request('volume/set', { volume: 100 }, { timeoutMs: 500 })).rejects.toThrow(
      'No response from the player to volume/set',
    );
    const locked = await knobs().player('demo-player-2').state();
    expect(locked).toMatchObject({ commandsLocked: true, ignoredCommands: 1 });
    expect(locked.volume).not.toBe(16);

    await knobs().player('demo-player-2').holdLeft();
    expect(await link.request('volume/set', { volume: 100 })).toMatchObject({ key: 'volume', ok: true });
    const unlocked = await knobs().player('demo-player-2').state();
    expect(unlocked).toMatchObject({ commandsLocked: false, volume: 16 });
  });
});
