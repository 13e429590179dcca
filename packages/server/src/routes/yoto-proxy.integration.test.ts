import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../errors';
import { sendJson, startHttpServer, type TestHttpServer } from '../../test/support/http-server';
import { buildTestApp, type TestApp } from '../../test/support/test-app';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';
import { yotoProxyRoutes } from './yoto-proxy';

// A real upstream server stands in for the provider: each path answers in a different way.
const GROUPS_BODY = '[{"id":"g1","name":"Bedtime","items":[{"contentId":"c1","addedAt":null}]}]';

let issuer: TestIssuer;
let upstream: TestHttpServer;
let test: TestApp;
let token: string;

beforeAll(async () => {
  issuer = await startTestIssuer();
  upstream = await startHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    switch (url.pathname) {
      case '/card/family/library/groups':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(GROUPS_BODY);
        return;
      case '/card/family/library/groups/g1':
        sendJson(response, 200, { id: 'g1', cards: [{ cardId: 'c1', title: 'Song' }] });
        return;
      case '/card/family/library/groups/theirs':
        sendJson(response, 404, { error: { code: 'not-found', message: 'No such group' } });
        return;
      case '/content/restricted':
        sendJson(response, 403, { error: { code: 'forbidden', message: 'No access' } });
        return;
      case '/content/html-403':
        response.writeHead(403, { 'content-type': 'text/html' });
        response.end('<html>Forbidden</html>');
        return;
      case '/content/html':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>maintenance</html>');
        return;
      case '/content/empty':
        response.writeHead(200);
        response.end();
        return;
      case '/content/crash':
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('Internal Server Error');
        return;
      default:
        sendJson(response, 200, { card: { cardId: url.pathname.split('/').pop(), query: url.search } });
    }
  });
  test = await buildTestApp({ issuerUrl: issuer.url, apiBase: upstream.url });
  token = await issuer.sign();
});
afterAll(async () => {
  await test.close();
  await upstream.close();
  await issuer.close();
});

const get = (url: string) =>
  test.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('GET /api/yoto/*', () => {
  it('relays the family library groups byte for byte, with the bearer passed through', async () => {
    const before = upstream.requests.length;
    const response = await get('/api/yoto/family/library/groups');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(GROUPS_BODY);
    expect(upstream.requests.slice(before)).toEqual([
      { method: 'GET', url: '/card/family/library/groups', authorization: `Bearer ${token}` },
    ]);
  });

  it('fetches one group by id', async () => {
    const response = await get('/api/yoto/family/library/groups/g1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'g1', cards: [{ cardId: 'c1', title: 'Song' }] });
  });

  it('asks for playable content', async () => {
    const response = await get('/api/yoto/content/5WsQg');
    expect(response.json()).toEqual({ card: { cardId: '5WsQg', query: '?playable=true' } });
    expect(upstream.requests.at(-1)?.url).toBe('/content/5WsQg?playable=true');
  });

  it('relays the provider’s error status and JSON body', async () => {
    const forbidden = await get('/api/yoto/content/restricted');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: { code: 'forbidden', message: 'No access' } });
    const missing = await get('/api/yoto/family/library/groups/theirs');
    expect(missing.statusCode).toBe(404);
  });

  it('keeps a client-error status even when the provider answers it with HTML', async () => {
    const response = await get('/api/yoto/content/html-403');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Provider answered HTTP 403' });
  });

  it.each(['html', 'empty', 'crash'])('answers 502 when the provider answers non-JSON (%s)', async (id) => {
    const response = await get(`/api/yoto/content/${id}`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'Provider unavailable: unreadable answer' });
  });

  it.each([
    ['a dot', '/api/yoto/content/a.b'],
    ['an encoded slash', '/api/yoto/content/a%2F..%2Fdevice-v2'],
    ['a space', '/api/yoto/family/library/groups/a%20b'],
  ])('refuses an id with %s with 400 before calling the provider', async (_label, url) => {
    const before = upstream.requests.length;
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^Invalid request: /);
    expect(upstream.requests.length).toBe(before);
  });

  it('refuses an over-long id (Fastify’s 100-character parameter limit) with 414 JSON', async () => {
    const before = upstream.requests.length;
    const response = await get(`/api/yoto/content/${'x'.repeat(101)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toHaveProperty('error');
    expect(upstream.requests.length).toBe(before);
  });
});

describe('a provider that is down or slow', () => {
  it('answers 502 when nothing listens at the provider address', async () => {
    const gone = await startHttpServer((_request, response) => sendJson(response, 200, {}));
    await gone.close();
    const app = await buildTestApp({ issuerUrl: issuer.url, apiBase: gone.url });
    try {
      const response = await app.app.inject({
        method: 'GET',
        url: '/api/yoto/content/abc',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: 'Provider unavailable' });
    } finally {
      await app.close();
    }
  });

  it('answers 504 when the provider does not answer in time', async () => {
    const silent = await startHttpServer(() => {
      // Never answers.
    });
    // The routes alone, with a short time-out and a caller set as the auth hook would.
    const app = Fastify();
    app.decorateRequest('caller', null);
    app.addHook('onRequest', (request, _reply, done) => {
      request.caller = { sub: 'auth0|demo-parent', token: 'tok' };
      done();
    });
    registerErrorHandler(app);
    await app.register(yotoProxyRoutes, { prefix: '/api/yoto', apiBase: silent.url, fetch, timeoutMs: 200 });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/yoto/family/library/groups' });
      expect(response.statusCode).toBe(504);
      expect(response.json()).toEqual({ error: 'Provider did not answer within 0.2 s' });
      expect(silent.requests[0]?.authorization).toBe('Bearer tok');
    } finally {
      await app.close();
      await silent.close();
    }
  });
});
