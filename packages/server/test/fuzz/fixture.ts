import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { alarmBody } from '../support/cloud-api';
import type { TestIssuer } from '../support/test-issuer';

// What the fuzz runs against: two users with alarms, a device, a past firing and a live session,
// written through the API itself so the rows are the ones the server makes. The generated requests
// reuse these ids and credentials, so many of them get past the checks into the handlers.

export const ALICE = 'auth0|fuzz-alice';
export const BOB = 'auth0|fuzz-bob';
/** The Host the generated requests carry, and the Origin that matches it. */
export const APP_HOST = 'app.test';
export const APP_ORIGIN = `http://${APP_HOST}`;

export interface Fixture {
  /** Signed bearer tokens: the caller (Alice), another user, and ones the server must refuse. */
  tokens: {
    alice: string;
    bob: string;
    expired: string;
    foreignKey: string;
    noSubject: string;
    wrongAudience: string;
  };
  /** The raw id of Alice's session (the pa_session cookie). */
  sessionId: string;
  alarmIds: { aliceWakeup: string; aliceBedtime: string; bob: string };
  /** The next firing of Alice's wake-up alarm: a trigger with it fires. */
  wakeupDueAt: string;
}

interface Created {
  id: string;
  next_fire_at: string | null;
}

async function call(app: FastifyInstance, token: string, method: 'POST' | 'PUT', url: string, body: unknown) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (response.statusCode >= 300) {
    throw new Error(`fixture: ${method} ${url} answered ${response.statusCode} ${response.body}`);
  }
  return response.json<Created>();
}

export async function seedFixture(
  app: FastifyInstance,
  db: Kysely<Database>,
  issuer: TestIssuer,
): Promise<Fixture> {
  const tokens = {
    alice: await issuer.sign({ sub: ALICE }),
    bob: await issuer.sign({ sub: BOB }),
    expired: await issuer.sign({ sub: ALICE, expiresIn: Math.floor(Date.now() / 1000) - 60 }),
    foreignKey: await issuer.sign({ sub: ALICE, foreignKey: true }),
    noSubject: await issuer.sign({ sub: null }),
    wrongAudience: await issuer.sign({ sub: ALICE, audience: 'https://elsewhere.example' }),
  };
  const sessionId = await app.sessions.startSession({
    sub: ALICE,
    name: 'Alice',
    email: 'alice@example.com',
    // Far from expiry on the pinned clock: no refresh (and no provider call) during the fuzz.
    tokens: { accessToken: tokens.alice, refreshToken: 'refresh-alice', idToken: null, expiresAt: 4e12 },
  });
  await call(app, tokens.alice, 'POST', '/api/users', { timezone: 'Europe/London' });
  await call(app, tokens.alice, 'POST', '/api/devices', { yoto_device_id: 'player-1', device_name: 'Bed' });
  // 07:01 in London is 06:01 UTC, a minute after the pinned clock: due, so a trigger may fire it.
  const wakeup = await call(app, tokens.alice, 'POST', '/api/alarms', alarmBody({ hour: 7, minute: 1 }));
  const bedtime = await call(
    app,
    tokens.alice,
    'POST',
    '/api/alarms',
    alarmBody({ alarm_type: 'bedtime', hour: 19, minute: 0, is_enabled: false }),
  );
  await call(app, tokens.bob, 'POST', '/api/users', { name: 'Bob' });
  const bob = await call(app, tokens.bob, 'POST', '/api/alarms', alarmBody({ yoto_device_id: 'bobs' }));
  await call(app, tokens.alice, 'PUT', '/api/favourites/card-1', { title: 'Morning Songs' });
  await call(app, tokens.bob, 'PUT', '/api/favourites/bobs-card', { title: 'Bob’s pick' });
  // Each has a browser subscribed on one endpoint (as two parents on one shared browser would).
  const browser = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz-1',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  };
  await call(app, tokens.alice, 'POST', '/api/push/subscriptions', browser);
  await call(app, tokens.bob, 'POST', '/api/push/subscriptions', browser);
  await db
    .insertInto('alarm_firings')
    .values({
      alarm_id: bedtime.id,
      due_at: '2026-06-09T18:00:00.000Z',
      claimed_by: 'fixture',
      claimed_at: '2026-06-09T18:00:00.000Z',
      outcome: 'played',
      outcome_at: '2026-06-09T18:00:01.000Z',
      detail: null,
    })
    .execute();
  if (wakeup.next_fire_at === null) throw new Error('fixture: the wake-up alarm has no next firing');
  return {
    tokens,
    sessionId,
    alarmIds: { aliceWakeup: wakeup.id, aliceBedtime: bedtime.id, bob: bob.id },
    wakeupDueAt: wakeup.next_fire_at,
  };
}
