import { Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider, MigrationResultSet } from 'kysely';
import type { DatabaseConfig } from '../config';
import { MIGRATION_CONNECT_OPTIONS, connectDatabase, isPostgres } from './connect';
import type { Database } from './schema';
import { householdHistoryPushMigrations } from './migrations-household-history-push';
import { playerAlarmMigrations } from './migrations-player-alarms';
import { workerShareMigrations } from './migrations-worker-shares';

// Migrations live in code rather than in a scanned folder, so they run the same under tsx,
// vitest and any bundler. Append new ones; never edit one that has shipped.
export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('yoto_user_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text')
        .addColumn('name', 'text')
        .addColumn('timezone', 'text')
        .addColumn('access_token_enc', 'text')
        .addColumn('token_expires_at', 'text')
        .addColumn('refresh_token_enc', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('devices')
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('yoto_device_id', 'text', (c) => c.notNull())
        .addColumn('device_name', 'text', (c) => c.notNull())
        .addColumn('device_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('devices_user_device_unique', ['yoto_user_id', 'yoto_device_id'])
        .execute();

      await db.schema
        .createTable('alarms')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('yoto_device_id', 'text', (c) => c.notNull())
        .addColumn('device_name', 'text', (c) => c.notNull())
        .addColumn('alarm_name', 'text', (c) => c.notNull())
        .addColumn('alarm_type', 'text', (c) => c.notNull().check(sql`alarm_type in ('wakeup', 'bedtime')`))
        .addColumn('playlist_id', 'text', (c) => c.notNull())
        .addColumn('playlist_name', 'text', (c) => c.notNull())
        .addColumn('hour', 'integer', (c) => c.notNull().check(sql`hour between 0 and 23`))
        .addColumn('minute', 'integer', (c) => c.notNull().check(sql`minute between 0 and 59`))
        .addColumn('days', 'text', (c) => c.notNull())
        .addColumn('volume', 'integer', (c) => c.notNull())
        .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('mqtt_config', 'text')
        .addColumn('next_fire_at', 'text')
        .addColumn('last_fired_at', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alarms_user_idx').on('alarms').column('yoto_user_id').execute();
      await db.schema.createIndex('alarms_next_fire_idx').on('alarms').column('next_fire_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('alarms').execute();
      await db.schema.dropTable('devices').execute();
      await db.schema.dropTable('users').execute();
    },
  },
  // The alarm worker asks for enabled alarms due soon: index only those (partial index, both
  // dialects), so disabled alarms cost the hot query nothing.
  '0002_enabled_next_fire_index': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('alarms_next_fire_idx').execute();
      await db.schema
        .createIndex('alarms_enabled_next_fire_idx')
        .on('alarms')
        .column('next_fire_at')
        .where(sql<boolean>`is_enabled = 1`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('alarms_enabled_next_fire_idx').execute();
      await db.schema.createIndex('alarms_next_fire_idx').on('alarms').column('next_fire_at').execute();
    },
  },
  // Server-held sign-in sessions (docs/decisions/server-held-sessions.md); the token pair they
  // use stays in the users row's *_enc columns, so the alarm worker reads the same one.
  '0003_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('yoto_user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sessions').execute();
    },
  },
  // The alarm worker's claims and receipts. The insert of (alarm_id, due_at) is the claim, so one
  // process fires each alarm however many replicas race; the alarm row keeps its last receipt so
  // every alarm answer carries it without a join. (0003 is the sessions' migration.)
  '0004_alarm_firings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alarm_firings')
        .addColumn('alarm_id', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) =>
          c.check(sql`outcome in ('played', 'no-response', 'failed', 'player-offline', 'missed')`),
        )
        .addColumn('outcome_at', 'text')
        .addColumn('detail', 'text')
        .addPrimaryKeyConstraint('alarm_firings_claim', ['alarm_id', 'due_at'])
        .execute();
      await db.schema
        .createIndex('alarm_firings_claimed_at_idx')
        .on('alarm_firings')
        .column('claimed_at')
        .execute();
      await db.schema.alterTable('alarms').addColumn('last_outcome', 'text').execute();
      await db.schema.alterTable('alarms').addColumn('last_outcome_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('alarms').dropColumn('last_outcome_at').execute();
      await db.schema.alterTable('alarms').dropColumn('last_outcome').execute();
      await db.schema.dropTable('alarm_firings').execute();
    },
  },
  // "Skip next" and "Pause until…" of a cloud alarm (docs/decisions/skip-and-pause.md): the
  // skipped ringing's instant and the pause's last local date, both null when not set.
  '0005_skip_pause': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('alarms').addColumn('skip_until', 'text').execute();
      await db.schema.alterTable('alarms').addColumn('paused_through', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('alarms').dropColumn('paused_through').execute();
      await db.schema.alterTable('alarms').dropColumn('skip_until').execute();
    },
  },
  // A cloud alarm's extras: a wake-up alarm's fade-in minutes, a bedtime alarm's sleep timer
  // minutes and night light (0/1). Nullable: null is off, so every existing alarm stays as it was.
  '0006_alarm_extras': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('alarms').addColumn('fade_in_minutes', 'integer').execute();
      await db.schema.alterTable('alarms').addColumn('sleep_timer_minutes', 'integer').execute();
      await db.schema.alterTable('alarms').addColumn('night_light', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('alarms').dropColumn('night_light').execute();
      await db.schema.alterTable('alarms').dropColumn('sleep_timer_minutes').execute();
      await db.schema.alterTable('alarms').dropColumn('fade_in_minutes').execute();
    },
  },
  // Quick Play Favorites, per user; the key makes a second pin of one card the same row.
  '0007_favourites': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('favourites')
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('card_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('pinned_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('favourites_user_card', ['yoto_user_id', 'card_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('favourites').execute();
    },
  },
  // Skip and pause of an alarm the player keeps (docs/decisions/device-alarm-holds.md): the server
  // switched it off and switches it back on at switch_on_at. One row per held string of a player;
  // the runner claims due rows with a lease, found by next_attempt_at.
  '0008_device_alarm_holds': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alarm_holds')
        .addColumn('yoto_device_id', 'text', (c) => c.notNull())
        .addColumn('alarm', 'text', (c) => c.notNull())
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('skip_until', 'text')
        .addColumn('paused_through', 'text')
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('switch_on_at', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('held', 'awaiting-player')`))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('alarm_holds_device_alarm', ['yoto_device_id', 'alarm'])
        .execute();
      await db.schema
        .createIndex('alarm_holds_next_attempt_idx')
        .on('alarm_holds')
        .column('next_attempt_at')
        .execute();
      await db.schema.createIndex('alarm_holds_user_idx').on('alarm_holds').column('yoto_user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('alarm_holds').execute();
    },
  },
  ...householdHistoryPushMigrations,
  // A claimed firing is a lease (docs/decisions/firing-leases.md): its holder renews lease_until
  // while it rings, and once that lapses (the holder died) another replica takes it over by one
  // conditional update that sets lease_owner. Null on claims made before this migration, which
  // keep the two-minute sweep. The index serves the scan for firings without a receipt.
  '0015_firing_leases': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('alarm_firings').addColumn('lease_owner', 'text').execute();
      await db.schema.alterTable('alarm_firings').addColumn('lease_until', 'text').execute();
      await db.schema
        .createIndex('alarm_firings_open_idx')
        .on('alarm_firings')
        .column('lease_until')
        .where(sql<boolean>`outcome is null`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('alarm_firings_open_idx').execute();
      await db.schema.alterTable('alarm_firings').dropColumn('lease_until').execute();
      await db.schema.alterTable('alarm_firings').dropColumn('lease_owner').execute();
    },
  },
  ...playerAlarmMigrations,
  ...workerShareMigrations,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** Brings the schema up to date; throws (with the failing migration's name) if one fails. */
// Kysely looks for its lock table in every schema unless told which: beside another schema that
// has one (a parallel test run's throwaway schema on a shared server), it skipped creating its
// own and failed with 'relation "kysely_migration_lock" does not exist'. Name the current one.
/** PostgreSQL's current schema (where this app's tables live); undefined on SQLite. */
export async function currentPostgresSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * Kysely's migrator first lists the tables of every schema on the server, with their columns. Another
 * schema dropped or migrated during that listing (a parallel test run's, or another tenant's) fails
 * it, though ours is fine: with 3F000 naming that schema; or, when PostgreSQL lists in parallel
 * workers, with 42P01 naming one of its tables ("relation "other.table" does not exist") or 42703
 * naming one of its columns (the message does not say whose). That race is worth another try.
 */
export function anotherSchemaVanished(error: unknown, schema: string | undefined): boolean {
  if (schema === undefined || typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return false;
  if (code === '3F000') return !message.includes(`"${schema}"`);
  if (code === '42703') return /^column "[^"]+" of relation "[^"]+" does not exist/.test(message);
  if (code !== '42P01') return false;
  const named = /^relation "([^".]+)\.[^"]+" does not exist/.exec(message);
  return named !== null && named[1] !== schema;
}

/** Tries after the first when only the listing raced (each lists again; nothing was applied). */
const LISTING_RETRIES = 5;

/** A migrator on the database's own schema, run again when only another schema changed meanwhile. */
async function migrate(
  db: Kysely<Database>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  const schema = await currentPostgresSchema(db);
  const migrator = new Migrator({
    db,
    provider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  let outcome = await run(migrator);
  // Only a failure before any migration ran (the listing): a migration's own error is never retried.
  const listingRaced = ({ error, results }: MigrationResultSet) =>
    anotherSchemaVanished(error, schema) && !(results ?? []).some((result) => result.status === 'Error');
  for (let retry = 0; retry < LISTING_RETRIES && listingRaced(outcome); retry += 1) {
    outcome = await run(migrator);
  }
  return outcome;
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results = [] } = await migrate(db, (migrator) => migrator.migrateToLatest());
  const failed = results.find((r) => r.status === 'Error');
  if (error !== undefined) {
    const cause = error instanceof Error ? error : new Error('unknown migration error');
    const name = failed === undefined ? '' : ` ${failed.migrationName}`;
    throw new Error(`Database migration${name} failed: ${cause.message}`, { cause });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Brings the configured database up to date as the server starts. On PostgreSQL that is done on a
 * connection of its own, without the statement timeout that `db`, the app's pool, keeps for requests;
 * the connection is closed before the server answers anything.
 */
export async function migrateAtStart(config: DatabaseConfig, db: Kysely<Database>): Promise<string[]> {
  if (config.kind !== 'postgres') return migrateToLatest(db);
  const own = connectDatabase(config, MIGRATION_CONNECT_OPTIONS);
  try {
    return await migrateToLatest(own);
  } finally {
    await own.destroy();
  }
}

/** Applies the migrations up to and including `name` only (a test of a later one with data in it). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const { error } = await migrate(db, (migrator) => migrator.migrateTo(name));
  if (error !== undefined) throw error instanceof Error ? error : new Error(`migration to ${name} failed`);
}
