import { commandTopic } from '@playlist-alarms/core/device/mqtt-commands';
import { bluetoothBanner } from '@playlist-alarms/core/device/bluetooth-banner';
import { commandSchemas, decodePayload, responseKey } from '@playlist-alarms/sandbox/command-schemas';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { connectAs } from '@playlist-alarms/sandbox/test/support/mqtt-test-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { everyCommand } from '../test/support/every-command';
import { MqttDeviceLink } from './device-link';
import type { DeviceMessage } from './device-link-types';

// Contract: every command the device link sends, as the sandbox's broker delivers it to a second,
// independent client of the same family, as the sandbox's command schemas accept it, and as its
// simulated player acknowledges it on the response topic.

const DEVICE = 'demo-player-1';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let token: string;
let link: MqttDeviceLink;
let observer: MqttClient;
let seen: { topic: string; payload: string }[];

function waitUntil(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(poll, 20);
    };
    poll();
  });
}

const responseSchema = z.object({ status: z.record(z.string(), z.string()) });

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
  token = (await sandbox.issueTokens('demo')).access_token;
});
afterEach(async () => {
  await link?.dispose();
  await observer?.endAsync(true);
  await sandboxKnobs(sandbox.url).reset();
});
afterAll(async () => {
  await sandbox?.close();
});

/** The observer listens to the player's command topics; then the link connects and its first requests are in. */
async function connectBoth(): Promise<DeviceMessage[]> {
  seen = [];
  observer = await connectAs(sandbox.wsUrl, DEVICE, token);
  observer.on('message', (topic, payload) => void seen.push({ topic, payload: payload.toString('utf8') }));
  const [grant] = await observer.subscribeAsync(`device/${DEVICE}/command/#`);
  expect(grant?.qos).toBe(0);

  link = new MqttDeviceLink({ brokerUrl: sandbox.wsUrl, connectTimeoutMs: 5_000, log: () => undefined });
  const responses: DeviceMessage[] = [];
  link.onMessage((message) => {
    if (message.kind === 'response') responses.push(message);
  });
  expect(await link.connect(DEVICE, token)).toBe(true);
  await waitUntil(() => seen.length >= 2, 'the requests sent on connect');
  expect(seen).toEqual([
    { topic: commandTopic(DEVICE, 'status/request'), payload: '' },
    { topic: commandTopic(DEVICE, 'events/request'), payload: '' },
  ]);
  // The player answers the two requests; later answers belong to the test.
  await waitUntil(() => responses.length >= 2, 'the answers to the requests sent on connect');
  responses.length = 0;
  seen.length = 0;
  return responses;
}

describe('every device command through the sandbox broker', () => {
  it('arrives on its topic with its exact payload, and the sandbox accepts each payload', async () => {
    await connectBoth();
    for (const command of everyCommand) expect(command.send(link)).toBe(true);
    await waitUntil(() => seen.length >= everyCommand.length, 'every command at the observer');

    expect(seen).toEqual(
      everyCommand.map((command) => ({ topic: commandTopic(DEVICE, command.name), payload: command.wire })),
    );
    for (const command of everyCommand) {
      const parsed = commandSchemas[command.name].safeParse(decodePayload(Buffer.from(command.wire)));
      expect(parsed.success, `${command.name} ${command.wire}`).toBe(true);
    }
  });

  it('is acknowledged by the simulated player on the response topic with the body it received', async () => {
    const responses = await connectBoth();
    // Reboot takes the player offline, and an offline player answers nothing: it is covered above.
    const answered = everyCommand.filter((command) => command.name !== 'reboot');
    for (const command of answered) expect(command.send(link)).toBe(true);
    await waitUntil(() => responses.length >= answered.length, 'an answer to every command');

    expect(responses.map((message) => message.topic)).toEqual(
      answered.map(() => `device/${DEVICE}/response`),
    );
    const answers = responses.map((message) => responseSchema.parse(message.payload).status);
    answered.forEach((command, index) => {
      const answer = answers[index];
      expect(answer?.req_body, command.name).toBe(command.wire);
      expect(['OK', 'FAIL'], command.name).toContain(answer?.[responseKey(command.name)]);
    });
    // Real players key every Bluetooth answer `bluetooth` (docs/provider-contract.md); the banner reads it.
    const bluetooth = answered.flatMap((command, index) =>
      command.name.startsWith('bluetooth/') ? [{ command, answer: answers[index] ?? {} }] : [],
    );
    expect(bluetooth).toHaveLength(6);
    for (const { command, answer } of bluetooth) {
      expect(Object.keys(answer).sort(), command.name).toEqual(['bluetooth', 'req_body']);
      expect(bluetoothBanner(answer, command.name.slice('bluetooth/'.length)), command.name).not.toBeNull();
    }
  });

  it('reaches nobody while the link is disconnected', async () => {
    await connectBoth();
    await link.disconnect();
    for (const command of everyCommand) expect(command.send(link)).toBe(false);
    // The observer's own command comes after anything the link could have sent.
    await observer.publishAsync(commandTopic(DEVICE, 'bluetooth/state'), '');
    await waitUntil(() => seen.length >= 1, 'the observer’s own command');
    expect(seen).toEqual([{ topic: commandTopic(DEVICE, 'bluetooth/state'), payload: '' }]);
  });
});
