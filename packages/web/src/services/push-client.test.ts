import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserPushClient } from './push-client';

// The browser's side of Web Push against an in-memory /api/push: what happens to a subscription
// the browser made for the server's earlier VAPID key (the server's keys were replaced).

/** A P-256 public key's length (65 bytes) in base64url, as the server gives it, filled with `fill`. */
const keyOf = (fill: number) =>
  btoa(String.fromCharCode(...new Uint8Array(65).fill(fill)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const CREATED = '2026-11-29T10:00:00.000Z';
const OLD_KEY = keyOf(4);
const NEW_KEY = keyOf(7);

const bytesOf = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(88, '=')), (c) =>
    c.charCodeAt(0),
  );

/** A browser's PushManager: one subscription at most, made for the key it was given. */
class FakePushManager {
  subscription: PushSubscription | null = null;
  made = 0;
  getSubscription = () => Promise.resolve(this.subscription);
  subscribe = (options: PushSubscriptionOptionsInit) => {
    this.made += 1;
    const endpoint = `https://push.example/sub-${this.made}`;
    const key = options.applicationServerKey as Uint8Array;
    const subscription = {
      endpoint,
      options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe: () => {
        this.subscription = null;
        return Promise.resolve(true);
      },
    } as unknown as PushSubscription;
    this.subscription = subscription;
    return Promise.resolve(subscription);
  };
}

/** The server's /api/push routes, as far as the client uses them. */
class FakeServer {
  publicKey = NEW_KEY;
  kept = new Map<string, string[]>();
  fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const path = new URL(input instanceof Request ? input.url : input).pathname;
    const method = init?.method ?? 'GET';
    const body =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as { endpoint: string; kinds?: string[] })
        : null;
    const json = (status: number, value: unknown) =>
      Promise.resolve(new Response(JSON.stringify(value), { status }));
    if (path === '/api/push/key') return json(200, { publicKey: this.publicKey });
    if (path === '/api/push/subscriptions' && method === 'GET')
      return json(200, {
        subscriptions: [...this.kept].map(([endpoint, kinds]) => ({ endpoint, kinds, createdAt: CREATED })),
      });
    if (path === '/api/push/subscriptions' && method === 'POST' && body) {
      this.kept.set(body.endpoint, body.kinds ?? []);
      return json(201, { endpoint: body.endpoint, kinds: body.kinds ?? [], createdAt: CREATED });
    }
    if (path === '/api/push/subscriptions' && method === 'DELETE' && body)
      return this.kept.delete(body.endpoint)
        ? json(200, { deleted: true })
        : json(404, { error: 'Not found' });
    return json(404, { error: `no ${method} ${path}` });
  };
}

let manager: FakePushManager;
let server: FakeServer;
let client: BrowserPushClient;

beforeEach(() => {
  manager = new FakePushManager();
  server = new FakeServer();
  client = new BrowserPushClient('http://app.example', server.fetch);
  const registration = { pushManager: manager };
  vi.stubGlobal('PushManager', FakePushManager);
  vi.stubGlobal('Notification', {
    permission: 'granted',
    requestPermission: () => Promise.resolve('granted'),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** A subscription the browser made, and the server kept, under the server's earlier key. */
async function subscribedUnderOldKey(kinds: string[]) {
  const old = await manager.subscribe({ applicationServerKey: bytesOf(OLD_KEY) });
  server.kept.set(old.endpoint, kinds);
  return old.endpoint;
}

describe('a browser subscribed under the server’s earlier VAPID key', () => {
  it('is renewed under the new key when the settings read it, with the kinds it had', async () => {
    const oldEndpoint = await subscribedUnderOldKey(['alarm-at-risk']);
    const now = await client.current();
    expect(now).toEqual({ endpoint: 'https://push.example/sub-2', kinds: ['alarm-at-risk'] });
    expect([...server.kept.keys()]).toEqual(['https://push.example/sub-2']);
    expect(server.kept.has(oldEndpoint)).toBe(false);
    expect(new Uint8Array(manager.subscription?.options.applicationServerKey ?? new ArrayBuffer(0))).toEqual(
      bytesOf(NEW_KEY),
    );
  });

  it('gets a new subscription when the parent turns notifications on again', async () => {
    await subscribedUnderOldKey(['low-battery']);
    expect(await client.subscribe(['player-offline'])).toEqual({
      endpoint: 'https://push.example/sub-2',
      kinds: ['player-offline'],
    });
    expect([...server.kept]).toEqual([['https://push.example/sub-2', ['player-offline']]]);
  });

  it('keeps a subscription made for the server’s key as it is', async () => {
    const made = await manager.subscribe({ applicationServerKey: bytesOf(NEW_KEY) });
    server.kept.set(made.endpoint, ['alarm-not-played']);
    expect(await client.current()).toEqual({ endpoint: made.endpoint, kinds: ['alarm-not-played'] });
    expect(await client.subscribe(['alarm-not-played'])).toEqual({
      endpoint: made.endpoint,
      kinds: ['alarm-not-played'],
    });
    expect(manager.made).toBe(1);
  });
});
