import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientIdFor, MqttDeviceLink, parseMessagePayload } from './device-link';
import type { LinkStatus } from './device-link-types';

// Broker-free behaviour of the link. Real brokers: device-link.integration.test.ts and
// device-commands.integration.test.ts (sandbox), device-link.mosquitto.integration.test.ts (Mosquitto).

function recorder() {
  const lines: string[] = [];
  return { lines, log: (level: string, message: string) => void lines.push(`${level}: ${message}`) };
}

let server: Server | null = null;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A TCP port that accepts connections and never answers: a broker that hangs. */
async function silentPort(): Promise<number> {
  server = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A port that refuses connections: bound, then closed again. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('device link helpers', () => {
  it('builds DASH{deviceId}-{suffix} client ids, different per connection', () => {
    const a = clientIdFor('player-1');
    expect(a).toMatch(/^DASHplayer-1-[0-9a-f]{8}$/);
    expect(clientIdFor('player-1')).not.toBe(a);
  });

  it('parses JSON payloads and drops the rest', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(parseMessagePayload(bytes('{"volume":6}'))).toEqual({ volume: 6 });
    expect(parseMessagePayload(bytes('not json'))).toBeUndefined();
    expect(parseMessagePayload(bytes(''))).toBeUndefined();
  });
});

describe('MqttDeviceLink without a broker', () => {
  it('sends nothing while disconnected and says so', () => {
    const { lines, log } = recorder();
    const link = new MqttDeviceLink({ brokerUrl: 'ws://127.0.0.1:9/mqtt', log });
    expect(link.send('card/pause', null)).toBe(false);
    expect(lines).toEqual(['warn: MQTT client not connected']);
    expect(link.status).toBe('disconnected');
  });

  it('resolves false and logs when the broker refuses the connection', async () => {
    const { lines, log } = recorder();
    const link = new MqttDeviceLink({ brokerUrl: `ws://127.0.0.1:${await closedPort()}/mqtt`, log });
    const statuses: LinkStatus[] = [];
    link.onStatus((status) => statuses.push(status));
    expect(await link.connect('player-1', 'token')).toBe(false);
    expect(statuses).toEqual(['connecting', 'disconnected']);
    expect(link.deviceId).toBeNull();
    expect(lines.some((line) => line.startsWith('error: Failed to connect to device'))).toBe(true);
  });

  it('logs "Failed to create MQTT client" and resolves false when the client cannot be made', async () => {
    const { lines, log } = recorder();
    const link = new MqttDeviceLink({ brokerUrl: 'not a url', log });
    const statuses: LinkStatus[] = [];
    link.onStatus((status) => statuses.push(status));
    expect(await link.connect('player-1', 'token')).toBe(false);
    expect(lines).toEqual(['error: Failed to create MQTT client: Missing protocol']);
    expect(statuses).toEqual(['connecting', 'disconnected']);
    expect(link.deviceId).toBeNull();
  });

  it('gives up after the connect time-out with "MQTT connection timeout"', async () => {
    const { lines, log } = recorder();
    const link = new MqttDeviceLink({
      brokerUrl: `ws://127.0.0.1:${await silentPort()}/mqtt`,
      connectTimeoutMs: 300,
      log,
    });
    const started = Date.now();
    expect(await link.connect('player-1', 'token')).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(lines).toContain('error: MQTT connection timeout');
    expect(link.status).toBe('disconnected');
  });

  it('a disconnect during connecting ends the attempt', async () => {
    const { log } = recorder();
    const link = new MqttDeviceLink({ brokerUrl: `ws://127.0.0.1:${await silentPort()}/mqtt`, log });
    const attempt = link.connect('player-1', 'token');
    expect(link.status).toBe('connecting');
    await link.disconnect();
    expect(await attempt).toBe(false);
    expect(link.status).toBe('disconnected');
    expect(link.deviceId).toBeNull();
  });
});
