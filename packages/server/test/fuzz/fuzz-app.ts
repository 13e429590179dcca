import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import { buildApp } from '../../src/app';
import type { WorkerClock } from '../../src/alarm-worker/clock';
import type { Database } from '../../src/db/schema';
import { RecordingRinger } from '../support/recording-ringer';
import { testConfig } from '../support/test-app';
import { vapidEnv } from '../support/vapid-env';
import { startTestIssuer, type TestIssuer } from '../support/test-issuer';
import { seedFixture, type Fixture } from './fixture';
import { readTables, restoreTables, tableSnapshotter, userRowsSnapshotter } from './table-snapshot';

// The whole server for the fuzz tests: SQLite in memory (no disk sync per write: a reset after each
// accepted request costs well under a millisecond), rate limits off (1,000s of requests a minute), a
// pinned clock, a ringer that never leaves the process, and a provider stub behind `fetch` that
// counts every call the proxy makes upstream. Only the token keys come from the test's own issuer.

/** Where the proxy forwards to; never resolved, the stub answers it. */
export const UPSTREAM_BASE = 'https://provider.invalid';
/** The alarms every player of the stub provider keeps. */
export const STUB_PLAYER_ALARMS = ['1111111,0700,card-1,,,6,1', '0000011,0830,card-2,,,5,0'];
const CLOCK_START = new Date('2026-06-10T06:00:00.000Z'); // a Wednesday

interface UpstreamCall {
  url: URL;
  authorization: string | null;
}

interface FuzzApp {
  app: FastifyInstance;
  /** Every route Fastify registered, one entry per method. */
  routes: readonly { method: string; url: string }[];
  fixture: Fixture;
  /** Errors that escaped every handler (would have crashed a server process), in order. */
  crashes: unknown[];
  /** Calls the proxy made to the provider, in order. */
  upstreamCalls: UpstreamCall[];
  /** The tables as they are now. */
  snapshot(): string;
  /** The tables as the fixture left them (what every refused request must leave). */
  readonly seeded: string;
  /** The rows of one user (their profile, devices, alarms, firings, sessions) as they are now. */
  userRows(userId: string): string;
  /** Puts the fixture back after a request that was allowed to change it. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

function providerStub(issuer: TestIssuer, calls: UpstreamCall[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    // The token keys: the real issuer, so the app verifies real signatures.
    if (url.origin === new URL(issuer.url).origin) return fetch(url, init);
    const headers = new Headers(init?.headers);
    calls.push({ url, authorization: headers.get('authorization') });
    // A player's config (the hold routes read and write it): always the same two alarms.
    const player = /^\/device-v2\/([^/]+)\/config$/.exec(url.pathname);
    if (player !== null) {
      if (init?.method === 'PUT') return Promise.resolve(Response.json({}));
      const device = {
        deviceId: decodeURIComponent(player[1] ?? ''),
        online: true,
        geoTimezone: 'Europe/London',
      };
      return Promise.resolve(
        Response.json({ device: { ...device, config: { alarms: STUB_PLAYER_ALARMS } } }),
      );
    }
    return Promise.resolve(Response.json({ card: { cardId: 'stub' }, groups: [] }));
  };
}

export async function startFuzzApp(): Promise<FuzzApp> {
  const issuer = await startTestIssuer();
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const base = testConfig({ issuerUrl: issuer.url, apiBase: UPSTREAM_BASE, env: vapidEnv() });
  const config = { ...base, rateLimits: { ...base.rateLimits, perAddress: 0, perUser: 0, signIn: 0 } };
  const clock: WorkerClock = {
    now: () => CLOCK_START,
    setTimeout: () => null,
    clearTimeout: () => undefined,
  };
  const routes: { method: string; url: string }[] = [];
  const upstreamCalls: UpstreamCall[] = [];
  // vitest catches these too, but only for the whole file: collected here, each test names its route.
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  process.on('uncaughtExceptionMonitor', onCrash);
  process.on('unhandledRejection', onCrash);
  const app = await buildApp(config, {
    db,
    now: () => CLOCK_START,
    workerClock: clock,
    ringer: new RecordingRinger(clock),
    fetch: providerStub(issuer, upstreamCalls),
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  await app.ready();
  const fixture = await seedFixture(app, db, issuer);
  const seededRows = await readTables(db);
  const snapshot = tableSnapshotter(sqlite);
  return {
    app,
    routes,
    fixture,
    crashes,
    upstreamCalls,
    seeded: snapshot(),
    snapshot,
    userRows: userRowsSnapshotter(sqlite),
    reset: () => restoreTables(db, seededRows),
    async close() {
      process.off('uncaughtExceptionMonitor', onCrash);
      process.off('unhandledRejection', onCrash);
      await app.close();
      await db.destroy();
      await issuer.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true }); // testConfig's folder, unused here
    },
  };
}
