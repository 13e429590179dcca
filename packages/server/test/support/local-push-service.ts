import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { importJWK, jwtVerify } from 'jose';

// A push service on loopback, as a browser's would be (RFC 8030): a POST to a subscription's
// endpoint is a message, answered 201 with a Location; a subscription can be told to answer 404
// or 410 instead (the browser dropped it). Each subscription is made as a browser makes one, with
// a P-256 key pair and an auth secret of its own, so a test decrypts every message (RFC 8291,
// aes128gcm) and checks its VAPID token (RFC 8292) as the real service would.

export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The decrypted payload. */
  text: string;
  headers: http.IncomingHttpHeaders;
  /** The VAPID public key the token was signed with (checked). */
  vapidKey: string;
}

// http_ece (RFC 8188, the decryption web-push's encryption is checked against) ships no types:
// the one call used here, typed.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: string },
  ): Buffer;
};

interface Subscriber {
  ecdh: crypto.ECDH;
  auth: string;
  answer: number;
  received: ReceivedPush[];
  refused: string[];
}

export interface LocalPushService {
  /** `127.0.0.1:port`: what PUSH_ENDPOINT_HOSTS must list. */
  host: string;
  subscribe(): BrowserSubscription;
  /** From now on the subscription's endpoint answers this status (404, 410, 500…). */
  answerWith(endpoint: string, status: number): void;
  received(endpoint: string): ReceivedPush[];
  /** Requests refused as a push service would refuse them (bad token, bad encoding), with why. */
  refused(endpoint: string): string[];
  /** Resolves once the endpoint has received `count` messages (or rejects after `timeoutMs`). */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** Every request, refused or not, to any path. */
  requestCount(): number;
  close(): Promise<void>;
}

async function checkVapid(header: string | undefined, audience: string): Promise<string> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (match === null) throw new Error(`no VAPID authorization: ${header ?? '(none)'}`);
  const [, token = '', key = ''] = match;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Error('the VAPID key is not an uncompressed P-256 point');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { audience });
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
    throw new Error('the VAPID token has no mailto: or https: subject');
  return key;
}

/** `port`: a fixed one (a stack started earlier lists it in PUSH_ENDPOINT_HOSTS); any free one by default. */
export async function startLocalPushService(options: { port?: number } = {}): Promise<LocalPushService> {
  const subscribers = new Map<string, Subscriber>();
  const waiters = new Set<() => void>();
  let requests = 0;
  let origin = '';

  const server = http.createServer((request, response) => {
    requests += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
        const subscriber = id === undefined ? undefined : subscribers.get(id);
        if (request.method !== 'POST' || subscriber === undefined) {
          response.writeHead(404).end();
          return;
        }
        if (subscriber.answer !== 201) {
          response.writeHead(subscriber.answer).end();
          return;
        }
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          if (request.headers.ttl === undefined) throw new Error('no TTL header');
          const vapidKey = await checkVapid(request.headers.authorization, origin);
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: subscriber.ecdh,
            authSecret: subscriber.auth,
          });
          subscriber.received.push({ text: plain.toString('utf8'), headers: request.headers, vapidKey });
          response.writeHead(201, { location: `${origin}/message/${crypto.randomUUID()}` }).end();
        } catch (error) {
          subscriber.refused.push(error instanceof Error ? error.message : String(error));
          response.writeHead(400).end();
        }
        for (const wake of [...waiters]) wake();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  const subscriberOf = (endpoint: string): Subscriber => {
    const id = endpoint.slice(endpoint.lastIndexOf('/') + 1);
    const subscriber = subscribers.get(id);
    if (subscriber === undefined) throw new Error(`no such subscription: ${endpoint}`);
    return subscriber;
  };

  return {
    host: `127.0.0.1:${port}`,
    subscribe() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16).toString('base64url');
      const id = crypto.randomBytes(24).toString('base64url');
      subscribers.set(id, { ecdh, auth, answer: 201, received: [], refused: [] });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },
    answerWith(endpoint, status) {
      subscriberOf(endpoint).answer = status;
    },
    received: (endpoint) => [...subscriberOf(endpoint).received],
    refused: (endpoint) => [...subscriberOf(endpoint).refused],
    waitFor(endpoint, count = 1, timeoutMs = 10_000) {
      const subscriber = subscriberOf(endpoint);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (subscriber.received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...subscriber.received]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${subscriber.received.length} of ${count} messages in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    requestCount: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
