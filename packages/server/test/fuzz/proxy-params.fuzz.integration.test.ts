import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PROVIDER_ID_MAX_LENGTH, PROVIDER_ID_PATTERN } from '@playlist-alarms/provider/proxied-params';
import {
  paramNamesOf,
  PROXIED_PATH_NAMES,
  PROXIED_PATHS,
  PROXY_PREFIX,
  type ProxiedPathName,
} from '@playlist-alarms/provider/proxied-paths';
import { describeExchange, refusalProblem } from './answer-checks';
import { ALICE, BOB } from './fixture';
import { startFuzzApp, UPSTREAM_BASE } from './fuzz-app';
import { headerSet } from './header-arbitraries';
import { fillPath, pathSegment, queryString } from './url-arbitraries';

// Every parameter of the same-origin proxy gets 1,000 generated ids (with fuzzed query and
// headers), and a route without parameters 1,000 fuzzed queries and header sets. Whatever comes in:
// no 5xx; a refusal is `{ "error": "…" }` and made before the provider is called; an id the
// provider rule refuses never reaches the provider; and what does reach it is exactly the table's
// path with safe ids, the table's query, and the caller's own token.

const NUM_RUNS = 1_000;
const VALID_IDS = ['g1', 'card-1', 'A_b-9'];

const fuzz = await startFuzzApp();
afterAll(() => fuzz.close());

const { fixture } = fuzz;
const callerTokens = new Set([`Bearer ${fixture.tokens.alice}`, `Bearer ${fixture.tokens.bob}`]);
const isProviderId = (id: string) => id.length <= PROVIDER_ID_MAX_LENGTH && PROVIDER_ID_PATTERN.test(id);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `template` as a pattern whose `:params` capture one path segment each. */
const templatePattern = (template: string, segment: string) =>
  new RegExp(`^${escapeRegExp(template).replace(/:[A-Za-z]+/g, `(${segment})`)}$`);

/** The fuzzed parameter as the server's router will see it (inject normalises URLs as a browser does). */
function idAsRouted(name: ProxiedPathName, param: string, url: string): string | null {
  const { pathname } = new URL(url, 'http://localhost');
  const match = templatePattern(`${PROXY_PREFIX}${PROXIED_PATHS[name].proxyPath}`, '[^/]*').exec(pathname);
  const index = paramNamesOf(name).indexOf(param);
  return match?.[index + 1] ?? null;
}

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

type Case = [label: string, name: ProxiedPathName, param: string | null];
// One property per parameter; a route without any gets one for its query and headers.
const cases: Case[] = PROXIED_PATH_NAMES.flatMap((name): Case[] => {
  const params = paramNamesOf(name);
  if (params.length === 0) return [[`${name} (no parameter: query and headers)`, name, null]];
  return params.map((param): Case => [`${name}, parameter :${param}`, name, param]);
});

describe('the proxy under fuzzed input', () => {
  it('fuzzes every proxy route Fastify registered', () => {
    const registered = fuzz.routes
      .filter((route) => route.url.startsWith(PROXY_PREFIX) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    const table = PROXIED_PATH_NAMES.map((name) => `GET ${PROXY_PREFIX}${PROXIED_PATHS[name].proxyPath}`);
    expect(registered.sort()).toEqual(table.sort());
  });

  it.each(cases)(
    '%s: no 5xx, refusals are { error } and never reach the provider',
    async (_label, name, param) => {
      const entry = PROXIED_PATHS[name];
      const template = `${PROXY_PREFIX}${entry.proxyPath}`;
      const upstreamPath = templatePattern(entry.upstreamPath, '[A-Za-z0-9_-]{1,100}');
      const upstreamQuery = new URLSearchParams(entry.query).toString();
      const segments = fc.record(
        Object.fromEntries(
          paramNamesOf(name).map((key) => [key, key === param ? pathSegment(VALID_IDS) : fc.constant('ok')]),
        ),
      );
      const outcomes = { refused: 0, relayed: 0 };
      await fc.assert(
        fc.asyncProperty(
          fc.record({ segments, query: queryString([ALICE, BOB]), headers: headerSet(fixture) }),
          async ({ segments: values, query, headers }) => {
            const url = fillPath(template, values) + query;
            const callsBefore = fuzz.upstreamCalls.length;
            const response = await fuzz.app.inject({ method: 'GET', url, headers });
            const calls = fuzz.upstreamCalls.slice(callsBefore);
            const changed = fuzz.snapshot() !== fuzz.seeded;
            if (changed) await fuzz.reset();
            const exchange = describeExchange('GET', url, response);

            expect(response.statusCode, exchange).toBeLessThan(500);
            expect(changed, `a read changed rows: ${exchange}`).toBe(false);
            expect(calls.length, exchange).toBeLessThanOrEqual(1);
            if (response.statusCode >= 400) {
              outcomes.refused += 1;
              expect(refusalProblem(response), exchange).toBeNull();
              expect(calls, `a refusal called the provider: ${exchange}`).toEqual([]);
            }
            if (param !== null) {
              const routed = idAsRouted(name, param, url);
              const id = routed === null ? null : decoded(routed);
              if (routed !== null && (id === null || !isProviderId(id))) {
                expect(response.statusCode, `a bad id was let through: ${exchange}`).toBeGreaterThanOrEqual(
                  400,
                );
              }
            }
            for (const call of calls) {
              outcomes.relayed += 1;
              expect(call.url.origin, exchange).toBe(new URL(UPSTREAM_BASE).origin);
              expect(call.url.pathname, exchange).toMatch(upstreamPath);
              expect(call.url.search.replace(/^\?/, ''), exchange).toBe(upstreamQuery);
              expect(callerTokens.has(call.authorization ?? ''), `forwarded ${call.authorization}`).toBe(
                true,
              );
            }
          },
        ),
        { numRuns: NUM_RUNS },
      );
      expect(fuzz.crashes).toEqual([]);
      // Both sides were exercised: some requests refused, some relayed to the stub.
      expect(outcomes.refused, JSON.stringify(outcomes)).toBeGreaterThan(0);
      expect(outcomes.relayed, JSON.stringify(outcomes)).toBeGreaterThan(0);
    },
    120_000,
  );
});
