import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/test-app';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';
import { isPublicRoute, PUBLIC_ROUTES } from './credentials';

// Protected by default: every route Fastify registers answers 401 without a credential, unless
// the explicit allow-list names it. A route added later is covered without touching this test.

let issuer: TestIssuer;
let test: TestApp;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  issuer = await startTestIssuer();
  const record = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  test = await buildTestApp({ issuerUrl: issuer.url }, { onRoute: record });
});
afterAll(async () => {
  await test.close();
  await issuer.close();
});

// Path parameters and wildcards get a harmless value, so the route itself matches.
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');

describe('route protection', () => {
  it('sees the routes of every area', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const url of ['/api/health', '/api/alarms', '/api/session', '/auth/login', '/api/users']) {
      expect(urls).toContain(url);
    }
  });

  it('answers 401 without a credential on every route outside the allow-list', async () => {
    const protectedRoutes = routes.filter((r) => !isPublicRoute(r.method, r.url));
    expect(protectedRoutes.length).toBeGreaterThan(15);
    for (const { method, url } of protectedRoutes) {
      const response = await test.app.inject({
        method: method as 'GET',
        url: concrete(url),
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets the public routes through without one', async () => {
    const open = routes.filter((r) => isPublicRoute(r.method, r.url) && r.method !== 'HEAD');
    for (const { method, url } of open) {
      const response = await test.app.inject({ method: method as 'GET', url: concrete(url) });
      expect(response.statusCode, `${method} ${url}`).not.toBe(401);
    }
  });

  it('names only routes that exist (a typo would silently protect nothing)', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    // The web app's routes exist only when it is built, which this test app is not.
    const withoutStatic = [...PUBLIC_ROUTES].filter((r) => r !== 'GET /' && r !== 'GET /*');
    for (const entry of withoutStatic) expect(registered, entry).toContain(entry);
  });
});
