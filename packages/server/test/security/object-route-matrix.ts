import { expect } from 'vitest';
import { z } from 'zod';
import { MAX_FAVOURITES } from '@playlist-alarms/core/shared/constants';
import { alarmBody } from '../support/cloud-api';
import { INTRUDER, OWNER, type ApiRequest, type OwnerObjects, type RegisteredRoute } from './two-user-world';

// Every route the app registers, and how B goes after A's objects on it: A's ids in the path, or
// A's user id as the `yoto_user_id` claim. A route is either such an object route or says why it
// holds no user's object. A route added later fails the matrix until it is placed here.

/** B naming A's object: must answer `expect` with `{ error }` and change nothing. */
export interface Attempt extends ApiRequest {
  what: string;
  expect: 403 | 404;
}

/** B acting on its own (empty) account, with A's ids where the route ignores them: A stays untouched. */
interface OwnScopeProbe extends ApiRequest {
  what: string;
  expect: { status: number; body: unknown };
}

type Coverage =
  | { kind: 'object'; attempts(a: OwnerObjects): Attempt[]; ownScope?: OwnScopeProbe[] }
  | { kind: 'no user object'; why: string };

const q = (value: string) => encodeURIComponent(value);
const claimA = `yoto_user_id=${q(OWNER)}`;
const claimB = `yoto_user_id=${q(INTRUDER)}`;
const TYPES = ['wakeup', 'bedtime'] as const;
const NOTHING_DELETED = { deleted: 0 };
const NO_PINS = { favourites: [], cap: MAX_FAVOURITES };

/** Fields of A's alarm B would love to change. */
const takeover = {
  hour: 4,
  minute: 4,
  days: '0000001',
  volume: 1,
  is_enabled: false,
  alarm_name: 'B was here',
  playlist_id: 'card-b',
  yoto_device_id: 'player-b',
};
/** Columns only the server writes. */
const serverOwned = (a: OwnerObjects) => ({
  id: 'b-chosen-id',
  yoto_user_id: INTRUDER,
  next_fire_at: '2000-01-01T00:00:00.000Z',
  last_fired_at: '2000-01-01T00:00:00.000Z',
  last_outcome: 'played',
  last_outcome_at: '2000-01-01T00:00:00.000Z',
  claimed_by: 'b',
  claimed_until: '2100-01-01T00:00:00.000Z',
  skip_until: '2100-01-01T00:00:00.000Z',
  paused_through: '2100-01-01',
  created_at: '2000-01-01T00:00:00.000Z',
  updated_at: '2000-01-01T00:00:00.000Z',
  alarm_id: a.fired.id,
});

/** A's ids, and near misses of one (case, padding, SQL): none may reach a row B does not own. */
function alarmIds(a: OwnerObjects): { id: string; how: string }[] {
  const first = a.alarms[0]?.id ?? 'none';
  return [
    ...a.alarms.map((alarm) => ({ id: alarm.id, how: `A's ${alarm.alarm_type} ${alarm.id}` })),
    { id: first.toUpperCase(), how: "A's id in upper case" },
    { id: `${first} `, how: "A's id with a trailing space" },
    { id: `${first}' OR '1'='1`, how: "A's id with SQL" },
  ];
}

const dueAtOf = (a: OwnerObjects, id: string) =>
  a.alarms.find((alarm) => alarm.id === id)?.next_fire_at ?? a.dueNow.next_fire_at ?? a.fired.dueAt;

