// GET /_sandbox/commands (what the players received, when the broker delivered it) and
// GET /_sandbox/broker-stats, over real HTTP and a real MQTT client, through the typed knobs client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandTopic } from '@playlist-alarms/core/device/mqtt-commands';
import { listenToPlayer } from '../test/support/mqtt-test-client';
import { sandboxKnobs } from './knobs-client';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';
import { householdPlayerIds } from './seed-households';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ households: 1 });
});
afterAll(() => sandbox.close());

describe('the log of commands the players received', () => {
  it('lists each command a player heard with its player, topic and delivery moment; not an offline one', async () => {
    const knobs = sandboxKnobs(sandbox.url);
    const [online, offline] = householdPlayerIds(1);
    await knobs.player(offline).setOnline(false);
    const before = await knobs.brokerStats();
    const { access_token } = await knobs.tokens('household-1');
    const since = Date.now();
    const player = await listenToPlayer(sandbox.mqttUrl, online, access_token);
    const silent = await listenToPlayer(sandbox.mqttUrl, offline, access_token);
    try {
      await player.requestEvents();
      await player.send('volume/set', { volume: 40 });
      await silent.send('volume/set', { volume: 40 });
      await player.on(player.topics.response, (m) => JSON.stringify(m).includes('"volume":"OK"'));
      const { commands, capacity, overwritten } = await knobs.commands(since);
      const until = Date.now();
      expect(commands.map((c) => [c.deviceId, c.topic])).toEqual([
        [online, commandTopic(online, 'events/request')],
        [online, commandTopic(online, 'volume/set')],
      ]);
      for (const { at } of commands) expect(at >= since && at <= until).toBe(true);
      // The offline player's command went by another connection: give it time, it still is not there.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await knobs.commands(since)).commands).toHaveLength(2);
      expect(capacity).toBe(50_000);
      expect(overwritten).toBe(0);
      // A later `since` leaves the earlier ones out.
      const last = commands.at(-1)?.at ?? 0;
      expect((await knobs.commands(last + 1)).commands).toEqual([]);
      // Two logins more than before, both still connected.
      const after = await knobs.brokerStats();
      expect(after.connectionsOpened - before.connectionsOpened).toBe(2);
      expect(after.connected).toBe(before.connected + 2);
    } finally {
      await Promise.all([player.client.endAsync(true), silent.client.endAsync(true)]);
    }
  });

  it('answers 400 with an error for a since that is not epoch milliseconds', async () => {
    const errorAnswer = z.object({ error: z.object({ message: z.string() }) });
    for (const since of ['yesterday', '-5', '1.5', '', '1e9']) {
      const response = await fetch(`${sandbox.url}/_sandbox/commands?since=${since}`);
      expect(response.status, since).toBe(400);
      expect(errorAnswer.parse(await response.json()).error.message).toMatch(/since/);
    }
    expect((await fetch(`${sandbox.url}/_sandbox/commands?sinse=1`)).status).toBe(400);
  });
});
