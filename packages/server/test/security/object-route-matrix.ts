import { z } from 'zod';
import { ACCOUNT_ROUTES } from './account-route-matrix';
import { ALARM_ROUTES } from './alarm-route-matrix';
import { PUSH_ROUTES } from './push-route-matrix';
import type { Coverage } from './route-matrix-vocabulary';
import type { RegisteredRoute } from './two-user-world';

export type { Attempt } from './route-matrix-vocabulary';

// Every route the app registers, and how B goes after A's objects on it: A's ids in the path, or
// A's user id as the `yoto_user_id` claim. A route is either such an object route (the cloud alarm
// routes in alarm-route-matrix.ts, the account's others in account-route-matrix.ts) or says below
// why it holds no user's object. A route added later fails the matrix until it is placed.

export const ROUTE_MATRIX: Readonly<Record<string, Coverage>> = {
  ...ALARM_ROUTES,
  ...ACCOUNT_ROUTES,
  ...PUSH_ROUTES,
  'GET /api/health': { kind: 'no user object', why: 'public: the server’s and the database’s state' },
  'GET /api/config': { kind: 'no user object', why: 'public: the runtime configuration' },
  'GET /api/docs': { kind: 'no user object', why: 'public: the OpenAPI document' },
  'GET /auth/login': { kind: 'no user object', why: 'starts a sign-in' },
  'GET /auth/callback': { kind: 'no user object', why: 'ends a sign-in: the provider’s code names the user' },
  'POST /auth/logout': { kind: 'no user object', why: 'ends the cookie’s own session' },
  'GET /api/session': { kind: 'no user object', why: 'the cookie’s own session (its id is a secret)' },
  'DELETE /api/session': { kind: 'no user object', why: 'ends the cookie’s own session' },
  'GET /api/cron/check': { kind: 'no user object', why: 'the scheduler’s pass: counts only' },
  'GET /api/cron/status': { kind: 'no user object', why: 'the scheduler’s status: counts only' },
};

const keyOf = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

// A path parameter or a yoto_user_id in the route's schema means it addresses some user's object.
function addressesAnObject(route: RegisteredRoute): boolean {
  if (route.url.includes(':')) return true;
  const parts = [route.schema?.querystring, route.schema?.body, route.schema?.params];
  return parts.some(
    (part) =>
      part instanceof z.ZodType &&
      JSON.stringify(z.toJSONSchema(part, { io: 'input', unrepresentable: 'any' })).includes(
        '"yoto_user_id"',
      ),
  );
}

/** What the matrix misses of the registered routes, or holds that is no longer registered. */
export function matrixGaps(routes: readonly RegisteredRoute[]): string[] {
  const gaps: string[] = [];
  const registered = new Set(routes.map((route) => keyOf(route.method, route.url)));
  for (const route of routes) {
    const key = keyOf(route.method, route.url);
    const coverage = ROUTE_MATRIX[key];
    if (coverage === undefined) gaps.push(`${route.method} ${route.url}: not in the two-user matrix`);
    else if (coverage.kind === 'no user object' && addressesAnObject(route)) {
      gaps.push(
        `${route.method} ${route.url}: addresses a user's object, yet the matrix says "${coverage.why}"`,
      );
    }
  }
  for (const key of Object.keys(ROUTE_MATRIX)) {
    if (!registered.has(key)) gaps.push(`${key}: in the matrix but not registered`);
  }
  return [...new Set(gaps)];
}
