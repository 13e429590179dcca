import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';
// The live hash, not a copy: a database that runs this migration later is read by that later
// code, whose shares it must match.
import { NO_SHARE, shareOf } from '@playlist-alarms/core/cloud/worker-roster';

// The worker roster's shares (0019 on), appended to the list in migrations.ts. As there: append new
// ones; never edit one that has shipped.

/** Accounts whose alarms one backfill statement writes: a parameter pair each. */
const ACCOUNTS_PER_STATEMENT = 500;

/**
 * Whether alarms has its share already. SQLite runs each step of a migration on its own, so a start
 * that died in the backfill finds the column there; PostgreSQL's migration is one transaction, so
 * there it never is. (Kysely's introspection lists every schema's tables: another schema's would
 * answer for this one.)
 */
async function hasShareColumn(db: Kysely<unknown>): Promise<boolean> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return false;
  const { rows } = await sql<{ found: number }>`
    select count(*) as found from pragma_table_info('alarms') where name = 'share'`.execute(db);
  return Number(rows[0]?.found ?? 0) > 0;
}

export const workerShareMigrations: Record<string, Migration> = {
  // Each alarm carries its account's share (docs/decisions/worker-roster.md), so a replica asks for
  // the alarms of its own shares instead of loading the fleet's and sorting them in memory. The
  // share is a hash computed here, so the rows already written are filled in account by account.
  // The index serves the look: a replica's shares, each a range of next_fire_at. A replica still on
  // older code during a rolling deploy writes no share: the default, NO_SHARE, which every look
  // reads. On PostgreSQL the whole migration is one transaction holding the table, backfill
  // included: deploy it outside a busy minute.
  '0019_alarm_shares': {
    async up(db: Kysely<unknown>) {
      if (!(await hasShareColumn(db))) {
        await db.schema
          .alterTable('alarms')
          .addColumn('share', 'integer', (c) => c.notNull().defaultTo(NO_SHARE))
          .execute();
      }
      const accounts = await sql<{ yoto_user_id: string }>`
        select distinct yoto_user_id from alarms`.execute(db);
      const ids = accounts.rows.map((row) => row.yoto_user_id);
      for (let from = 0; from < ids.length; from += ACCOUNTS_PER_STATEMENT) {
        const part = ids.slice(from, from + ACCOUNTS_PER_STATEMENT);
        await sql`
          update alarms set share = cast(v.column2 as integer)
          from (values ${sql.join(part.map((id) => sql`(${id}, ${shareOf(id)})`))}) as v
          where alarms.yoto_user_id = v.column1`.execute(db);
      }
      await db.schema
        .createIndex('alarms_share_next_fire_idx')
        .on('alarms')
        .columns(['share', 'next_fire_at'])
        .where(sql<boolean>`is_enabled = 1`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('alarms_share_next_fire_idx').execute();
      await db.schema.alterTable('alarms').dropColumn('share').execute();
    },
  },
};
