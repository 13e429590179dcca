import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwksUrl } from '../auth';
import { buildTestApp, type TestApp } from '../../test/support/test-app';
import { startTestIssuer, TEST_AUDIENCE, type TestIssuer } from '../../test/support/test-issuer';
import { APP_HOST, APP_ORIGIN } from '../../test/support/sign-in';
import { isPublicRoute } from './credentials';
import { SESSION_COOKIE } from './session-cookies';

// The route inventory under attack (issue "Trust"): every route Fastify registers that the public
// allow-list does not name answers 401 to each forged, stale or foreign credential, and none of
// them makes the server call the provider. Only the issuer's key set may be fetched (to check a
// signature); its cache means once.

interface Attack {
  name: string;
  headers: () => Record<string, string>;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

let issuer: TestIssuer;
let test: TestApp;
const routes: { method: string; url: string }[] = [];
const providerCalls: string[] = [];
let keySetFetches = 0;
let attacks: Attack[];

beforeAll(async () => {
  issuer = await startTestIssuer();
  const countingFetch: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === jwksUrl(test.config.provider).href) keySetFetches += 1;
    else providerCalls.push(url);
    return fetch(input, init);
  };
  test = await buildTestApp(
    { issuerUrl: issuer.url },
    {
      fetch: countingFetch,
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    },
  );

  // A real session of a real user, then logged out: its cookie is what a thief would replay.
  const rawId = await test.app.sessions.startSession({
    sub: 'auth0|logged-out-parent',
    name: 'Logged Out',
    email: null,
    tokens: {
      accessToken: await issuer.sign({ sub: 'auth0|logged-out-parent' }),
      refreshToken: 'refresh-never-used',
      idToken: null,
      expiresAt: Date.now() + 3600_000,
    },
  });
  const cookie = `${SESSION_COOKIE}=${rawId}`;
  const live = await test.app.inject({
    method: 'GET',
    url: '/api/alarms',
    headers: { host: APP_HOST, cookie },
  });
  expect(live.statusCode, 'the cookie works before logout').toBe(200);
  const logout = await test.app.inject({
    method: 'POST',
    url: '/auth/logout',
    headers: { host: APP_HOST, origin: APP_ORIGIN, cookie },
  });
  expect(logout.statusCode).toBeLessThan(400);
  providerCalls.length = 0;

  const forgedSignature = await issuer.sign({ foreignKey: true });
  const expired = await issuer.sign({ expiresIn: Math.floor(Date.now() / 1000) - 120 });
  const otherIssuer = await issuer.sign({ issuer: 'https://issuer.attacker.example' });
  const otherAudience = await issuer.sign({ audience: 'https://api.attacker.example' });
  const claims = { sub: 'auth0|demo-parent', iss: issuer.url, aud: TEST_AUDIENCE, exp: inAMinute() };
  const algNone = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
  // A valid token's claims under a header that names HS256 with the public key as a secret: the
  // classic key-confusion attempt, which a verifier pinned to the key set's RS256 must refuse.
  const validParts = (await issuer.sign()).split('.');
  const algSwapped = `${base64url({ alg: 'HS256', kid: 'test-key' })}.${validParts[1] ?? ''}.${validParts[2] ?? ''}`;
  const bearer = (token: string) => () => ({ authorization: `Bearer ${token}` });

  attacks = [
    { name: 'no credential', headers: () => ({}) },
    { name: 'a forged signature', headers: bearer(forgedSignature) },
    { name: 'an expired token', headers: bearer(expired) },
    { name: 'a token of another issuer', headers: bearer(otherIssuer) },
    { name: 'a token of another audience', headers: bearer(otherAudience) },
    { name: 'alg: none', headers: bearer(algNone) },
    { name: 'an alg swapped to HS256', headers: bearer(algSwapped) },
    { name: 'a header that is not a JWT', headers: bearer('not-a-jwt') },
    { name: 'a truncated JWT', headers: bearer(validParts.slice(0, 2).join('.')) },
    { name: 'a Basic header', headers: () => ({ authorization: 'Basic ZGVtbzpkZW1v' }) },
    { name: 'an empty Bearer', headers: () => ({ authorization: 'Bearer ' }) },
    { name: 'a logged-out session cookie', headers: () => ({ cookie, origin: APP_ORIGIN }) },
  ];
});

afterAll(async () => {
  await test.close();
  await issuer.close();
});

// Path parameters and wildcards get a harmless value, so the route itself matches.
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');

describe('every protected route under attack', () => {
  it('answers 401 with a JSON error to each attack, and calls the provider for none', async () => {
    const protectedRoutes = routes.filter((r) => !isPublicRoute(r.method, r.url));
    expect(protectedRoutes.length).toBeGreaterThan(15);
    expect(attacks.length).toBe(12);
    let tried = 0;
    for (const attack of attacks) {
      for (const { method, url } of protectedRoutes) {
        const response = await test.app.inject({
          method: method as 'GET',
          url: concrete(url),
          headers: { host: APP_HOST, ...attack.headers() },
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
        });
        const where = `${attack.name}: ${method} ${url}`;
        expect(response.statusCode, where).toBe(401);
        if (method !== 'HEAD') {
          const body = JSON.parse(response.body) as { error?: unknown };
          expect(typeof body.error === 'string' && body.error.length > 0, where).toBe(true);
        }
        tried += 1;
      }
    }
    expect(tried).toBe(attacks.length * protectedRoutes.length);
    expect(providerCalls).toEqual([]);
    expect(keySetFetches).toBeLessThanOrEqual(1);
  });

  it('lets a genuine token through the same door (the attacks fail for their flaw alone)', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/alarms',
      headers: { host: APP_HOST, authorization: `Bearer ${await issuer.sign()}` },
    });
    expect(response.statusCode).toBe(200);
  });
});
