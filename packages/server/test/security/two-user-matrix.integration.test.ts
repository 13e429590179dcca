import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeOnDatabases } from '../support/cloud-api';
import { startTestIssuer, type TestIssuer } from '../support/test-issuer';
import { ROUTE_MATRIX, matrixGaps, type Attempt } from './object-route-matrix';
import { tablesNotSnapshotted } from './owned-rows';
import {
  INTRUDER,
  OWNER,
  startTwoUserWorld,
  type ApiAnswer,
  type Credential,
  type TwoUserWorld,
} from './two-user-world';

// OWASP API1 (broken object level authorisation): B tries every object route and verb on A's
// objects, with a bearer token and with a session, and gets 403 or 404 each time; A's rows in every
// table are byte-identical afterwards, and so is what A sees. The route list comes from Fastify.

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

const CREDENTIALS: readonly Credential[] = ['bearer', 'session'];
const errorBody = z.strictObject({ error: z.string().min(1) });

/** What A sees of its own data through the API. */
async function viewsOfA(world: TwoUserWorld): Promise<unknown[]> {
  const urls = [
    '/api/alarms',
    '/api/devices',
    '/api/alarms/by-type/wakeup',
    '/api/alarms/by-type/bedtime',
    '/api/favourites',
    `/api/devices/${world.a.deviceId}/alarm-holds`,
  ];
  const views: unknown[] = [];
  for (const url of urls) views.push(await world.call(OWNER, 'bearer', { method: 'GET', url }));
  return views;
}

/** Anything that would tell B about A: ids, the subject, the e-mail, the player. */
function leakIn(world: TwoUserWorld, answer: ApiAnswer): string | null {
  const { a } = world;
  const secrets = [
    OWNER,
    a.email,
    a.deviceId,
    ...a.alarms.map((alarm) => alarm.id),
    ...a.groups,
    ...a.favourites.map((favourite) => favourite.title),
  ];
  return secrets.find((secret) => answer.text.includes(secret)) ?? null;
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
});
