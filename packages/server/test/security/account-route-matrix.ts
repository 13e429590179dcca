import { expect } from 'vitest';
import { MAX_FAVOURITES } from '@playlist-alarms/core/shared/constants';
import { q, claimA, type Attempt, type Coverage } from './route-matrix-vocabulary';
import { OWNER } from './two-user-world';

// The account's other routes in the two-user matrix: the user and players records, the provider
// proxy (A's ids reach only B's own provider account) and the Quick Play pins.

const NO_PINS = { favourites: [], cap: MAX_FAVOURITES };

export const ACCOUNT_ROUTES: Readonly<Record<string, Coverage>> = {
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
  // A player's holds: B's own token reads and writes the player, so the provider refuses A's.
  'GET /api/devices/:deviceId/alarm-holds': {
    kind: 'object',
    attempts: (a) => [
      {
        method: 'GET',
        url: `/api/devices/${q(a.deviceId)}/alarm-holds`,
        what: 'A’s player’s holds',
        expect: 403,
      },
      {
        method: 'GET',
        url: `/api/devices/${q(a.deviceId.toUpperCase())}/alarm-holds`,
        what: 'A’s player in upper case',
        expect: 404,
      },
    ],
  },
  // A player's alarm history: read with B's own token, so the provider refuses A's player.
  'GET /api/devices/:deviceId/history': {
    kind: 'object',
    attempts: (a) => [
      {
        method: 'GET',
        url: `/api/devices/${q(a.deviceId)}/history`,
        what: 'A’s player’s history',
        expect: 403,
      },
      {
        method: 'GET',
        url: `/api/devices/${q(a.deviceId)}/history?limit=100`,
        what: 'A’s player’s history, a long page',
        expect: 403,
      },
      {
        method: 'GET',
        url: `/api/devices/${q(a.deviceId.toUpperCase())}/history`,
        what: 'A’s player in upper case',
        expect: 404,
      },
    ],
  },
  // A page's observation of A's player alarm playing: B's token reads the player, so the provider
  // refuses before anything is checked or written.
  'POST /api/devices/:deviceId/history/observed': {
    kind: 'object',
    attempts: (a) => {
      const [on = ''] = a.playerAlarms;
      const url = `/api/devices/${q(a.deviceId)}/history/observed`;
      const now = new Date().toISOString();
      const body = { alarm: on, due_at: now, started_at: now };
      return [
        { method: 'POST', url, body, what: 'record a play on A’s player', expect: 403 },
        { method: 'POST', url: `${url}?${claimA}`, body, what: 'record a play, claiming A', expect: 403 },
        {
          method: 'POST',
          url: `/api/devices/${q(a.deviceId.toUpperCase())}/history/observed`,
          body,
          what: 'A’s player in upper case',
          expect: 404,
        },
      ];
    },
  },
  'POST /api/devices/:deviceId/alarm-holds': {
    kind: 'object',
    attempts: (a) => {
      const [on = '', other = ''] = a.playerAlarms;
      const held = on.replace(/,1$/, ',0');
      const url = `/api/devices/${q(a.deviceId)}/alarm-holds`;
      return [
        {
          method: 'POST',
          url,
          body: { alarm: held, index: 0, change: { action: 'resume' } },
          what: 'resume A’s skip',
          expect: 403,
        },
        {
          method: 'POST',
          url,
          body: { alarm: other, index: 1, change: { action: 'skip' } },
          what: 'skip A’s alarm',
          expect: 403,
        },
        {
          method: 'POST',
          url: `${url}?${claimA}`,
          body: { alarm: held, index: 0, change: { action: 'pause', through: '2099-01-01' } },
          what: 'pause A’s held alarm, claiming A',
          expect: 403,
        },
      ];
    },
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
};
