import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { z } from 'zod';
import { listenToPlayer } from '../test/support/mqtt-test-client';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';

let sandbox: RunningSandbox;
let token: string;
let cardId: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  token = (await sandbox.issueTokens('demo')).access_token;
  const mine = z
    .object({ cards: z.array(z.object({ cardId: z.string(), title: z.string() })) })
    .parse(
      await (
        await fetch(`${sandbox.url}/content/mine`, { headers: { authorization: `Bearer ${token}` } })
      ).json(),
    );
  cardId = mine.cards.find((c) => c.title === 'Good Morning Songs')?.cardId ?? '';
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
});
afterAll(() => sandbox.close());

const stateSchema = z.object({
  online: z.boolean(),
  playbackStatus: z.string(),
  cardId: z.string(),
  chapterKey: z.string().nullable(),
  trackKey: z.string().nullable(),
  position: z.number(),
  volume: z.number(),
  sleepTimerActive: z.boolean(),
  sleepTimerSeconds: z.number(),
  ambientColour: z.object({ r: z.number(), g: z.number(), b: z.number() }),
  lastCommand: z.object({ name: z.string(), result: z.string() }).nullable(),
});
const playerState = async (deviceId: string) =>
  stateSchema.parse(await (await fetch(`${sandbox.url}/_sandbox/devices/${deviceId}/state`)).json());

const knob = (path: string, body: unknown) =>
  fetch(`${sandbox.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A logged-in app-side client listening to every topic of the player, events requested as the app does. */
async function listen(deviceId: string, { requestEvents = true } = {}) {
  const player = await listenToPlayer(sandbox.wsUrl, deviceId, token);
  clients.push(player.client);
  if (requestEvents) await player.requestEvents();
  return player;
}

describe('simulated player over MQTT', () => {
  it('answers events/request and status/request on both topic forms, with a response', async () => {
    const { topics, send, on } = await listen('demo-player-1');
    await send('events/request', null);
    const legacy = await on(topics.events);
    const documented = await on(topics.dataEvents);
    expect(legacy).toMatchObject({
      cardId: 'none',
      playbackStatus: 'stopped',
      volume: 8,
      volumeMax: 16,
      repeatAll: false,
    });
    expect(documented).toEqual(legacy);
    expect(await on(topics.response)).toEqual({ status: { events: 'OK', req_body: '' } });

    await send('status/request', null);
    const status = await on(topics.dataStatus);
    expect(status).toMatchObject({
      status: { statusVersion: 1, productType: 'v3', activeCard: 'none', volume: 50 },
    });
    expect(await on(topics.status)).toEqual(status);
  });

  it('plays a card: loading names the card, a playing delta the chapter and track; then pause, resume and stop', async () => {
    const { topics, send, on, messages } = await listen('demo-player-1');
    await send('card/start', { uri: `https://yoto.io/${cardId}#chapter=01&track=01` });
    expect(await on(topics.events, (m) => m.playbackStatus === 'loading')).toMatchObject({ cardId });
    const playing = await on(topics.events, (m) => m.playbackStatus === 'playing');
    expect(playing).not.toHaveProperty('cardId');
    expect(playing).toMatchObject({
      chapterKey: '01',
      trackKey: '01',
      position: 0,
      source: 'remote',
    });
    expect(typeof playing.trackTitle).toBe('string');
    expect(playing.trackLength).toBeGreaterThan(0);
    await on(topics.dataEvents, (m) => m.playbackStatus === 'playing' && m.chapterKey === '01');
    expect(await on(topics.response)).toEqual({
      status: {
        card: 'OK',
        req_body: JSON.stringify({ uri: `https://yoto.io/${cardId}#chapter=01&track=01` }),
      },
    });
    expect(await playerState('demo-player-1')).toMatchObject({
      playbackStatus: 'playing',
      cardId,
      chapterKey: '01',
    });

    messages.clear();
    await send('card/pause', null);
    await on(topics.events, (m) => m.playbackStatus === 'paused');
    expect((await playerState('demo-player-1')).playbackStatus).toBe('paused');
    await send('card/resume', null);
    await on(topics.events, (m) => m.playbackStatus === 'playing');
    await send('card/stop', null);
    expect(await on(topics.events, (m) => m.playbackStatus === 'stopped')).toMatchObject({ cardId: 'none' });
    expect(await playerState('demo-player-1')).toMatchObject({ playbackStatus: 'stopped', cardId: 'none' });
  });

  it('advances the position every second while playing', async () => {
    const { topics, send, on } = await listen('demo-player-2');
    await send('card/start', { uri: `https://yoto.io/${cardId}` });
    await on(topics.events, (m) => m.playbackStatus === 'playing');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect((await playerState('demo-player-2')).position).toBeGreaterThanOrEqual(1);
  });

  it('fails a card/start of an unknown or another family card, and a bad payload', async () => {
    const { topics, send, on, messages } = await listen('demo-player-1');
    const otherToken = (await sandbox.issueTokens('other')).access_token;
    const theirs = z
      .object({ cards: z.array(z.object({ cardId: z.string() })).min(1) })
      .parse(
        await (
          await fetch(`${sandbox.url}/content/mine`, { headers: { authorization: `Bearer ${otherToken}` } })
        ).json(),
      );
    for (const id of ['zzzzz', theirs.cards[0]?.cardId ?? '']) {
      await send('card/start', { uri: `https://yoto.io/${id}` });
      expect(await on(topics.response)).toMatchObject({ status: { card: 'FAIL' } });
      messages.clear();
    }
    await send('volume/set', { volume: 250 });
    expect(await on(topics.response)).toMatchObject({ status: { volume: 'FAIL' } });
    expect((await playerState('demo-player-1')).playbackStatus).toBe('stopped');
  });

  it('maps volume/set 0–100 to the 0–16 scale and publishes the delta', async () => {
    const { topics, send, on } = await listen('demo-player-2');
    await send('volume/set', { volume: 75 });
    expect(await on(topics.events, (m) => 'volume' in m)).toMatchObject({ volume: 12, volumeMax: 16 });
    expect((await playerState('demo-player-2')).volume).toBe(12);
  });

  it('keeps the ambient colour and the sleep timer', async () => {
    const { topics, send, on } = await listen('demo-player-1');
    await send('ambients/set', { r: 255, g: 128, b: 0 });
    await on(topics.response, (m) => JSON.stringify(m).includes('"ambients"'));
    await send('sleep-timer/set', { seconds: 600 });
    expect(await on(topics.events, (m) => 'sleepTimerActive' in m)).toMatchObject({
      sleepTimerActive: true,
      sleepTimerSeconds: 600,
    });
    const state = await playerState('demo-player-1');
    expect(state.ambientColour).toEqual({ r: 255, g: 128, b: 0 });
    expect(state.sleepTimerActive).toBe(true);
  });

  it('an offline player ignores commands until it comes back online', async () => {
    const { topics, send, on, messages } = await listen('demo-player-3', { requestEvents: false });
    await send('card/start', { uri: `https://yoto.io/${cardId}` });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(messages.received).toEqual([]);
    expect(await playerState('demo-player-3')).toMatchObject({
      online: false,
      playbackStatus: 'stopped',
      lastCommand: null,
    });

    await knob('devices/demo-player-3/online', { online: true });
    // It comes back with a status; events only once asked (it never heard a request).
    await on(topics.status);
    await send('events/request', null);
    expect(await on(topics.events)).toMatchObject({ cardId: 'none', playbackStatus: 'stopped' });
    await send('card/start', { uri: `https://yoto.io/${cardId}` });
    await on(topics.events, (m) => m.playbackStatus === 'playing');
  });

  it('publishes the events of a button pressed on the player itself', async () => {
    const { topics, send, on } = await listen('demo-player-1');
    await send('card/start', { uri: `https://yoto.io/${cardId}` });
    await on(topics.events, (m) => m.playbackStatus === 'playing');
    const pressed = await knob('devices/demo-player-1/button', { action: 'pause' });
    expect(await pressed.json()).toMatchObject({ changed: true, state: { playbackStatus: 'paused' } });
    await on(topics.dataEvents, (m) => m.playbackStatus === 'paused');
    expect((await knob('devices/demo-player-1/button', { action: 'jump' })).status).toBe(400);
    expect((await knob('devices/nobody/button', { action: 'stop' })).status).toBe(404);
  });

  it('stops pushing events when the events window ends, and pushes again after a new request', async () => {
    await knob('devices/demo-player-2/settings', { eventsWindowMs: 1_000 });
    const { topics, send, on, messages, requestEvents } = await listen('demo-player-2');
    await send('volume/set', { volume: 50 });
    expect(await on(topics.events, (m) => 'volume' in m)).toMatchObject({ volume: 8 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    messages.clear();
    await send('volume/set', { volume: 75 });
    // The player publishes a command's events before its response: none came.
    await on(topics.response, (m) => JSON.stringify(m).includes('"volume"'));
    expect(messages.received.filter((r) => r.topic === topics.events)).toEqual([]);
    expect((await playerState('demo-player-2')).volume).toBe(12);
    await requestEvents();
    await send('volume/set', { volume: 25 });
    expect(await on(topics.events, (m) => 'volume' in m)).toMatchObject({ volume: 4 });
  });
});

