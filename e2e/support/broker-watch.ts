import { z } from 'zod';
import { connectAs } from '@playlist-alarms/sandbox/test/support/mqtt-test-client';
import { E2E_PORTS, knobs } from './stack';

// Watches one command topic on the sandbox broker, as the player receives it: what the app sent
// and when it arrived.

const payloadSchema = z.record(z.string(), z.unknown());

const demoToken = async (): Promise<string> => (await knobs.tokens('demo')).access_token;

export interface ObservedCommand {
  /** When the broker delivered it, in ms since the epoch. */
  at: number;
  payload: Record<string, unknown>;
}

export interface CommandWatch {
  received: ObservedCommand[];
  /** The next message not yet returned by next(), waiting up to the timeout. */
  next(timeoutMs?: number): Promise<ObservedCommand>;
  close(): Promise<void>;
}

/** Subscribes to `device/{deviceId}/command/{command}` for a command whose payload is JSON. */
export async function watchCommand(
  deviceId: string,
  command: 'volume/set' | 'card/start',
): Promise<CommandWatch> {
  const client = await connectAs(`mqtt://127.0.0.1:${E2E_PORTS.sandboxMqtt}`, deviceId, await demoToken());
  const received: ObservedCommand[] = [];
  const wakers = new Set<() => void>();
  client.on('message', (_topic, payload) => {
    received.push({ at: Date.now(), payload: payloadSchema.parse(JSON.parse(payload.toString('utf8'))) });
    for (const wake of wakers) wake();
  });
  await client.subscribeAsync(`device/${deviceId}/command/${command}`);
  let returned = 0;
  return {
    received,
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= returned) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${command} for ${deviceId} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            wakers.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          wakers.add(wake);
        });
      }
      returned += 1;
      return received[returned - 1]!;
    },
    close: () => client.endAsync(),
  };
}
