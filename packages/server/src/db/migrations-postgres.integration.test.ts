import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrations';
import {
  createPostgresTestDatabase,
  isPostgresReachable,
  type TestDatabase,
} from '../../test/support/test-databases';

// Two schemas on one server, as parallel test runs (or two apps) share a PostgreSQL: each must
// get its own migration tables, whichever migrated first.

const pgAvailable = await isPostgresReachable();
const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.dispose();
});

describe.skipIf(!pgAvailable)('migrations on a shared PostgreSQL', () => {
  it('migrate a schema while another schema already has its migration tables', async () => {
    const first = await createPostgresTestDatabase();
    opened.push(first);
    const second = await createPostgresTestDatabase();
    opened.push(second);
    await migrateToLatest(first.db);
    const applied = await migrateToLatest(second.db);
    expect(applied.length).toBeGreaterThan(0);
    const locks = await sql<{ n: string }>`
      select count(*) as n from pg_tables where tablename = 'kysely_migration_lock' and schemaname = current_schema()
    `.execute(second.db);
    expect(locks.rows).toEqual([{ n: '1' }]);
  });
});
