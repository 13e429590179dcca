import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

// Only the app's own page may use the sandbox from a browser: CORS answers name no other origin,
// and a WebSocket upgrade (MQTT) with another Origin is refused before the broker sees it.
// Requests without an Origin come from programs (the server, tests, scripts), not from a page
// someone else controls, and pass.

interface AppOrigins {
  allows(origin: string | undefined): boolean;
  /** The app's origins, known once its server listens. */
  set(origins: readonly string[]): void;
  /** For the HTTP server's `upgrade` event: true when it may go on; else the socket is answered 403. */
  admitUpgrade(request: IncomingMessage, socket: Duplex): boolean;
}

export function appOrigins(initial: readonly string[] = []): AppOrigins {
  let allowed = new Set(initial.map(normalise));
  const allows = (origin: string | undefined) => origin === undefined || allowed.has(normalise(origin));
  return {
    allows,
    set(origins) {
      allowed = new Set(origins.map(normalise));
    },
    admitUpgrade(request, socket) {
      if (allows(request.headers.origin)) return true;
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return false;
    },
  };
}

/** A URL's origin and, for loopback, the same port under the other loopback name (as a person types it). */
export function loopbackTwins(url: string): string[] {
  const { protocol, port, hostname, origin } = new URL(url);
  const other = hostname === 'localhost' ? '127.0.0.1' : hostname === '127.0.0.1' ? 'localhost' : null;
  return other === null ? [origin] : [origin, `${protocol}//${other}${port === '' ? '' : `:${port}`}`];
}

function normalise(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}
