import { expect } from 'vitest';
import { MAX_FAVOURITES } from '@playlist-alarms/core/shared/constants';
import { PARTNER_DEVICE_ROUTES } from './household-device-matrix';
import { PARTNER_ROUTES } from './household-route-matrix';
import { ROUTE_MATRIX } from './object-route-matrix';
import { q, type OwnScopeProbe } from './route-matrix-vocabulary';
import type { OwnerObjects } from './two-user-world';

// What stays each parent's own in a shared household: a browser's push subscriptions and the quiet
// hours, the Quick Play pins, the players' records and the by-type lists. C naming A's endpoint or
// pin reaches nothing of A's, and C's reads answer C's own (empty) account. Every object route of
// the matrix is either C's to share (household-route-matrix.ts, household-device-matrix.ts) or here.

const notFound = { error: expect.any(String) as unknown };

export type PerParent =
  { kind: 'probed'; probes(a: OwnerObjects): OwnScopeProbe[] } | { kind: 'own account'; why: string };

export const PER_PARENT_ROUTES: Readonly<Record<string, PerParent>> = {
  'GET /api/push/subscriptions': {
    kind: 'probed',
    probes: () => [
      {
        method: 'GET',
        url: '/api/push/subscriptions',
        what: 'C’s browsers, not A’s',
        expect: { status: 200, body: { subscriptions: [] } },
      },
    ],
  },
  'DELETE /api/push/subscriptions': {
    kind: 'probed',
    probes: (a) => [
      {
        method: 'DELETE',
        url: '/api/push/subscriptions',
        body: { endpoint: a.pushSubscription.endpoint },
        what: 'unsubscribe A’s browser',
        expect: { status: 404, body: notFound },
      },
    ],
  },
  'GET /api/push/settings': {
    kind: 'probed',
    probes: () => [
      {
        method: 'GET',
        url: '/api/push/settings',
        what: 'C’s quiet hours, not A’s',
        expect: { status: 200, body: { quietHours: { start: '21:00', end: '07:00' } } },
      },
    ],
  },
  'PUT /api/push/settings': {
    kind: 'probed',
    probes: () => [
      {
        method: 'PUT',
        url: '/api/push/settings',
        body: { quietHours: { start: '23:00', end: '06:00' } },
        what: 'C’s own quiet hours (A’s stay)',
        expect: { status: 200, body: { quietHours: { start: '23:00', end: '06:00' } } },
      },
    ],
  },
  'POST /api/push/subscriptions': {
    kind: 'own account',
    why: 'subscribes the caller’s browser: a row of the caller’s (the B matrix shows A’s endpoint stays A’s)',
  },
  'GET /api/favourites': {
    kind: 'probed',
    probes: () => [
      {
        method: 'GET',
        url: '/api/favourites',
        what: 'C’s pins, not A’s',
        expect: { status: 200, body: { favourites: [], cap: MAX_FAVOURITES } },
      },
    ],
  },
  'DELETE /api/favourites/:cardId': {
    kind: 'probed',
    probes: (a) =>
      a.favourites.map(({ cardId }) => ({
        method: 'DELETE' as const,
        url: `/api/favourites/${q(cardId)}`,
        what: `unpin A’s ${cardId}`,
        expect: { status: 404, body: notFound },
      })),
  },
  'PUT /api/favourites/:cardId': { kind: 'own account', why: 'pins a card for the caller' },
  'GET /api/devices': {
    kind: 'probed',
    probes: () => [
      {
        method: 'GET',
        url: '/api/devices',
        what: 'C’s records of players, not A’s',
        expect: { status: 200, body: { devices: [] } },
      },
    ],
  },
  'POST /api/devices': { kind: 'own account', why: 'records a player (its name) for the caller' },
  'POST /api/users': { kind: 'own account', why: 'the caller’s profile' },
  'POST /api/alarms': { kind: 'own account', why: 'an alarm C sets is C’s (the household shares it)' },
  'GET /api/alarms/by-type/:type': {
    kind: 'probed',
    probes: () =>
      (['wakeup', 'bedtime'] as const).map((type) => ({
        method: 'GET' as const,
        url: `/api/alarms/by-type/${type}`,
        what: `C’s own ${type} alarm, not A’s (by-type reads the caller’s only)`,
        expect: { status: 404, body: { error: `No ${type} alarm` } },
      })),
  },
  'POST /api/alarms/by-type': { kind: 'own account', why: 'sets an alarm of the caller’s' },
  'DELETE /api/alarms/by-type/:type': {
    kind: 'own account',
    why: 'bulk: the caller’s own alarms only (shared-household.md)',
  },
  'POST /api/alarms/delete-by-type': {
    kind: 'own account',
    why: 'bulk: the caller’s own alarms only (shared-household.md)',
  },
  'POST /api/alarms/delete-all': {
    kind: 'own account',
    why: 'bulk: the caller’s own alarms only (shared-household.md)',
  },
  'DELETE /api/alarms/clear-all': {
    kind: 'own account',
    why: 'bulk: the caller’s own alarms only (shared-household.md)',
  },
  'GET /api/yoto/family/library/groups': {
    kind: 'own account',
    why: 'the proxy forwards the caller’s token: the provider decides',
  },
  'GET /api/yoto/family/library/groups/:id': {
    kind: 'own account',
    why: 'the proxy forwards the caller’s token: the provider decides',
  },
  'GET /api/yoto/content/:cardId': {
    kind: 'own account',
    why: 'the proxy forwards the caller’s token: the provider decides',
  },
};

/** Object routes of the matrix C is tried on nowhere (or in two places): shared, or each parent's. */
export function thirdUserGaps(): string[] {
  const placed = [PARTNER_ROUTES, PARTNER_DEVICE_ROUTES, PER_PARENT_ROUTES].flatMap((table) =>
    Object.keys(table),
  );
  const objects = Object.entries(ROUTE_MATRIX)
    .filter(([, coverage]) => coverage.kind === 'object')
    .map(([route]) => route);
  return [
    ...objects.filter((route) => !placed.includes(route)).map((route) => `${route}: C is not tried on it`),
    ...placed.filter((route) => !objects.includes(route)).map((route) => `${route}: not an object route`),
    ...placed.filter((route, i) => placed.indexOf(route) !== i).map((route) => `${route}: placed twice`),
  ];
}
