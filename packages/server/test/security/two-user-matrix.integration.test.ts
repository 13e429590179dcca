import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { usersWhoMaySeePlayer } from '../../src/household/household-access';
import { alarmBody, describeOnDatabases } from '../support/cloud-api';
import { startTestIssuer, type TestIssuer } from '../support/test-issuer';
import { ROUTE_MATRIX, matrixGaps, type Attempt } from './object-route-matrix';
import { leakIn } from './leak-check';
import { tablesNotSnapshotted } from './owned-rows';
import { PARTNER_EDIT, PARTNER_ROUTES, deletedOf, editedOf, partnerGaps } from './household-route-matrix';
import {
  INTRUDER,
  OWNER,
  PARTNER,
  startTwoUserWorld,
  type ApiAnswer,
  type Credential,
  type TwoUserWorld,
} from './two-user-world';

// OWASP API1 (broken object level authorisation): B tries every object route and verb on A's
// objects, with a bearer token and with a session, and gets 403 or 404 each time; A's rows in every
// table are byte-identical afterwards, and so is what A sees. The route list comes from Fastify.
// Then C, the other parent of A's family, does to A's cloud alarms what A may, and B still may not.

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

const CREDENTIALS: readonly Credential[] = ['bearer', 'session'];
const errorBody = z.strictObject({ error: z.string().min(1) });
const alarmList = z.object({
  alarms: z.array(
    z.looseObject({
      id: z.string(),
      yoto_user_id: z.string(),
      hour: z.number(),
      minute: z.number(),
      alarm_name: z.string(),
      skip_until: z.string().nullable(),
      paused_through: z.string().nullable(),
      last_fired_at: z.string().nullable(),
    }),
  ),
});
const listOf = async (world: TwoUserWorld, user: typeof OWNER | typeof PARTNER | typeof INTRUDER) =>
  alarmList.parse((await world.call(user, 'bearer', { method: 'GET', url: '/api/alarms' })).body).alarms;

/** What A sees of its own data through the API. */
async function viewsOfA(world: TwoUserWorld): Promise<unknown[]> {
  const urls = [
    '/api/alarms',
    '/api/devices',
    '/api/alarms/by-type/wakeup',
    '/api/alarms/by-type/bedtime',
    '/api/favourites',
    `/api/devices/${world.a.deviceId}/alarm-holds`,
    `/api/devices/${world.a.deviceId}/history`,
    '/api/push/subscriptions',
    '/api/push/settings',
  ];
  const views: unknown[] = [];
  for (const url of urls) views.push(await world.call(OWNER, 'bearer', { method: 'GET', url }));
  return views;
}

/** A GET attempt is made as HEAD too where Fastify registered HEAD for the route. */
function withHead(world: TwoUserWorld, routeUrl: string, attempts: Attempt[]): Attempt[] {
  const hasHead = world.routes.some((route) => route.method === 'HEAD' && route.url === routeUrl);
  return attempts.flatMap((attempt) =>
    attempt.method === 'GET' && hasHead ? [attempt, { ...attempt, method: 'HEAD' as const }] : [attempt],
  );
}

function judge(world: TwoUserWorld, attempt: Attempt, answer: ApiAnswer): string | null {
  if (answer.status !== attempt.expect) {
    return `answered ${answer.status} (expected ${attempt.expect}): ${answer.text.slice(0, 200)}`;
  }
  if (attempt.method !== 'HEAD' && !errorBody.safeParse(answer.body).success) {
    return `answered ${answer.text.slice(0, 200)}, not { error }`;
  }
  const leak = leakIn(world, answer);
  return leak === null ? null : `the answer carries A's ${leak}`;
}

