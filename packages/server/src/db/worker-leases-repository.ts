import type { Kysely } from 'kysely';
import type { Database } from './schema';

// A turn at a scheduled job that must run once across replicas (migration 0013). One statement
// claims it: insert the row, or take it over only if the last turn has run out. Of replicas that
// try at once, the database lets one write and the others see a row still held, so each gets
// "yours" or "not yours" and never both.

/**
 * Takes `name`'s turn for `holder` until `until`, if no one holds it at `now`; true when taken.
 * The turn is not given back: it lasts until `until`, so a job run every `until - now` runs once
 * per that time across replicas, and a replica that dies mid-job leaves the next turn to another.
 */
export async function claimLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('worker_leases')
    .values({ name, held_by: holder, held_until: until.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ held_by: holder, held_until: until.toISOString() })
        .where('worker_leases.held_until', '<=', now.toISOString()),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

/** The rows of the alarm workers' roster (worker-roster.ts): one per live replica. */
const ROSTER_PREFIX = 'alarm-worker:';
/** A replica's row gone stale this long is deleted by the next beat of any replica. */
const ROSTER_FORGET_MS = 60 * 60_000;

/**
 * Says `holder` is alive until `until`, and returns every replica alive at `now` (itself
 * included), sorted. With `forget`, rows lapsed an hour ago are deleted on the way.
 */
export async function beatRoster(
  db: Kysely<Database>,
  holder: string,
  now: Date,
  until: Date,
  forget = true,
): Promise<string[]> {
  const name = ROSTER_PREFIX + holder;
  await db
    .insertInto('worker_leases')
    .values({ name, held_by: holder, held_until: until.toISOString() })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ held_until: until.toISOString() }))
    .execute();
  if (forget) {
    await db
      .deleteFrom('worker_leases')
      .where('name', 'like', `${ROSTER_PREFIX}%`)
      .where('held_until', '<', new Date(now.getTime() - ROSTER_FORGET_MS).toISOString())
      .execute();
  }
  const rows = await db
    .selectFrom('worker_leases')
    .select('held_by')
    .where('name', 'like', `${ROSTER_PREFIX}%`)
    .where('held_until', '>', now.toISOString())
    .orderBy('held_by')
    .execute();
  return rows.map((row) => row.held_by);
}

/** Takes `holder` off the roster (a replica shutting down): the others take its players at once. */
export async function leaveRoster(db: Kysely<Database>, holder: string): Promise<void> {
  await db
    .deleteFrom('worker_leases')
    .where('name', '=', ROSTER_PREFIX + holder)
    .execute();
}
