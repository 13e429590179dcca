import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe } from 'vitest';
import { buildApp } from '../../src/app';
import {
  TEST_DATABASE_URL,
  createPostgresTestDatabase,
  createSqliteTestDatabase,
  isPostgresReachable,
  type TestDatabase,
} from './test-databases';
import { migrateToLatest } from '../../src/db/migrations';
import type { Database } from '../../src/db/schema';
import { testConfig } from './test-app';
import type { TestIssuer } from './test-issuer';

// The full app on a fresh database of either dialect, called in-process with real signed tokens,
// so the same API tests run on SQLite and on PostgreSQL.

export const ALICE = 'auth0|alice';
export const BOB = 'auth0|bob';

export type OpenDatabase = () => Promise<TestDatabase> | TestDatabase;

const pgAvailable = await isPostgresReachable();
if (!pgAvailable && process.env.CI !== 'true') {
  console.warn(
    `\n⚠ PostgreSQL is not reachable at ${TEST_DATABASE_URL}: its cloud API tests are SKIPPED locally.\n`,
  );
}

/** Runs `body` once per database: SQLite always, PostgreSQL when reachable (always in CI). */
export function describeOnDatabases(name: string, body: (open: OpenDatabase) => void): void {
  describe(`${name} (SQLite)`, () => body(createSqliteTestDatabase));
  describeOnPostgres(name, body);
}

/**
 * A database opened and migrated before each test of the enclosing describe, and disposed after
 * it: what the db tests used to write out as a beforeEach and afterEach. Read its fields inside a
 * test; they are the current test's database.
 */
export function migratedDatabaseEach(open: OpenDatabase): Omit<TestDatabase, 'dispose'> {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await open();
    await migrateToLatest(current.db);
  });
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  const now = (): TestDatabase => {
    if (current === undefined) throw new Error('The database is open only while a test runs');
    return current;
  };
  return {
    get db() {
      return now().db;
    },
    get location() {
      return now().location;
    },
    connectAgain: () => now().connectAgain(),
  };
}

/** PostgreSQL only: what needs two connections writing at once (SQLite has one writer). */
export function describeOnPostgres(name: string, body: (open: OpenDatabase) => void): void {
  describe.runIf(pgAvailable || process.env.CI === 'true')(`${name} (PostgreSQL)`, () =>
    body(() => createPostgresTestDatabase()),
  );
}

export interface CallOptions {
  /** Whose token to send; null sends none. */
  as?: string | null;
  /** A JSON body (serialized for you). */
  body?: unknown;
  /** A raw body, sent as is with content-type application/json. */
  raw?: string;
}

export interface CallResult {
  status: number;
  body: unknown;
}

export interface CloudApi {
  app: FastifyInstance;
  /** The database under the app, to check what was (not) stored. */
  db: Kysely<Database>;
  /** The clock next_fire_at is computed from; tests move it. */
  clock: { now: Date };
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export async function startCloudApi(issuer: TestIssuer, open: OpenDatabase): Promise<CloudApi> {
  const database = await open();
  const config = testConfig({ issuerUrl: issuer.url });
  const clock = { now: new Date('2026-06-10T06:00:00.000Z') }; // a Wednesday
  const app = await buildApp(config, { db: database.db, now: () => clock.now });
  const tokens = new Map<string, string>();
  const tokenOf = async (sub: string) => {
    const cached = tokens.get(sub);
    if (cached !== undefined) return cached;
    const token = await issuer.sign({ sub });
    tokens.set(sub, token);
    return token;
  };
  return {
    app,
    db: database.db,
    clock,
    async call(method, url, options = {}) {
      const as = options.as === undefined ? ALICE : options.as;
      const headers: Record<string, string> = {};
      if (as !== null) headers.authorization = `Bearer ${await tokenOf(as)}`;
      let payload: string | undefined;
      if (options.raw !== undefined || options.body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = options.raw ?? JSON.stringify(options.body);
      }
      const response = await app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      const text = response.body;
      return { status: response.statusCode, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** A valid alarm body; override any field. */
export const alarmBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  yoto_device_id: 'player-1',
  device_name: 'Bedroom Player',
  alarm_type: 'wakeup',
  playlist_id: 'card-1',
  playlist_name: 'Morning Songs',
  hour: 7,
  minute: 30,
  days: '1111100',
  volume: 7,
  is_enabled: true,
  ...overrides,
});
