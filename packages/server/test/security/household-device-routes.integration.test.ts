import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeOnDatabases } from '../support/cloud-api';
import { startTestIssuer, type TestIssuer } from '../support/test-issuer';
import { PARTNER_DEVICE_ROUTES, partnerDeviceGaps } from './household-device-matrix';
import { leakIn } from './leak-check';
import { PER_PARENT_ROUTES, thirdUserGaps } from './per-parent-route-matrix';
import {
  INTRUDER,
  OWNER,
  PARTNER,
  startTwoUserWorld,
  type ApiRequest,
  type TwoUserWorld,
} from './two-user-world';

// The matrix's third user on A's player: C, the other parent of A's family, reads A's player's
// history and holds as A does, skips and resumes its alarms and records a play A then sees; after
// each of C's acts B, of another family, does the same and gets 403 with nothing of A in it, and
// A's rows, views and player are as they were. What stays each parent's own (a browser's push
// subscription, the pins, the quiet hours) C does not reach.

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

const errorBody = z.strictObject({ error: z.string().min(1) });

/** What A sees of its player and of its own account, through the API. */
async function viewsOfA(world: TwoUserWorld): Promise<unknown[]> {
  const { deviceId } = world.a;
  const urls = [
    `/api/devices/${deviceId}/history?limit=100`,
    `/api/devices/${deviceId}/alarm-holds`,
    '/api/push/subscriptions',
    '/api/push/settings',
    '/api/favourites',
    '/api/devices',
  ];
  const views: unknown[] = [];
  for (const url of urls) views.push((await world.call(OWNER, 'bearer', { method: 'GET', url })).body);
  return views;
}

/** A's state all round: rows, views and the player's config at the provider. */
const stateOfA = async (world: TwoUserWorld) =>
  JSON.stringify([await world.snapshotA(), await viewsOfA(world), world.playerConfigOfA()]);

describeOnDatabases('the household on a player’s routes (third user)', (open) => {
  let world: TwoUserWorld;
  beforeAll(async () => {
    world = await startTwoUserWorld(issuer, open);
  }, 30_000);
  afterAll(async () => {
    await world.close();
  });

  it('places C on every object route, and on every route naming a player', () => {
    expect(partnerDeviceGaps(world.routes)).toEqual([]);
    expect(thirdUserGaps()).toEqual([]);
  });

  it('C does on A’s player what A may and sees what A sees; B after each gets 403 and learns nothing', async () => {
    const failures: string[] = [];
    for (const [route, acts] of Object.entries(PARTNER_DEVICE_ROUTES)) {
      for (const act of acts(world.a)) {
        const label = `${route} ${act.what} (${act.credential})`;
        const request: ApiRequest = { method: act.method, url: act.url, body: act.body };
        const byC = await world.call(PARTNER, act.credential, request);
        if (byC.status !== 200) {
          failures.push(`${label}: C got ${byC.status} ${byC.text.slice(0, 200)}`);
          continue;
        }
        const readByA = await world.call(OWNER, 'bearer', act.readByA);
        const problem = act.problem(byC.body, readByA.body);
        if (problem !== null) failures.push(`${label}: ${problem}`);

        const before = await stateOfA(world);
        const byB = await world.call(INTRUDER, act.credential, request);
        if (byB.status !== 403 || !errorBody.safeParse(byB.body).success) {
          failures.push(`${label} by B: ${byB.status} ${byB.text.slice(0, 200)}`);
        }
        const leak = leakIn(world, byB);
        if (leak !== null) failures.push(`${label} by B: the answer carries A's ${leak}`);
        if ((await stateOfA(world)) !== before) failures.push(`${label} by B: A changed`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('C reaches none of what is each parent’s own: A’s push subscription, quiet hours, pins', async () => {
    const before = await stateOfA(world);
    for (const [route, placed] of Object.entries(PER_PARENT_ROUTES)) {
      if (placed.kind !== 'probed') continue;
      for (const probe of placed.probes(world.a)) {
        for (const credential of ['bearer', 'session'] as const) {
          const answer = await world.call(PARTNER, credential, probe);
          const label = `${route}: ${probe.what} (${credential})`;
          expect({ status: answer.status, body: answer.body }, label).toEqual(probe.expect);
          expect(leakIn(world, answer), label).toBeNull();
        }
      }
    }
    expect(await stateOfA(world)).toBe(before);
    // A's browser is still subscribed, as A subscribed it.
    const subscriptions = await world.call(OWNER, 'bearer', {
      method: 'GET',
      url: '/api/push/subscriptions',
    });
    expect(subscriptions.text).toContain(world.a.pushSubscription.endpoint);
  });
});
