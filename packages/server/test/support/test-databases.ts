import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely, TableMetadata } from 'kysely';
import pg from 'pg';
import { connectDatabase, type ConnectOptions } from '../../src/db/connect';
import { anotherSchemaVanished } from '../../src/db/migrations';
import type { Database } from '../../src/db/schema';

// Fresh, isolated databases for integration tests: a SQLite file in a temp folder, or a
// throwaway schema in the PostgreSQL at TEST_DATABASE_URL, so parallel runs never collide.

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  db: Kysely<Database>;
  /** Another connection to the same database, as a second server process has (closed by dispose). */
  connectAgain(): Kysely<Database>;
  /** How a separate process reaches this database: DATA_DIR's file or DATABASE_URL and schema. */
  location: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema: string };
  /** Closes the connection and deletes everything the test created. */
  dispose(): Promise<void>;
}

export async function isPostgresReachable(url = TEST_DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function createSqliteTestDatabase(): TestDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-db-'));
  const file = path.join(dir, 'nested', 'test.sqlite');
  const db = connectDatabase({ kind: 'sqlite', file });
  const others: Kysely<Database>[] = [];
  return {
    db,
    location: { kind: 'sqlite', file },
    connectAgain() {
      const other = connectDatabase({ kind: 'sqlite', file });
      others.push(other);
      return other;
    },
    async dispose() {
      await Promise.all(others.map((other) => other.destroy()));
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createPostgresTestDatabase(
  url = TEST_DATABASE_URL,
  options: Omit<ConnectOptions, 'searchPath'> = {},
): Promise<TestDatabase> {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const db = connectDatabase({ kind: 'postgres', url }, { ...options, searchPath: schema });
  const others: Kysely<Database>[] = [];
  return {
    db,
    location: { kind: 'postgres', url, schema },
    connectAgain() {
      const other = connectDatabase({ kind: 'postgres', url }, { searchPath: schema });
      others.push(other);
      return other;
    },
    async dispose() {
      await Promise.all(others.map((other) => other.destroy()));
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
      await cleanup.connect();
      try {
        await cleanup.query(`drop schema ${schema} cascade`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * The tables of this test database's own schema, with their columns. Kysely's introspection lists every
 * schema of the shared PostgreSQL, so a parallel test's schema changing meanwhile can fail it (the
 * race `anotherSchemaVanished` names): list again then, as the migrator does.
 */
export async function ownTables(database: Pick<TestDatabase, 'db' | 'location'>): Promise<TableMetadata[]> {
  const { location } = database;
  const schema = location.kind === 'postgres' ? location.schema : undefined;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const tables = await database.db.introspection.getTables();
      return tables.filter((table) => schema === undefined || table.schema === schema);
    } catch (error) {
      if (attempt >= 6 || !anotherSchemaVanished(error, schema)) throw error;
    }
  }
}
