import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startHttpServer, type TestHttpServer } from '../test/support/http-server';
import { buildTestApp, type TestApp } from '../test/support/test-app';
import { startTestIssuer, type TestIssuer } from '../test/support/test-issuer';

// Tokens are checked against a real JWKS endpoint (a test issuer on a free port), through a
// protected route of the real app: the family library proxy.

let issuer: TestIssuer;
let upstream: TestHttpServer;
let test: TestApp;

beforeAll(async () => {
  issuer = await startTestIssuer();
  upstream = await startHttpServer((_request, response) => sendJson(response, 200, []));
  test = await buildTestApp({ issuerUrl: issuer.url, apiBase: upstream.url });
});
afterAll(async () => {
  await test.close();
  await upstream.close();
  await issuer.close();
});

const groups = (authorization?: string) =>
  test.app.inject({
    method: 'GET',
    url: '/api/yoto/family/library/groups',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('bearer token check on /api routes', () => {
  it('accepts a valid token and forwards it', async () => {
    const token = await issuer.sign();
    const before = upstream.requests.length;
    const response = await groups(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(upstream.requests.slice(before)).toEqual([
      { method: 'GET', url: '/card/family/library/groups', authorization: `Bearer ${token}` },
    ]);
  });

  it('accepts the issuer with a trailing slash, as Auth0 writes it', async () => {
    const token = await issuer.sign({ issuer: `${issuer.url}/` });
    expect((await groups(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it.each([
    ['no header', undefined, 'Missing bearer token'],
    ['another scheme', 'Basic dXNlcjpwdw==', 'Missing bearer token'],
    ['an empty bearer', 'Bearer ', 'Missing bearer token'],
    ['garbage', 'Bearer not-a-jwt', 'Invalid or expired access token'],
  ])('refuses %s with 401', async (_label, header, message) => {
    const response = await groups(header);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: message });
  });

  it.each([
    ['expired', { expiresIn: Math.floor(Date.now() / 1000) - 60 }],
    ['for another audience', { audience: 'https://someone-else.example' }],
    ['from another issuer', { issuer: 'https://evil.example' }],
    ['signed with an unpublished key', { foreignKey: true }],
    ['without a subject', { sub: null }],
  ])('refuses a token %s with 401 and never reaches the provider', async (_label, options) => {
    const token = await issuer.sign(options);
    const before = upstream.requests.length;
    const response = await groups(`Bearer ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('error');
    expect(upstream.requests.length).toBe(before);
  });

  it('leaves health and config open', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('when the issuer’s keys cannot be fetched', () => {
  it('answers 503, not 401 or 500', async () => {
    const gone = await startTestIssuer();
    const token = await gone.sign();
    await gone.close();
    const app = await buildTestApp({ issuerUrl: gone.url, apiBase: upstream.url });
    try {
      const response = await app.app.inject({
        method: 'GET',
        url: '/api/yoto/family/library/groups',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'Cannot verify the access token: the provider is unavailable',
      });
    } finally {
      await app.close();
    }
  });
});
