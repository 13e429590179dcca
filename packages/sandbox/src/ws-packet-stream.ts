import type { Duplex } from 'node:stream';
import { createWebSocketStream, type WebSocket } from 'ws';

/**
 * The broker's side of an MQTT-over-WebSocket connection, as a stream. The MQTT encoder writes one
 * packet in several pieces (header, topic, payload) inside a cork; ws's own stream sends each piece
 * as a WebSocket message of its own, one socket write each. Here the pieces written together go as
 * one message (MQTT over WebSockets lets a message hold several packets, or part of one), so a
 * burst of commands costs the broker a write per packet, not three or four.
 */
export function webSocketPacketStream(ws: WebSocket): Duplex {
  const stream = createWebSocketStream(ws);
  const writeOne = stream._write.bind(stream);
  stream._writev = (chunks, callback) => {
    const pieces = chunks.map(({ chunk, encoding }) =>
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding),
    );
    // A Buffer's encoding is not read: the first piece's is passed as the type asks for one.
    writeOne(Buffer.concat(pieces), chunks[0]?.encoding ?? 'utf8', callback);
  };
  return stream;
}
