import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { webSocketPacketStream } from './ws-packet-stream';

// The broker's WebSocket stream sends the pieces written together (one MQTT packet's header, topic
// and payload, inside the encoder's cork) as one WebSocket message, and single writes as they come.

let server: WebSocketServer | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

it('sends the pieces written in one cork as one message, and a lone write as its own', async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server?.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const serverSide = new Promise<WebSocket>((resolve) => server?.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const received: Buffer[] = [];
  client.on('message', (data: Buffer) => received.push(data));
  await new Promise((resolve) => client.once('open', resolve));

  const stream = webSocketPacketStream(await serverSide);
  stream.cork();
  stream.write(Buffer.from([0x30, 0x0b]));
  stream.write(Buffer.from([0x00, 0x03, 0x61, 0x2f, 0x62]));
  stream.write('hello');
  process.nextTick(() => stream.uncork());
  await new Promise((resolve) => setTimeout(resolve, 50));
  stream.write(Buffer.from([0xc0, 0x00]));
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(received.map((b) => [...b])).toEqual([
    [0x30, 0x0b, 0x00, 0x03, 0x61, 0x2f, 0x62, ...Buffer.from('hello')],
    [0xc0, 0x00],
  ]);
  client.close();
});
