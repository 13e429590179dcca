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
