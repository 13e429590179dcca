import crypto from 'node:crypto';
import pg from 'pg';
import { TEST_DATABASE_URL } from './test-databases';

// A whole throwaway PostgreSQL database for tests that start server processes: they only take a
// DATABASE_URL, so a schema of the shared test database (test-databases.ts) cannot be handed to
// them. The name is random, so parallel test files and other checkouts never meet.

export interface FreshPostgresDatabase {
  /** DATABASE_URL of the new database. */
  url: string;
  name: string;
  /**
   * Drops the database, ending any connection a killed process left open. PostgreSQL checkpoints
   * before it drops, so under load this takes seconds: a hook calling it needs more than 10 s.
   */
  dispose(): Promise<void>;
}

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    // These tests prove what only PostgreSQL can show: never skipped, a missing server fails them.
    throw new Error(
      `PostgreSQL is required at ${TEST_DATABASE_URL} (TEST_DATABASE_URL) and is not reachable: ${String(error)}`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createFreshPostgresDatabase(prefix: string): Promise<FreshPostgresDatabase> {
  if (!/^[a-z_]+$/.test(prefix)) throw new Error(`Unsafe database prefix: ${prefix}`);
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await onAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    dispose: () => onAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(),
  };
}
