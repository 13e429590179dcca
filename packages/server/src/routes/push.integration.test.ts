import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_KINDS } from '@playlist-alarms/core/notifications/parent-notification';
import { MAX_BROWSERS_PER_PARENT } from '@playlist-alarms/core/notifications/push-subscription-schemas';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { ALICE, BOB, describeOnDatabases } from '../../test/support/cloud-api';
import { startLocalPushService, type LocalPushService } from '../../test/support/local-push-service';
import { testConfig } from '../../test/support/test-app';
import type { TestDatabase } from '../../test/support/test-databases';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';
import { vapidEnv } from '../../test/support/vapid-env';

// The push API: the public key (never the private one), a browser's subscription with its kinds,
// the SSRF rule at the edge (400 for any endpoint that is not a push service), one parent's
// subscriptions out of another's reach, quiet hours.

let issuer: TestIssuer;
let push: LocalPushService;
beforeAll(async () => {
  issuer = await startTestIssuer();
  push = await startLocalPushService();
});
afterAll(async () => {
  await push.close();
  await issuer.close();
});

describeOnDatabases('push API', (open) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let config: ServerConfig;
  let env: Record<string, string>;
  const lines: string[] = [];

  beforeEach(async () => {
    database = await open();
    env = vapidEnv(push.host);
    config = { ...testConfig({ issuerUrl: issuer.url, env }), logLevel: 'trace' };
    lines.length = 0;
    app = await buildApp(config, { db: database.db, logStream: { write: (line) => void lines.push(line) } });
  });
  afterEach(async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, as = ALICE) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${await issuer.sign({ sub: as })}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };

  it('gives the public key, needs a sign-in, and never shows the private key', async () => {
    const key = await call('GET', '/api/push/key');
    expect(key).toEqual({ status: 200, body: { publicKey: env.VAPID_PUBLIC_KEY } });
    const anonymous = await app.inject({ method: 'GET', url: '/api/push/key' });
    expect(anonymous.statusCode).toBe(401);
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.body).toContain('/api/push/subscriptions');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(env.VAPID_PRIVATE_KEY);
  });

  it('subscribes with every kind by default, or the kinds chosen; again updates; lists; deletes', async () => {
    const browser = push.subscribe();
    const created = await call('POST', '/api/push/subscriptions', browser);
    expect(created).toEqual({
      status: 201,
      body: {
        endpoint: browser.endpoint,
        kinds: [...NOTIFICATION_KINDS],
        createdAt: expect.any(String) as unknown,
      },
    });
    const chosen = await call('POST', '/api/push/subscriptions', {
      ...browser,
      kinds: ['low-battery', 'alarm-not-played'],
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.kinds).toEqual(['alarm-not-played', 'low-battery']);
    const list = await call('GET', '/api/push/subscriptions');
    expect(list.body).toEqual({ subscriptions: [chosen.body] });

    // Another parent neither sees nor removes it.
    expect((await call('GET', '/api/push/subscriptions', undefined, BOB)).body).toEqual({
      subscriptions: [],
    });
    expect(await call('DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint }, BOB)).toEqual({
      status: 404,
      body: { error: 'Subscription not found' },
    });
    expect((await call('GET', '/api/push/subscriptions')).body).toEqual({ subscriptions: [chosen.body] });

    expect(await call('DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect((await call('GET', '/api/push/subscriptions')).body).toEqual({ subscriptions: [] });
    expect((await call('DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint })).status).toBe(
      404,
    );
  });

  it('refuses with 400 every endpoint that is not a push service, and stores nothing', async () => {
    const keys = push.subscribe().keys;
    const refused = [
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:5432/',
      `https://${push.host}/push/x`.replace(push.host, 'localhost'),
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'gopher://fcm.googleapis.com/x',
    ];
    for (const endpoint of refused) {
      const answer = await call('POST', '/api/push/subscriptions', { endpoint, keys });
      expect(answer.status, endpoint).toBe(400);
      expect(typeof answer.body.error, endpoint).toBe('string');
    }
    const badBodies = [
      { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys: { p256dh: 'not base64!', auth: keys.auth } },
      // Keys of the wrong size would fail every send to this browser: a short point, a compressed
      // one (0x02/0x03 first), a short secret.
      { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys: { p256dh: 'AAAA', auth: keys.auth } },
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/a',
        keys: { p256dh: `A${keys.p256dh.slice(1)}`, auth: keys.auth },
      },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys: { p256dh: keys.p256dh, auth: 'A' } },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/a' },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys, kinds: ['everything'] },
      { endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(3000)}`, keys },
    ];
    for (const body of badBodies)
      expect((await call('POST', '/api/push/subscriptions', body)).status).toBe(400);
    expect((await call('GET', '/api/push/subscriptions')).body).toEqual({ subscriptions: [] });
    // A real push service's endpoint is accepted (nothing is sent to it here).
    const fcm = await call('POST', '/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/a',
      keys,
    });
    expect(fcm.status).toBe(201);
    expect(push.requestCount()).toBe(0);
  });

  it(`takes at most ${MAX_BROWSERS_PER_PARENT} browsers per parent: a new one beyond is 409, a known one still updates`, async () => {
    const endpoints = Array.from(
      { length: MAX_BROWSERS_PER_PARENT },
      (_, n) => `https://fcm.googleapis.com/fcm/send/browser-${n}`,
    );
    for (const endpoint of endpoints)
      expect(
        (await call('POST', '/api/push/subscriptions', { endpoint, keys: push.subscribe().keys })).status,
      ).toBe(201);
    const beyond = await call('POST', '/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/one-too-many',
      keys: push.subscribe().keys,
    });
    expect(beyond.status).toBe(409);
    expect(beyond.body.error).toMatch(/at most 10 browsers/);
    const again = await call('POST', '/api/push/subscriptions', {
      endpoint: endpoints[0],
      keys: push.subscribe().keys,
      kinds: ['low-battery'],
    });
    expect(again.status).toBe(201);
    // Another parent has browsers of their own to count.
    const bob = await call(
      'POST',
      '/api/push/subscriptions',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/bob', keys: push.subscribe().keys },
      BOB,
    );
    expect(bob.status).toBe(201);
    const listed = (await call('GET', '/api/push/subscriptions')).body.subscriptions as unknown[];
    expect(listed).toHaveLength(MAX_BROWSERS_PER_PARENT);
  });

  it('keeps quiet hours per parent: 21:00 to 07:00 until changed; bad times are 400', async () => {
    expect(await call('GET', '/api/push/settings')).toEqual({
      status: 200,
      body: { quietHours: { start: '21:00', end: '07:00' } },
    });
    const changed = await call('PUT', '/api/push/settings', { quietHours: { start: '22:30', end: '06:15' } });
    expect(changed).toEqual({ status: 200, body: { quietHours: { start: '22:30', end: '06:15' } } });
    expect((await call('GET', '/api/push/settings')).body).toEqual({
      quietHours: { start: '22:30', end: '06:15' },
    });
    expect((await call('GET', '/api/push/settings', undefined, BOB)).body).toEqual({
      quietHours: { start: '21:00', end: '07:00' },
    });
    for (const quietHours of [
      { start: '24:00', end: '07:00' },
      { start: '7:00', end: '08:00' },
      { start: '21:00' },
    ])
      expect((await call('PUT', '/api/push/settings', { quietHours })).status).toBe(400);
  });
});

describeOnDatabases('push API without keys (real mode, no VAPID_*)', (open) => {
  it('answers 404 with { error } for the key and for a subscription', async () => {
    const database = await open();
    const config = testConfig({ issuerUrl: issuer.url });
    const app = await buildApp(config, { db: database.db });
    try {
      const headers = { authorization: `Bearer ${await issuer.sign({ sub: ALICE })}` };
      const key = await app.inject({ method: 'GET', url: '/api/push/key', headers });
      expect({ status: key.statusCode, body: key.json<unknown>() }).toEqual({
        status: 404,
        body: { error: 'Push notifications are not set up on this server' },
      });
      const subscribe = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers,
        payload: push.subscribe(),
      });
      expect(subscribe.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.dispose();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
