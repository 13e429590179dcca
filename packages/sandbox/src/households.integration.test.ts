// Load-test households (SANDBOX_HOUSEHOLDS): each account reaches its own two players over REST and
// MQTT and nobody else's, they play their household's card, and bad counts are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cardUri } from '@playlist-alarms/core/device/card-uri';
import { connectAs, listenToPlayer } from '../test/support/mqtt-test-client';
import { MAX_HOUSEHOLDS, householdCountSchema } from './household-accounts';
import { sandboxKnobs, SandboxKnobError } from './knobs-client';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';
import { householdCardId, householdPlayerIds } from './seed-households';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ households: 3 });
});
afterAll(() => sandbox.close());

const devicesAnswer = z.object({ devices: z.array(z.object({ deviceId: z.string(), online: z.boolean() })) });
const configAnswer = z.object({ device: z.object({ config: z.object({ alarms: z.array(z.string()) }) }) });

const get = async (path: string, token: string) => {
  const response = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
};

describe('households in the sandbox', () => {
  it('gives household-2 a token that lists its own two players, online, with their config', async () => {
    const { access_token } = await sandboxKnobs(sandbox.url).tokens('household-2');
    const mine = await get('/device-v2/devices/mine', access_token);
    expect(mine.status).toBe(200);
    const { devices } = devicesAnswer.parse(mine.body);
    expect(devices.map((d) => d.deviceId).sort()).toEqual(householdPlayerIds(2));
    expect(devices.every((d) => d.online)).toBe(true);
    const config = await get(`/device-v2/${householdPlayerIds(2)[1]}/config`, access_token);
    expect(config.status).toBe(200);
    expect(configAnswer.parse(config.body).device.config.alarms).toEqual([]);
    // Another household's player, and a demo one, are not its (the provider answers 403).
    expect((await get(`/device-v2/${householdPlayerIds(1)[0]}/config`, access_token)).status).toBe(403);
    expect((await get('/device-v2/demo-player-1/config', access_token)).status).toBe(403);
  });

  it('lets a household drive its players over MQTT (its card plays) and refuses the others', async () => {
    const { access_token } = await sandboxKnobs(sandbox.url).tokens('household-3');
    const [deviceId] = householdPlayerIds(3);
    const player = await listenToPlayer(sandbox.mqttUrl, deviceId, access_token);
    try {
      await player.requestEvents();
      await player.send('card/start', { uri: cardUri('https://yoto.io', householdCardId(3)) });
      await player.on(player.topics.response, (m) => JSON.stringify(m).includes('"card":"OK"'));
      const state = await sandboxKnobs(sandbox.url).player(deviceId).state();
      expect(state).toMatchObject({ playbackStatus: 'playing', cardId: householdCardId(3) });
    } finally {
      await player.client.endAsync(true);
    }
    await expect(connectAs(sandbox.mqttUrl, householdPlayerIds(1)[0], access_token)).rejects.toThrow();
    await expect(connectAs(sandbox.mqttUrl, 'demo-player-1', access_token)).rejects.toThrow();
  });

  it('refuses a household the sandbox does not have (404) and a malformed account (400)', async () => {
    const knobs = sandboxKnobs(sandbox.url);
    await expect(knobs.tokens('household-4')).rejects.toMatchObject({ status: 404 });
    for (const account of ['household-0', 'household-x', 'household-']) {
      const response = await fetch(`${sandbox.url}/_sandbox/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account }),
      });
      expect(response.status, account).toBe(400);
    }
    await expect(knobs.tokens('household-4')).rejects.toBeInstanceOf(SandboxKnobError);
  });

  it('validates the count: whole numbers from 0 to the cap', async () => {
    for (const good of ['0', '1', '500', String(MAX_HOUSEHOLDS)]) {
      expect(householdCountSchema.safeParse(good).success, good).toBe(true);
    }
    for (const bad of ['-1', '2.5', 'many', String(MAX_HOUSEHOLDS + 1)]) {
      expect(householdCountSchema.safeParse(bad).success, bad).toBe(false);
    }
    await expect(startSandbox({ households: MAX_HOUSEHOLDS + 1 })).rejects.toThrow(/at most/);
  });
});
