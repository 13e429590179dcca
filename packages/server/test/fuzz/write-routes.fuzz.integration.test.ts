import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { describeExchange, refusalProblem } from './answer-checks';
import { bodyPayload, knownBodyRoutes } from './body-arbitraries';
import { ALICE, BOB } from './fixture';
import { startFuzzApp } from './fuzz-app';
import { headerSet } from './header-arbitraries';
import { fillPath, paramNames, pathSegment, queryString } from './url-arbitraries';

// Every write route Fastify registers gets 1,000 generated requests (path ids, query, headers and
// body all fuzzed) against a signed-in user's real data. Whatever comes in: no 5xx; a refusal is
// `{ "error": "…" }`; a refusal leaves every table byte for byte as it was; and no request changes
// the rows of a user whose credential it did not carry. A request that happens to be valid may
// succeed; the fixture is put back after it.

const NUM_RUNS = 1_000;
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
type WriteRoute = { method: (typeof WRITE_METHODS)[number]; url: string };
const isWriteRoute = (route: { method: string; url: string }): route is WriteRoute =>
  (WRITE_METHODS as readonly string[]).includes(route.method);

// Built before the tests are collected, so each write route found becomes its own test.
const fuzz = await startFuzzApp();
afterAll(() => fuzz.close());

const writeRoutes = fuzz.routes.filter(isWriteRoute);
const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

const { fixture } = fuzz;
const users = [ALICE, BOB];
const seededRows = new Map(users.map((user) => [user, fuzz.userRows(user)]));
/** Whether the request carries a credential of `user` (in any form, valid or not). */
function speaksFor(headers: Readonly<Record<string, string>>, user: string): boolean {
  const { authorization = '', cookie = '' } = headers;
  const asAlice = authorization.includes(fixture.tokens.alice) || cookie.includes(fixture.sessionId);
  return user === ALICE ? asAlice : authorization.includes(fixture.tokens.bob);
}
const knownParams: Readonly<Record<string, readonly string[]>> = {
  id: Object.values(fixture.alarmIds),
  type: ['wakeup', 'bedtime'],
  cardId: ['card-1', 'card-2', 'bobs-card'],
  deviceId: ['player-1', 'bobs'],
};

function requestFor(route: { method: string; url: string }) {
  const segments = fc.record(
    Object.fromEntries(paramNames(route.url).map((name) => [name, pathSegment(knownParams[name] ?? ['x'])])),
  );
  return fc.record({
    path: segments.map((values) => fillPath(route.url, values)),
    query: queryString(users),
    headers: headerSet(fixture),
    payload: bodyPayload(routeKey(route), { users, dueAt: fixture.wakeupDueAt }),
  });
}

describe('write routes under fuzzed input', () => {
  it('knows the body fields of every write route (a new one is named here until it is added)', () => {
    const known = new Set(knownBodyRoutes());
    expect(writeRoutes.map(routeKey).filter((key) => !known.has(key))).toEqual([]);
    expect(writeRoutes.length).toBeGreaterThanOrEqual(13);
  });

  it.each(writeRoutes.map((route) => [routeKey(route), route] as const))(
    "%s: no 5xx; a refusal is { error } and changes no row; no other user's rows change",
    async (_key, route) => {
      const { method } = route;
      const outcomes = { refused: 0, succeeded: 0 };
      await fc.assert(
        fc.asyncProperty(requestFor(route), async ({ path, query, headers, payload }) => {
          const url = path + query;
          const response = await fuzz.app.inject({
            method,
            url,
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          // Every case starts from the fixture (put back after any change), so its snapshot is "before".
          const changed = fuzz.snapshot() !== fuzz.seeded;
          const othersChanged = changed
            ? users.filter(
                (user) => !speaksFor(headers, user) && fuzz.userRows(user) !== seededRows.get(user),
              )
            : [];
          // Put the fixture back first, so the next case (or a shrink step) starts from it.
          if (changed) await fuzz.reset();
          const exchange = describeExchange(method, url, response);
          expect(response.statusCode, exchange).toBeLessThan(500);
          expect(othersChanged, `rows of a user not signed in as changed: ${exchange}`).toEqual([]);
          if (response.statusCode >= 400) {
            outcomes.refused += 1;
            expect(refusalProblem(response), exchange).toBeNull();
            expect(changed, `a refusal changed rows: ${exchange}`).toBe(false);
          } else {
            outcomes.succeeded += 1;
          }
        }),
        { numRuns: NUM_RUNS },
      );
      // Nothing escaped the handlers, and the server still answers after all of it.
      expect(fuzz.crashes).toEqual([]);
      expect((await fuzz.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
      // Both sides were exercised: the generated requests are neither all refused nor all accepted.
      expect(outcomes.refused, JSON.stringify(outcomes)).toBeGreaterThan(0);
      expect(outcomes.succeeded, JSON.stringify(outcomes)).toBeGreaterThan(0);
    },
    120_000,
  );
});
