import { createHash } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { clientIdFor, MAX_MESSAGE_BYTES, MqttDeviceLink, parseMessagePayload } from './device-link';
import type { LinkStatus } from './device-link-types';

// Broker-free behaviour of the link. Real brokers: device-link.integration.test.ts and
// device-commands.integration.test.ts (sandbox), device-link.mosquitto.integration.test.ts (Mosquitto).

function recorder() {
  const lines: string[] = [];
  return { lines, log: (level: string, message: string) => void lines.push(`${level}: ${message}`) };
}

let server: Server | null = null;
const sockets = new Set<Socket | Duplex>();
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

/** The MQTT packet types (CONNECT 1, SUBSCRIBE 8…) in a chunk of masked client WebSocket frames. */
function packetTypes(data: Buffer): number[] {
  const types: number[] = [];
  let at = 0;
  while (at + 2 <= data.length) {
    let length = data[at + 1]! & 0x7f;
    let maskAt = at + 2;
    if (length === 126) {
      length = data.readUInt16BE(at + 2);
      maskAt = at + 4;
    }
    types.push((data[maskAt + 4]! ^ data[maskAt]!) >> 4);
    at = maskAt + 4 + length;
  }
  return types;
}

/**
 * A WebSocket endpoint that answers CONNECT with a CONNACK after `connackAfterMs` and then says
 * nothing more: a broker that lets the client in but never grants its subscriptions.
 */
async function brokerWithoutSuback(connackAfterMs: number): Promise<{ port: number; seen: number[] }> {
  const seen: number[] = [];
  const http = createHttpServer();
  http.on('upgrade', (request, socket) => {
    sockets.add(socket);
    const key = String(request.headers['sec-websocket-key']);
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    const protocol = String(request.headers['sec-websocket-protocol']).split(',')[0]!.trim();
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: ${protocol}\r\n\r\n`,
    );
    socket.on('data', (data: Buffer) => {
      const types = packetTypes(data);
      seen.push(...types);
      // CONNACK (0x20, length 2, no session, accepted) in one unmasked binary frame.
      if (types.includes(1))
        setTimeout(() => socket.write(Buffer.from([0x82, 0x04, 0x20, 0x02, 0x00, 0x00])), connackAfterMs);
    });
  });
  server = http;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, seen };
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
    // JSON, but not the object every real message is.
    for (const other of ['[1,2]', '42', '"text"', 'null', 'true']) {
      expect(parseMessagePayload(bytes(other)), other).toBeUndefined();
    }
    // Up to 64 KiB is read; one byte more is not.
    const sized = (total: number) => bytes(JSON.stringify({ pad: 'x'.repeat(total - 10) }));
    expect(parseMessagePayload(sized(MAX_MESSAGE_BYTES))).toHaveProperty('pad');
    expect(parseMessagePayload(sized(MAX_MESSAGE_BYTES + 1))).toBeUndefined();
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
    expect(link.connectFailure).toMatch(/^MQTT (login refused or failed \(.+\)|connection closed)$/);
    expect(lines).toContain(`error: Failed to connect to device: ${link.connectFailure}`);
  });

  it('logs "Failed to create MQTT client" and resolves false when the client cannot be made', async () => {
    const { lines, log } = recorder();
    const link = new MqttDeviceLink({ brokerUrl: 'not a url', log });
    const statuses: LinkStatus[] = [];
    link.onStatus((status) => statuses.push(status));
    expect(await link.connect('player-1', 'token')).toBe(false);
    expect(lines).toEqual(['error: Failed to create MQTT client: Missing protocol']);
    expect(link.connectFailure).toBe('Failed to create MQTT client: Missing protocol');
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

  it('one connect time-out covers CONNACK and the subscriptions, with the same message', async () => {
    const { lines, log } = recorder();
    const broker = await brokerWithoutSuback(450);
    const link = new MqttDeviceLink({
      brokerUrl: `ws://127.0.0.1:${broker.port}/mqtt`,
      connectTimeoutMs: 600,
      log,
    });
    const started = Date.now();
    expect(await link.connect('player-1', 'token')).toBe(false);
    const took = Date.now() - started;
    // Logged in at 450 ms, then no SUBACK: the attempt ends at the one 600 ms deadline, not 600 ms later.
    expect(broker.seen).toEqual(expect.arrayContaining([1, 8]));
    expect(took).toBeGreaterThanOrEqual(590);
    expect(took).toBeLessThan(900);
    expect(lines).toEqual(['error: MQTT connection timeout']);
    expect(link.status).toBe('disconnected');
    expect(link.deviceId).toBeNull();
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
