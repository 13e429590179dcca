import { expect } from 'vitest';
import { claimA, type Attempt, type Coverage } from './route-matrix-vocabulary';
import { OWNER } from './two-user-world';

// The push routes in the two-user matrix: a parent's browsers' subscriptions and quiet hours are
// theirs alone. B naming A's endpoint reaches nothing of A's: deleting it is "not found", and
// subscribing it makes a row of B's own, which A's row never sees.

const DEFAULT_SETTINGS = { quietHours: { start: '21:00', end: '07:00' } };

export const PUSH_ROUTES: Readonly<Record<string, Coverage>> = {
  'GET /api/push/key': {
    kind: 'no user object',
    why: 'the server’s public VAPID key, the same for everyone',
  },
  'GET /api/push/subscriptions': {
    kind: 'object',
    attempts: () => [],
    ownScope: [
      {
        method: 'GET',
        url: '/api/push/subscriptions',
        what: 'own',
        expect: { status: 200, body: { subscriptions: [] } },
      },
      {
        method: 'GET',
        url: `/api/push/subscriptions?${claimA}`,
        what: 'own, A in the query (not read)',
        expect: { status: 200, body: { subscriptions: [] } },
      },
    ],
  },
  'POST /api/push/subscriptions': {
    kind: 'object',
    attempts: () => [],
    ownScope: [
      {
        method: 'POST',
        url: `/api/push/subscriptions?${claimA}`,
        body: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/alice-browser:APA91b-only-alice',
          keys: { p256dh: `B${'B'.repeat(86)}`, auth: 'bobs-own-auth-secret-0' },
          kinds: ['low-battery'],
          yoto_user_id: OWNER,
        },
        what: 'subscribe A’s endpoint for B, claiming A (a row of B’s own)',
        expect: {
          status: 201,
          body: {
            endpoint: 'https://fcm.googleapis.com/fcm/send/alice-browser:APA91b-only-alice',
            kinds: ['low-battery'],
            createdAt: expect.any(String) as unknown,
          },
        },
      },
    ],
  },
  'DELETE /api/push/subscriptions': {
    kind: 'object',
    attempts: (a): Attempt[] => [
      {
        method: 'DELETE',
        url: '/api/push/subscriptions',
        body: { endpoint: a.pushSubscription.endpoint },
        what: 'A’s endpoint',
        expect: 404,
      },
      {
        method: 'DELETE',
        url: '/api/push/subscriptions',
        body: { endpoint: `${a.pushSubscription.endpoint}-not-bobs` },
        what: 'a near miss of A’s endpoint',
        expect: 404,
      },
      {
        method: 'DELETE',
        url: `/api/push/subscriptions?${claimA}`,
        body: { endpoint: `${a.pushSubscription.endpoint}-not-bobs`, yoto_user_id: OWNER },
        what: 'a near miss of A’s endpoint, claiming A',
        expect: 404,
      },
    ],
  },
  'GET /api/push/settings': {
    kind: 'object',
    attempts: () => [],
    ownScope: [
      {
        method: 'GET',
        url: `/api/push/settings?${claimA}`,
        what: 'own, A in the query (not read)',
        expect: { status: 200, body: DEFAULT_SETTINGS },
      },
    ],
  },
  'PUT /api/push/settings': {
    kind: 'object',
    attempts: () => [],
    ownScope: [
      {
        method: 'PUT',
        url: `/api/push/settings?${claimA}`,
        body: { quietHours: { start: '20:00', end: '08:00' }, yoto_user_id: OWNER },
        what: 'B’s own quiet hours, claiming A (not read)',
        expect: { status: 200, body: { quietHours: { start: '20:00', end: '08:00' } } },
      },
    ],
  },
};
