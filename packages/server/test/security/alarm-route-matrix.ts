import { alarmBody } from '../support/cloud-api';
import {
  q,
  claimA,
  claimB,
  TYPES,
  NOTHING_DELETED,
  takeover,
  serverOwned,
  alarmIds,
  dueAtOf,
  type Attempt,
  type Coverage,
} from './route-matrix-vocabulary';
import { INTRUDER, OWNER, type OwnerObjects } from './two-user-world';

// The cloud alarm routes of the two-user matrix: A's alarm ids (and near misses of them) in the
// path, or A's user id as the claim, each answered 403 or 404 with A's rows unchanged.
export const ALARM_ROUTES: Readonly<Record<string, Coverage>> = {
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
};
