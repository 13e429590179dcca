import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { describeValue, type DatabaseConfig } from '../config';
import type { Database } from './schema';

export interface ConnectOptions {
  /** PostgreSQL only: the schema to work in (tests use a throwaway one per run). */
  searchPath?: string;
  /** PostgreSQL only: how its connections are named in pg_stat_activity. */
  applicationName?: string;
  /** PostgreSQL only: a pooled connection failed while idle (the server restarted, a backend was killed). */
  onConnectionError?: (error: Error) => void;
  /**
   * PostgreSQL only: how long the server lets a statement run before cancelling it, 0 for no limit
   * (default `STATEMENT_TIMEOUT_MS`). Migrations run without one (`MIGRATION_CONNECT_OPTIONS`).
   */
  statementTimeoutMs?: number;
}

/** A PostgreSQL statement running longer than this is cancelled by the server. */
export const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * The connection migrations run on at start. A migration's backfill or index grows with the table,
 * past any request's timeout: 0019's index alone took 2.8 s at a million alarms (docs/scale.md), so
 * with the app's 10 s it would fail the start from about four million, and the server would not come
 * up at all. Requests keep their timeout; the migration waits as long as its work takes.
 */
export const MIGRATION_CONNECT_OPTIONS: ConnectOptions = {
  statementTimeoutMs: 0,
  applicationName: 'playlist-alarms migrations',
};

/** The database could not be opened or migrated at start: where (password masked) and why. */
export class DatabaseOpenError extends Error {
  override readonly name = 'DatabaseOpenError';
  constructor(config: DatabaseConfig, cause: unknown) {
    const where = config.kind === 'sqlite' ? config.file : describeValue('DATABASE_URL', config.url);
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`Cannot open the database ${where}: ${why}`, { cause });
  }
}

/** True on PostgreSQL: row locks and `FOR UPDATE` exist there; SQLite has one writer at a time. */
export const isPostgres = (db: Kysely<Database> | Transaction<Database>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/** Opens the database that the configuration names. The caller owns it: `db.destroy()` closes it. */
export function connectDatabase(config: DatabaseConfig, options: ConnectOptions = {}): Kysely<Database> {
  switch (config.kind) {
    case 'sqlite':
      return new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqliteFile(config.file) }) });
    case 'postgres':
      return new Kysely<Database>({
        dialect: new PostgresDialect({ pool: openPostgresPool(config.url, options) }),
      });
  }
}

function openPostgresPool(url: string, options: ConnectOptions): pg.Pool {
  const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    application_name: options.applicationName ?? 'playlist-alarms',
    // A dead database must fail the health check quickly instead of hanging it.
    connectionTimeoutMillis: 5_000,
    statement_timeout: statementTimeout,
    // The client gives up too when the server cannot even say the statement was cancelled.
    ...(statementTimeout === 0 ? {} : { query_timeout: statementTimeout + 5_000 }),
    keepAlive: true,
    ...(options.searchPath === undefined
      ? {}
      : { options: `-c search_path=${quoteIdentifier(options.searchPath)}` }),
  });
  // An 'error' event nobody listens to ends the process, and a PostgreSQL restart raises one on
  // every open connection: on idle ones through the pool, on checked-out ones (a query in flight)
  // through the client itself. Each connection gets a listener; the pool discards broken ones,
  // the next query opens a new one, and until the database is back requests fail with 503.
  const report =
    options.onConnectionError ??
    ((error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', report));
  pool.on('error', () => undefined); // the same error, already reported by the client's listener
  return pool;
}

function openSqliteFile(file: string): SQLite.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // The file holds the users' (encrypted) provider tokens: readable by the server's user only.
  // Created 0600 before SQLite opens it (its -wal and -shm files take the same mode), and an
  // existing file left more open by an older version is tightened.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  const db = new SQLite(file);
  // WAL lets the health check and the API read while a write is in progress; synchronous=FULL
  // syncs the WAL on every commit, so a power cut never loses an acknowledged alarm change. The
  // busy timeout covers a second process (a test, a CLI) writing the same file.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** The name itself, once it is known to be a plain identifier (a search_path is set from it); throws otherwise. */
export function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return name;
}
