// The complete simulated player over the real broker and HTTP: Bluetooth scenarios, reboot,
// power, a physical card, display preview and the state knob, as the app and e2e tests see them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { z } from 'zod';
import { listenToPlayer } from '../test/support/mqtt-test-client';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';

let sandbox: RunningSandbox;
let token: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    playerSettings: { rebootDelayMs: 300 },
    behaviour: { statusEndpoint: true },
  });
  token = (await sandbox.issueTokens('demo')).access_token;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
});
afterAll(() => sandbox.close());

const json = z.record(z.string(), z.unknown());
const knob = async (path: string, body: unknown) => {
  const response = await fetch(`${sandbox.url}/_sandbox/devices/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: json.parse(await response.json()) };
};
const state = async (deviceId: string) =>
  json.parse(await (await fetch(`${sandbox.url}/_sandbox/devices/${deviceId}/state`)).json());
const rest = async (path: string) =>
  json.parse(
    await (await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json(),
  );
/** The status map of a response or status message ({} when it has none). */
const statusOf = (message: Record<string, unknown>) => {
  const parsed = json.safeParse(message.status);
  return parsed.success ? parsed.data : {};
};

/** Listens to the player after an events/request, as the app does on connecting. */
async function listen(deviceId: string) {
  const player = await listenToPlayer(sandbox.wsUrl, deviceId, token);
  clients.push(player.client);
  await player.requestEvents();
  const response = (key: string) => player.on(player.topics.response, (m) => key in statusOf(m));
  return { ...player, response };
}

describe('simulated player knobs and lifecycle over MQTT', () => {
  it('answers Bluetooth connect FAIL with no bonds, OK once the knob bonds a device in range', async () => {
    const { send, response, messages } = await listen('demo-player-1');
    await send('bluetooth/connect', null);
    expect(await response('bluetooth')).toEqual({ status: { bluetooth: 'FAIL', req_body: '' } });

    const bonded = await knob('demo-player-1/bluetooth', { bonds: ['Living Room Speaker'] });
    expect(bonded.body).toMatchObject({ bonds: [{ mac: 'A4:C1:38:5E:21:07', name: 'Living Room Speaker' }] });
    messages.clear();
    await send('bluetooth/connect', null);
    expect(await response('bluetooth')).toMatchObject({ status: { bluetooth: 'OK' } });
    expect(await state('demo-player-1')).toMatchObject({
      bluetooth: { connected: true, connectedTo: 'A4:C1:38:5E:21:07' },
    });
    expect(await rest('/device-v2/demo-player-1/status')).toMatchObject({ isBluetoothAudioConnected: true });

    await knob('demo-player-1/bluetooth', { driverFailure: true });
    messages.clear();
    await send('bluetooth/state', null);
    expect(await response('bluetooth')).toMatchObject({ status: { bluetooth: 'FAIL' } });
    expect((await knob('demo-player-1/bluetooth', { failCommands: ['pair'] })).status).toBe(400);
  });

  it('reboots: offline on REST and MQTT, then back with playback stopped', async () => {
    const { topics, send, on, response, messages } = await listen('demo-player-1');
    const cardId = z
      .object({ cards: z.array(z.object({ cardId: z.string() })).min(1) })
      .parse(await rest('/content/mine')).cards[0]?.cardId;
    await send('card/start', { uri: `https://yoto.io/${cardId}` });
    await on(topics.events, (m) => m.playbackStatus === 'playing');
    messages.clear();
    await send('reboot', null);
    expect(await response('reboot')).toMatchObject({ status: { reboot: 'OK' } });
    expect(await state('demo-player-1')).toMatchObject({ rebooting: true, online: false, rebootCount: 1 });
    const mine = z.object({ devices: z.array(z.object({ deviceId: z.string(), online: z.boolean() })) });
    const listed = mine.parse(await rest('/device-v2/devices/mine')).devices;
    expect(listed.find((d) => d.deviceId === 'demo-player-1')?.online).toBe(false);

    const back = await on(topics.events, (m) => m.playbackStatus === 'stopped');
    expect(back).toMatchObject({ cardId: 'none', volumeMax: 16 });
    await on(topics.status);
    expect(await state('demo-player-1')).toMatchObject({
      rebooting: false,
      online: true,
      playbackStatus: 'stopped',
    });
    expect(await rest('/device-v2/demo-player-1/status')).toMatchObject({
      isOnline: 1, // 0/1, as real answers may send it
      activeCard: 'none',
    });
  });

  it('docks a player: the status says charging on MQTT and REST alike', async () => {
    const { topics, on, send } = await listen('demo-player-2');
    const docked = await knob('demo-player-2/power', { powerSource: 1, batteryLevel: 30 });
    expect(docked.body).toMatchObject({ battery: { level: 30, charging: true, powerSource: 1 } });
    // Docking sends no status of its own: the next one (on request here) says so.
    await send('status/request', null);
    const status = await on(topics.status, (m) => statusOf(m).charging === 1);
    expect(statusOf(status)).toMatchObject({ batteryLevel: 30, charging: 1 });
    expect(await rest('/device-v2/demo-player-2/status')).toMatchObject({
      batteryLevelPercentage: 30,
      isCharging: true,
      powerSource: 1,
      temperatureCelcius: 'notSupported',
    });
    expect((await knob('demo-player-2/power', { charging: true, powerSource: 0 })).status).toBe(400);
  });

  it('plays a physical card put in the slot and stops when it is taken out', async () => {
    const { topics, on } = await listen('demo-player-2');
    const cardId = z
      .object({ cards: z.array(z.object({ cardId: z.string() })).min(1) })
      .parse(await rest('/content/mine')).cards[1]?.cardId;
    const inserted = await knob('demo-player-2/card', { cardId });
    expect(inserted.body).toMatchObject({
      insertedCardId: cardId,
      source: 'card',
      playbackStatus: 'playing',
    });
    expect(await on(topics.events, (m) => m.playbackStatus === 'playing')).toMatchObject({ source: 'card' });
    expect(await rest('/device-v2/demo-player-2/status')).toMatchObject({ cardInsertionState: 1 });
    expect((await knob('demo-player-2/card', { cardId: null })).body).toMatchObject({
      playbackStatus: 'stopped',
    });
    expect((await knob('demo-player-2/card', { cardId: null })).status).toBe(400);
    expect((await knob('demo-player-2/card', { cardId: 'zzzzz' })).status).toBe(400);
  });

  it('exposes the whole state: preview, sleep timer, ambient, battery, settings', async () => {
    const { send, response } = await listen('demo-player-1');
    await send('display/preview', { uri: 'https://example.com/a.png', timeout: 5, animated: 0 });
    await send('sleep-timer/set', { seconds: 1800 });
    await send('ambients/set', { r: 200, g: 162, b: 200 });
    await response('ambients');
    const settings = await knob('demo-player-1/settings', { batteryDrainPerHour: 60 });
    expect(settings.body).toMatchObject({ rebootDelayMs: 300, batteryDrainPerHour: 60 });
    await knob('demo-player-1/environment', { wifiStrength: -75, headphones: true });
    const whole = await state('demo-player-1');
    expect(whole.sleepTimerSeconds).toBeGreaterThan(1790);
    expect(whole).toMatchObject({
      deviceId: 'demo-player-1',
      online: true,
      rebooting: false,
      playbackStatus: 'stopped',
      cardId: 'none',
      volume: 8,
      positionSeconds: 0,
      chapter: null,
      track: null,
      sleepTimerActive: true,
      ambient: { r: 200, g: 162, b: 200 },
      nightlightMode: '#c8a2c8',
      lastDisplayPreview: { uri: 'https://example.com/a.png', timeout: 5, animated: 0 },
      bluetooth: { enabled: true, connected: false, bonds: [] },
      battery: { level: 87, charging: false, powerSource: 0 },
      wifiStrength: -75,
      headphones: true,
      settings: { rebootDelayMs: 300, batteryDrainPerHour: 60 },
    });
    expect(await rest('/device-v2/demo-player-1/status')).toMatchObject({
      wifiStrength: -75,
      isAudioDeviceConnected: true,
      nightlightMode: '#c8a2c8',
    });
    expect((await knob('demo-player-1/settings', { rebootDelayMs: -1 })).status).toBe(400);
    expect((await knob('nobody/settings', {})).status).toBe(404);
  });

  it('a reset brings back the seeded state and the sandbox-wide settings', async () => {
    await knob('demo-player-1/settings', { rebootDelayMs: 9000 });
    await knob('demo-player-1/power', { batteryLevel: 10 });
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    expect(await state('demo-player-1')).toMatchObject({
      battery: { level: 87 },
      settings: { rebootDelayMs: 300 },
    });
  });
});