export const ROUTE_MATRIX: Readonly<Record<string, Coverage>> = {
  'GET /api/alarms': {
    kind: 'object',
    attempts: () => [{ method: 'GET', url: `/api/alarms?${claimA}`, what: 'list A’s', expect: 403 }],
    ownScope: [
      {
        method: 'GET',
        url: '/api/alarms',
        what: 'own list',
        expect: { status: 200, body: { alarms: [], counts: { total: 0, wakeup: 0, bedtime: 0 } } },
      },
    ],
  },
  'POST /api/alarms': {
    kind: 'object',
    attempts: (a) => [
      {
        method: 'POST',
        url: '/api/alarms',
        body: alarmBody({ yoto_user_id: OWNER }),
        what: 'create for A',
        expect: 403,
      },
      {
        method: 'POST',
        url: '/api/alarms',
        body: alarmBody({ yoto_user_id: OWNER, id: a.fired.id }),
        what: 'create for A over A’s id',
        expect: 403,
      },
    ],
  },
  'PUT /api/alarms/:id': {
    kind: 'object',
    attempts: (a) =>
      alarmIds(a).flatMap(({ id, how }): Attempt[] => [
        { method: 'PUT', url: `/api/alarms/${q(id)}`, body: takeover, what: how, expect: 404 },
        {
          method: 'PUT',
          url: `/api/alarms/${q(id)}`,
          body: { ...takeover, yoto_user_id: INTRUDER },
          what: `${how}, B’s own claim`,
          expect: 404,
        },
        {
          method: 'PUT',
          url: `/api/alarms/${q(id)}`,
          body: { ...takeover, yoto_user_id: OWNER },
          what: `${how}, claiming A`,
          expect: 403,
        },
        {
          method: 'PUT',
          url: `/api/alarms/${q(id)}`,
          body: { hour: 4, ...serverOwned(a) },
          what: `${how}, server-owned columns`,
          expect: 404,
        },
      ]),
  },
  'DELETE /api/alarms/:id': {
    kind: 'object',
    attempts: (a) =>
      alarmIds(a).flatMap(({ id, how }): Attempt[] => [
        { method: 'DELETE', url: `/api/alarms/${q(id)}`, what: how, expect: 404 },
        {
          method: 'DELETE',
          url: `/api/alarms/${q(id)}?${claimB}`,
          what: `${how}, B’s own claim`,
          expect: 404,
        },
        { method: 'DELETE', url: `/api/alarms/${q(id)}?${claimA}`, what: `${how}, claiming A`, expect: 403 },
      ]),
  },
  ...Object.fromEntries(
    (['skip', 'pause', 'resume'] as const).map((action) => [
      `POST /api/alarms/:id/${action}`,
      {
        kind: 'object',
        attempts: (a: OwnerObjects) =>
          alarmIds(a).flatMap(({ id, how }): Attempt[] => {
            const url = `/api/alarms/${q(id)}/${action}`;
            if (action === 'pause') {
              const body = { through: '2100-01-01' };
              return [
                { method: 'POST', url, body, what: how, expect: 404 },
                {
                  method: 'POST',
                  url,
                  body: { ...body, yoto_user_id: INTRUDER },
                  what: `${how}, B’s claim`,
                  expect: 404,
                },
                {
                  method: 'POST',
                  url,
                  body: { ...body, yoto_user_id: OWNER },
                  what: `${how}, claiming A`,
                  expect: 403,
                },
              ];
            }
            return [
              { method: 'POST', url, what: how, expect: 404 },
              { method: 'POST', url: `${url}?${claimB}`, what: `${how}, B’s own claim`, expect: 404 },
              { method: 'POST', url: `${url}?${claimA}`, what: `${how}, claiming A`, expect: 403 },
            ];
          }),
      } satisfies Coverage,
    ]),
  ),
  'POST /api/alarms/:id/trigger': {
    kind: 'object',
    attempts: (a) => [
      ...alarmIds(a).flatMap(({ id, how }): Attempt[] => [
        {
          method: 'POST',
          url: `/api/alarms/${q(id)}/trigger`,
          body: { due_at: dueAtOf(a, id) },
          what: `${how} at its next firing`,
          expect: 404,
        },
        {
          method: 'POST',
          url: `/api/alarms/${q(id)}/trigger`,
          body: { due_at: dueAtOf(a, id), yoto_user_id: OWNER },
          what: `${how}, claiming A (the body has no claim: ignored)`,
          expect: 404,
        },
      ]),
      // A 409 ("already fired") would tell B the alarm exists and when it rang.
      {
        method: 'POST',
        url: `/api/alarms/${q(a.fired.id)}/trigger`,
        body: { due_at: a.fired.dueAt },
        what: 'the firing A already had',
        expect: 404,
      },
    ],
  },
  'POST /api/alarms/by-type': {
    kind: 'object',
    attempts: () =>
      TYPES.map((type) => ({
        method: 'POST',
        url: '/api/alarms/by-type',
        body: alarmBody({ alarm_type: type, yoto_user_id: OWNER }),
        what: `replace A’s ${type}`,
        expect: 403,
      })),
  },
  'GET /api/alarms/by-type/:type': {
    kind: 'object',
    attempts: () =>
      TYPES.map((type) => ({
        method: 'GET',
        url: `/api/alarms/by-type/${type}?${claimA}`,
        what: `A’s ${type}`,
        expect: 403,
      })),
    ownScope: TYPES.map((type) => ({
      method: 'GET',
      url: `/api/alarms/by-type/${type}`,
      what: `own ${type} (none)`,
      expect: { status: 404, body: { error: `No ${type} alarm` } },
    })),
  },
  'DELETE /api/alarms/by-type/:type': {
    kind: 'object',
    attempts: () =>
      TYPES.map((type) => ({
        method: 'DELETE',
        url: `/api/alarms/by-type/${type}?${claimA}`,
        what: `A’s ${type}`,
        expect: 403,
      })),
    ownScope: TYPES.map((type) => ({
      method: 'DELETE',
      url: `/api/alarms/by-type/${type}`,
      what: `own ${type}`,
      expect: { status: 200, body: NOTHING_DELETED },
    })),
  },
  'POST /api/alarms/delete-by-type': {
    kind: 'object',
    attempts: () =>
      TYPES.map((type) => ({
        method: 'POST',
        url: '/api/alarms/delete-by-type',
        body: { alarm_type: type, yoto_user_id: OWNER },
        what: `A’s ${type}`,
        expect: 403,
      })),
    ownScope: TYPES.map((type) => ({
      method: 'POST',
      url: `/api/alarms/delete-by-type?${claimA}`,
      body: { alarm_type: type },
      what: `own ${type}, A in the query (not read)`,
      expect: { status: 200, body: NOTHING_DELETED },
    })),
  },
  'POST /api/alarms/delete-all': {
    kind: 'object',
    attempts: () => [
      {
        method: 'POST',
        url: '/api/alarms/delete-all',
        body: { yoto_user_id: OWNER },
        what: 'A’s',
        expect: 403,
      },
    ],
    ownScope: [
      {
        method: 'POST',
        url: '/api/alarms/delete-all',
        what: 'own, no body',
        expect: { status: 200, body: NOTHING_DELETED },
      },
      {
        method: 'POST',
        url: `/api/alarms/delete-all?${claimA}`,
        body: {},
        what: 'own, A in the query (not read)',
        expect: { status: 200, body: NOTHING_DELETED },
      },
    ],
  },
  'DELETE /api/alarms/clear-all': {
    kind: 'object',
    attempts: () => [{ method: 'DELETE', url: `/api/alarms/clear-all?${claimA}`, what: 'A’s', expect: 403 }],
    ownScope: [
      {
        method: 'DELETE',
        url: '/api/alarms/clear-all',
        what: 'own',
        expect: { status: 200, body: NOTHING_DELETED },
      },
    ],
  },
  'POST /api/users': {
    kind: 'object',
    attempts: (a) => [
      {
        method: 'POST',
        url: '/api/users',
        body: { yoto_user_id: OWNER, timezone: 'Pacific/Kiritimati', email: 'b@example.test', name: 'B' },
        what: 'rewrite A’s profile',
        expect: 403,
      },
      {
        method: 'POST',
        url: '/api/users',
        body: { yoto_user_id: OWNER, email: a.email, access_token: 'b-token', refresh_token: 'b-refresh' },
        what: 'plant tokens on A',
        expect: 403,
      },
    ],
  },
  'GET /api/devices': {
    kind: 'object',
    attempts: () => [{ method: 'GET', url: `/api/devices?${claimA}`, what: 'A’s players', expect: 403 }],
    ownScope: [
      { method: 'GET', url: '/api/devices', what: 'own', expect: { status: 200, body: { devices: [] } } },
    ],
  },
  'POST /api/devices': {
    kind: 'object',
    attempts: (a) => [
      {
        method: 'POST',
        url: '/api/devices',
        body: { yoto_user_id: OWNER, yoto_device_id: a.deviceId, device_name: 'B’s now' },
        what: 'rename A’s player',
        expect: 403,
      },
    ],
  },
  // The proxy forwards the caller's own token: the provider decides, the server adds no access.
  'GET /api/yoto/family/library/groups': {
    kind: 'object',
    attempts: () => [],
    ownScope: [
      {
        method: 'GET',
        url: '/api/yoto/family/library/groups',
        what: 'own library',
        expect: { status: 200, body: [] },
      },
      {
        method: 'GET',
        url: `/api/yoto/family/library/groups?${claimA}`,
        what: 'own library, A in the query (not forwarded)',
        expect: { status: 200, body: [] },
      },
    ],
  },
  'GET /api/yoto/family/library/groups/:id': {
    kind: 'object',
    attempts: (a) =>
      a.groups.map((id) => ({
        method: 'GET',
        url: `/api/yoto/family/library/groups/${q(id)}`,
        what: `A’s group ${id}`,
        expect: 403,
      })),
  },
  'GET /api/yoto/content/:cardId': {
    kind: 'object',
    attempts: (a) =>
      a.cards.flatMap((id): Attempt[] => [
        { method: 'GET', url: `/api/yoto/content/${q(id)}`, what: `A’s card ${id}`, expect: 403 },
        {
          method: 'GET',
          url: `/api/yoto/content/${q(id)}?${claimA}`,
          what: `A’s card ${id}, claiming A`,
          expect: 403,
        },
      ]),
  },
  // Pins are the caller's alone: A's card ids reach only B's own (empty) pins.
  'GET /api/favourites': {
    kind: 'object',
    attempts: () => [],
    ownScope: [
      { method: 'GET', url: '/api/favourites', what: 'own', expect: { status: 200, body: NO_PINS } },
      {
        method: 'GET',
        url: `/api/favourites?${claimA}`,
        what: 'own, A in the query (not read)',
        expect: { status: 200, body: NO_PINS },
      },
    ],
  },
  'PUT /api/favourites/:cardId': {
    kind: 'object',
    attempts: () => [],
    ownScope: [
      {
        method: 'PUT',
        url: `/api/favourites/alice-fav-2?${claimA}`,
        body: { title: 'B’s own pick', yoto_user_id: OWNER, position: 0 },
        what: 'pin A’s card for B, claiming A (not read)',
        expect: {
          status: 200,
          body: {
            favourites: [
              { cardId: 'alice-fav-2', title: 'B’s own pick', pinnedAt: expect.any(String) as unknown },
            ],
            cap: MAX_FAVOURITES,
          },
        },
      },
    ],
  },
  'DELETE /api/favourites/:cardId': {
    kind: 'object',
    attempts: (a) =>
      a.favourites.flatMap(({ cardId }): Attempt[] => [
        { method: 'DELETE', url: `/api/favourites/${q(cardId)}`, what: `A’s pin ${cardId}`, expect: 404 },
        {
          method: 'DELETE',
          url: `/api/favourites/${q(cardId)}?${claimA}`,
          what: `A’s pin ${cardId}, claiming A`,
          expect: 404,
        },
      ]),
  },
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
