import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../../test/support/test-databases';
import { startHttpServer } from '../../test/support/http-server';
import { buildTestApp, type TestApp } from '../../test/support/test-app';
import { startTestIssuer } from '../../test/support/test-issuer';
import { healthRoutes } from './health';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appWithIssuer(
  issuerUrl: string,
  deps: Parameters<typeof buildTestApp>[1] = {},
): Promise<TestApp> {
  const test = await buildTestApp({ issuerUrl }, deps);
  cleanups.push(() => test.close());
  return test;
}

describe('GET /api/health', () => {
  it('is ok when the database and the provider’s keys answer', async () => {
    const issuer = await startTestIssuer();
    cleanups.push(() => issuer.close());
    const { app } = await appWithIssuer(issuer.url);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, string>>();
    expect(body).toMatchObject({ status: 'ok', database: 'ok', provider: 'ok' });
    expect(Date.parse(body.time ?? '')).toBeGreaterThan(Date.now() - 10_000);
    expect(issuer.requests.at(-1)?.url).toBe('/.well-known/jwks.json');
  });

  it('answers 503 naming the provider when nothing listens there', async () => {
    const gone = await startTestIssuer();
    await gone.close();
    const { app } = await appWithIssuer(gone.url);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'error',
      database: 'ok',
      provider: 'error',
      error: 'Unavailable: provider',
    });
  });

  it('answers 503 within about 2 s when the provider hangs', async () => {
    const silent = await startHttpServer(() => {
      // Accepts the connection, never answers.
    });
    cleanups.push(() => silent.close());
    const { app } = await appWithIssuer(silent.url);
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ provider: 'error' });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('answers 503 naming the database when it is closed', async () => {
    const issuer = await startTestIssuer();
    cleanups.push(() => issuer.close());
    const storage = createSqliteTestDatabase();
    const { app } = await appWithIssuer(issuer.url, { db: storage.db });
    await storage.dispose();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      database: 'error',
      provider: 'ok',
      error: 'Unavailable: database',
    });
  });
});

describe('GET /api/health and the provider’s key set', () => {
  const jwksFetches = (requests: { url: string }[]) =>
    requests.filter((r) => r.url === '/.well-known/jwks.json').length;

  it('fetches the key set once for many checks, in turn and at once', async () => {
    const issuer = await startTestIssuer();
    cleanups.push(() => issuer.close());
    const { app } = await appWithIssuer(issuer.url);
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    const together = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/health' })),
    );
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(jwksFetches(issuer.requests)).toBe(1);
  });

  it('fetches again once the cache time is over, and caches a failure too', async () => {
    const issuer = await startTestIssuer();
    cleanups.push(() => issuer.close());
    const storage = createSqliteTestDatabase();
    cleanups.push(() => storage.dispose());
    const app = Fastify();
    cleanups.push(() => app.close());
    await app.register(healthRoutes, {
      db: storage.db,
      providerProbeUrl: new URL(`${issuer.url}/.well-known/jwks.json`),
      fetch,
      providerCacheMs: 300,
    });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(jwksFetches(issuer.requests)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(jwksFetches(issuer.requests)).toBe(2);

    // A 404 from the issuer is an error, remembered for the same time.
    const missing = Fastify();
    cleanups.push(() => missing.close());
    await missing.register(healthRoutes, {
      db: storage.db,
      providerProbeUrl: new URL(`${issuer.url}/no-keys-here`),
      fetch,
      providerCacheMs: 30_000,
    });
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await missing.inject({ method: 'GET', url: '/api/health' })).statusCode);
    expect(answers).toEqual([503, 503, 503]);
    expect(issuer.requests.filter((r) => r.url === '/no-keys-here')).toHaveLength(1);
  });
});
