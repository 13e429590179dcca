import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { RateLimits, ServerConfig } from './config';
import { startHttpServer, sendJson, type TestHttpServer } from '../test/support/http-server';
import { testConfig } from '../test/support/test-app';
import { startTestIssuer, type TestIssuer } from '../test/support/test-issuer';

let issuer: TestIssuer;
let upstream: TestHttpServer;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  issuer = await startTestIssuer();
  upstream = await startHttpServer((_request, response) => sendJson(response, 200, { cards: [] }));
});
afterAll(async () => {
  await issuer.close();
  await upstream.close();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(
  limits: Partial<RateLimits>,
  change: Partial<ServerConfig> = {},
): Promise<FastifyInstance> {
  const base = testConfig({ issuerUrl: issuer.url, apiBase: upstream.url });
  const app = await buildApp({ ...base, rateLimits: { ...base.rateLimits, ...limits }, ...change });
  apps.push(app);
  return app;
}

const CONTENT = '/api/yoto/content/abc';

describe('rate limits', () => {
  it('answer 429 with Retry-After and { error } once an address is over its limit', async () => {
    const app = await appWith({ perAddress: 3 });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await app.inject({ method: 'GET', url: '/api/config' })).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await app.inject({ method: 'GET', url: '/api/config' });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ error: `Too many requests: try again in ${retryAfter} s` });
    // Another address is counted on its own.
    const other = await app.inject({ method: 'GET', url: '/api/config', remoteAddress: '192.0.2.7' });
    expect(other.statusCode).toBe(200);
  });

  it('count a user across addresses, and leave other users alone', async () => {
    const app = await appWith({ perAddress: 100, perUser: 2 });
    const alice = await issuer.sign({ sub: 'alice' });
    const bob = await issuer.sign({ sub: 'bob' });
    const get = (token: string, remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: CONTENT,
        remoteAddress,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get(alice, '192.0.2.1')).statusCode).toBe(200);
    expect((await get(alice, '192.0.2.2')).statusCode).toBe(200);
    const refused = await get(alice, '192.0.2.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await get(bob, '192.0.2.3')).statusCode).toBe(200);
  });

  it('give routes that opt into the sign-in tier a tighter limit per address', async () => {
    const app = await appWith({ perAddress: 100, signIn: 2 });
    const codes = [];
    // The server's own sign-in start (a redirect to the provider) is on that tier.
    for (let i = 0; i < 3; i++)
      codes.push((await app.inject({ method: 'GET', url: '/auth/login' })).statusCode);
    expect(codes).toEqual([302, 302, 429]);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });

  it('are off at 0', async () => {
    const app = await appWith({ perAddress: 0 });
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });

  it('count the client behind a trusted proxy by X-Forwarded-For', async () => {
    const app = await appWith({ perAddress: 1 }, { trustProxy: true });
    const from = (client: string) =>
      app.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-for': client } });
    expect((await from('198.51.100.1')).statusCode).toBe(200);
    expect((await from('198.51.100.2')).statusCode).toBe(200);
    expect((await from('198.51.100.1')).statusCode).toBe(429);
  });
});

describe('time-outs', () => {
  it('close a connection whose request headers never finish', async () => {
    const base = testConfig({ issuerUrl: issuer.url });
    const app = await appWith({}, { timeouts: { ...base.timeouts, headersMs: 500, requestMs: 1_000 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(address.port, '127.0.0.1', () => {
        socket.write('GET /api/config HTTP/1.1\r\nHost: x\r\n'); // and never the blank line
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        reject(new Error('still open after 5 s'));
      }, 5_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
