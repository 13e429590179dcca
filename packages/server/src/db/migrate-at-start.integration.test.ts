import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../../test/support/test-app';
import { startTestIssuer } from '../../test/support/test-issuer';
import { createFreshPostgresDatabase } from '../../test/support/fresh-postgres-database';
import { MIGRATION_CONNECT_OPTIONS, connectDatabase } from './connect';
import { migrations } from './migrations';

// Migrations at start run on a connection of their own, with no statement timeout: a backfill or an
// index grows with the table, past the requests' 10 s, and the server must still come up
// (docs/scale.md, "Migrations at scale"). PostgreSQL is required: these never skip.

const cleanups: (() => Promise<void>)[] = [];
// Dropping a database waits for a checkpoint, which under the whole suite's writes took more than
// Vitest's 10 s for hooks (CI, 2026-12-02); the fleet tests give theirs 30 s too.
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 30_000);

async function freshDatabase() {
  const database = await createFreshPostgresDatabase('migrate_start');
  cleanups.push(() => database.dispose());
  return database;
}

async function client(url: string): Promise<pg.Client> {
  const opened = new pg.Client({ connectionString: url });
  await opened.connect();
  cleanups.push(() => opened.end());
  return opened;
}

/** Kysely's migration lock on PostgreSQL (its PostgresAdapter): an advisory lock of this database. */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

describe('migrations at start (PostgreSQL)', () => {
  it('lets a migration statement outlast the timeout that requests keep', async () => {
    const { url } = await freshDatabase();
    const requests = connectDatabase({ kind: 'postgres', url }, { statementTimeoutMs: 100 });
    cleanups.push(() => requests.destroy());
    const migrating = connectDatabase({ kind: 'postgres', url }, MIGRATION_CONNECT_OPTIONS);
    cleanups.push(() => migrating.destroy());

    await expect(sql`select pg_sleep(0.4)`.execute(requests)).rejects.toThrow(/statement timeout/);
    await expect(sql`select pg_sleep(0.4)`.execute(migrating)).resolves.toBeDefined();
    const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(migrating);
    expect(shown.rows[0]?.statement_timeout).toBe('0');
  }, 30_000);

  it('migrates on a connection of its own, named for it, and closes it before answering', async () => {
    const database = await freshDatabase();
    const issuer = await startTestIssuer();
    cleanups.push(() => issuer.close());
    // Another start holds the migration lock: the server's migration waits for it, which shows
    // the connection it waits on.
    const other = await client(database.url);
    await other.query('select pg_advisory_lock($1::bigint)', [KYSELY_MIGRATION_LOCK]);
    const watcher = await client(database.url);
    const migrationsWaiting = async () =>
      (
        await watcher.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
           where datname = $1 and application_name = $2 and wait_event_type = 'Lock'`,
          [database.name, MIGRATION_CONNECT_OPTIONS.applicationName],
        )
      ).rows[0]?.n;

    const starting = buildApp(testConfig({ issuerUrl: issuer.url, env: { DATABASE_URL: database.url } }));
    await expect.poll(migrationsWaiting, { timeout: 20_000 }).toBe('1');
    await other.query('select pg_advisory_unlock($1::bigint)', [KYSELY_MIGRATION_LOCK]);
    const app = await starting;
    cleanups.push(() => app.close());

    const applied = await watcher.query<{ name: string }>('select name from kysely_migration order by name');
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    const left = await watcher.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = $1 and application_name = $2',
      [database.name, MIGRATION_CONNECT_OPTIONS.applicationName],
    );
    expect(left.rows[0]?.n).toBe('0');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      database: 'ok',
    });
  }, 60_000);
});