describeOnDatabases('two-user matrix (OWASP API1)', (open) => {
  let world: TwoUserWorld;
  beforeAll(async () => {
    world = await startTwoUserWorld(issuer, open);
  }, 30_000);
  afterAll(async () => {
    await world.close();
  });

  it('places every route Fastify registered: object routes have their attempts', () => {
    expect(world.routes.length).toBeGreaterThan(20);
    expect(matrixGaps(world.routes)).toEqual([]);
  });

  it('snapshots A in every table, and A has rows in each', async () => {
    expect(await tablesNotSnapshotted(world.database)).toEqual([]);
    const tables = JSON.parse(await world.snapshotA()) as Record<string, unknown[]>;
    const counts = Object.fromEntries(Object.entries(tables).map(([table, rows]) => [table, rows.length]));
    expect(counts).toEqual({
      users: 1,
      sessions: 1,
      devices: 1,
      alarms: 5,
      alarm_firings: 1,
      favourites: 2,
      alarm_holds: 1,
      household_players: 1,
      device_alarm_ringings: 1,
      device_alarm_plays: 1,
      player_own_alarms: 1,
      push_subscriptions: 1,
      notification_settings: 1,
      sent_notifications: 1,
      pending_notifications: 1,
      cloud_alarm_ringings: 1,
    });
  });

  it('B gets 403 or 404 with { error } on every object route and verb, and A is unchanged', async () => {
    const before = await world.snapshotA();
    const viewsBefore = await viewsOfA(world);
    const playerBefore = world.playerConfigOfA();
    const failures: string[] = [];
    const tried = new Set<string>();
    for (const [route, coverage] of Object.entries(ROUTE_MATRIX)) {
      if (coverage.kind !== 'object') continue;
      const routeUrl = route.slice(route.indexOf(' ') + 1);
      for (const attempt of withHead(world, routeUrl, coverage.attempts(world.a))) {
        for (const credential of CREDENTIALS) {
          const answer = await world.call(INTRUDER, credential, attempt);
          tried.add(`${attempt.method} ${routeUrl}`);
          const problem = judge(world, attempt, answer);
          if (problem !== null) {
            failures.push(`${route} as ${attempt.method}, ${attempt.what} (${credential}): ${problem}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await world.snapshotA()).toBe(before);
    expect(await viewsOfA(world)).toEqual(viewsBefore);
    expect(world.playerConfigOfA()).toBe(playerBefore);
    // Every object route that names A's objects was tried, in each verb Fastify gave it.
    const expected = world.routes
      .filter((route) => {
        const coverage = ROUTE_MATRIX[`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`];
        return coverage?.kind === 'object' && coverage.attempts(world.a).length > 0;
      })
      .map((route) => `${route.method} ${route.url}`);
    expect([...tried].sort()).toEqual([...new Set(expected)].sort());
  }, 60_000);

  it('B acting on its own account (A named where the route does not read it) leaves A unchanged', async () => {
    const before = await world.snapshotA();
    const viewsBefore = await viewsOfA(world);
    for (const [route, coverage] of Object.entries(ROUTE_MATRIX)) {
      if (coverage.kind !== 'object') continue;
      for (const probe of coverage.ownScope ?? []) {
        for (const credential of CREDENTIALS) {
          const answer = await world.call(INTRUDER, credential, probe);
          const label = `${route}: ${probe.what} (${credential})`;
          expect({ status: answer.status, body: answer.body }, label).toEqual(probe.expect);
          expect(leakIn(world, answer), label).toBeNull();
        }
      }
    }
    expect(await world.snapshotA()).toBe(before);
    expect(await viewsOfA(world)).toEqual(viewsBefore);
  });

  it('B naming A’s player in an alarm of its own plants nothing in A’s family', async () => {
    const planted = await world.call(INTRUDER, 'bearer', {
      method: 'POST',
      url: '/api/alarms',
      body: alarmBody({ yoto_device_id: world.a.deviceId, alarm_name: 'Planted by B' }),
    });
    expect(planted.status).toBe(201);
    const plantedId = z.object({ id: z.string() }).parse(planted.body).id;
    expect((await listOf(world, INTRUDER)).map((alarm) => alarm.id)).toEqual([plantedId]);
    for (const user of [OWNER, PARTNER] as const) {
      expect((await listOf(world, user)).map((alarm) => alarm.id)).not.toContain(plantedId);
      const answer = await world.call(user, 'bearer', { method: 'DELETE', url: `/api/alarms/${plantedId}` });
      expect(answer.status).toBe(404);
    }
    expect(
      await world.call(INTRUDER, 'bearer', { method: 'DELETE', url: `/api/alarms/${plantedId}` }),
    ).toMatchObject({ status: 200 });
  });

  it('C, the other parent of A’s family, does to A’s alarms what A may; B still may not', async () => {
    expect(partnerGaps()).toEqual([]);
    const { a } = world;
    expect((await listOf(world, PARTNER)).map((alarm) => alarm.id)).toEqual(
      a.alarms.map((alarm) => alarm.id),
    );
    const failures: string[] = [];
    for (const [route, acts] of Object.entries(PARTNER_ROUTES)) {
      for (const act of acts(a)) {
        for (const credential of act.credentials) {
          const answer = await world.call(PARTNER, credential, act);
          if (answer.status !== act.expect) {
            failures.push(
              `${route} ${act.what} (${credential}): ${answer.status} ${answer.text.slice(0, 200)}`,
            );
          }
          // The same act by B, after C's: still exactly a missing alarm (the list is B's own).
          if (act.url === '/api/alarms') continue;
          const outsider = await world.call(INTRUDER, credential, act);
          if (outsider.status !== 404 || leakIn(world, outsider) !== null) {
            failures.push(
              `${route} ${act.what} by B (${credential}): ${outsider.status} ${outsider.text.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // A sees what C did; the alarms stay A's (A set them).
    const after = await listOf(world, OWNER);
    expect(after.map((alarm) => alarm.id)).not.toContain(deletedOf(a));
    expect(after.find((alarm) => alarm.id === editedOf(a))).toMatchObject({
      ...PARTNER_EDIT,
      yoto_user_id: OWNER,
      skip_until: null,
      paused_through: null,
    });
    expect(after.find((alarm) => alarm.id === a.dueNow.id)?.last_fired_at).toBe(a.dueNow.next_fire_at);
    expect(await listOf(world, PARTNER)).toEqual(after);
    expect(await listOf(world, INTRUDER)).toEqual([]);
    // Who may see A's player (what notifications go by): A's family, never B.
    const viewers = await usersWhoMaySeePlayer(world.app.household, world.app.sessions, a.deviceId);
    expect(viewers.sort()).toEqual([OWNER, PARTNER].sort());
  });
});
