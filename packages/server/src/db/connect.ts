import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';

export interface ConnectOptions {
  /** PostgreSQL only: the schema to work in (tests use a throwaway one per run). */
  searchPath?: string;
}

/** Opens the database that the configuration names. The caller owns it: `db.destroy()` closes it. */
export function connectDatabase(config: DatabaseConfig, options: ConnectOptions = {}): Kysely<Database> {
  switch (config.kind) {
    case 'sqlite':
      return new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqliteFile(config.file) }) });
    case 'postgres':
      return new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({
            connectionString: config.url,
            // A dead database must fail the health check quickly instead of hanging it.
            connectionTimeoutMillis: 5_000,
            ...(options.searchPath === undefined
              ? {}
              : { options: `-c search_path=${quoteIdentifier(options.searchPath)}` }),
          }),
        }),
      });
  }
}

function openSqliteFile(file: string): SQLite.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new SQLite(file);
  // WAL lets the health check and the API read while a write is in progress; the busy timeout
  // covers a second process (a test, a CLI) writing the same file.
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  return db;
}

function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return name;
}