describe('presence and switching off, over MQTT', () => {
  it('the network dropping and coming back: offline, then online, on device/{id}/presence', async () => {
    const { topics, on } = await listen('demo-player-2');
    await knob('devices/demo-player-2/online', { online: false });
    const offline = await on(topics.presence);
    expect(offline.state).toBe('offline');
    expect(typeof offline.ts).toBe('number');
    await knob('devices/demo-player-2/online', { online: true });
    const online = await on(topics.presence, (m) => m.state === 'online');
    expect(typeof online.ts).toBe('number');
  });

  it('switched off, it says why on the legacy status, goes offline, and is unreachable by MQTT and REST', async () => {
    const { topics, on, send, messages } = await listen('demo-player-1');
    await knob('devices/demo-player-1/power', { batteryLevel: 0 });
    expect(await on(topics.status, (m) => JSON.stringify(m).includes('shutDown'))).toMatchObject({
      status: { shutDown: 'lowBattery' },
    });
    await on(topics.presence, (m) => m.state === 'offline');
    const mine = z
      .object({ devices: z.array(z.object({ deviceId: z.string(), online: z.boolean() })) })
      .parse(
        await (
          await fetch(`${sandbox.url}/device-v2/devices/mine`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json(),
      );
    expect(mine.devices.find((d) => d.deviceId === 'demo-player-1')?.online).toBe(false);
    messages.clear();
    await send('card/start', { uri: `https://yoto.io/${cardId}` });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(messages.received.filter((r) => r.topic === topics.response)).toEqual([]);
    expect((await playerState('demo-player-1')).playbackStatus).toBe('stopped');
  });
});
