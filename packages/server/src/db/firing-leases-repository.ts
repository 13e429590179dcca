import type { Kysely } from 'kysely';
import type { Database } from './schema';

// The leases on claimed firings (docs/decisions/firing-leases.md, migration 0015). The claim
// (firings-repository.ts) takes the first lease; its holder renews it while it rings; once it has
// lapsed, one conditional update hands the firing to another replica. Of replicas that try at
// once, the database lets one write: the others find the lease running again and write nothing.

type Db = Kysely<Database>;

/** A firing's key. */
export interface FiringKey {
  alarm_id: string;
  due_at: string;
}

/**
 * Extends every lease `owner` holds on a firing still without a receipt to `until`, and returns
 * those it holds. A firing missing from the answer is no longer the owner's: another replica took
 * it over, or it was settled. Only firings claimed after `claimedAfter` (ten minutes ago): a ring
 * stuck longer than that lets its lease lapse, and the sweep settles it. Counted from the claim, not
 * the due instant: a firing a pass found 9 minutes 55 late rings for seconds past the tenth minute.
 */
export async function renewFiringLeases(
  db: Db,
  owner: string,
  until: Date,
  claimedAfter: Date,
): Promise<FiringKey[]> {
  return db
    .updateTable('alarm_firings')
    .set({ lease_until: until.toISOString() })
    .where('lease_owner', '=', owner)
    .where('outcome', 'is', null)
    .where('claimed_at', '>', claimedAfter.toISOString())
    .returning(['alarm_id', 'due_at'])
    .execute();
}

/**
 * Extends one lease `owner` holds to `until`; true when it still held it (no other replica took
 * the firing over, and it has no receipt). The holder asks this just before card/start when its
 * last confirmed lease is nearly out, so the database decides and not a stalled timer.
 */
export async function renewFiringLease(
  db: Db,
  owner: string,
  firing: FiringKey,
  until: Date,
): Promise<boolean> {
  const renewed = await db
    .updateTable('alarm_firings')
    .set({ lease_until: until.toISOString() })
    .where('alarm_id', '=', firing.alarm_id)
    .where('due_at', '=', firing.due_at)
    .where('lease_owner', '=', owner)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) > 0;
}

/** A firing without a receipt, with what a replica taking it over asks the player about. */
export interface OpenFiringRow extends FiringKey {
  claimed_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  yoto_user_id: string | null;
  yoto_device_id: string | null;
  /** The card its claimant rang; null on firings claimed before migration 0018. */
  playlist_id: string | null;
}

/** Every firing without a receipt: under way, or left by a process that died. */
export async function findOpenFirings(db: Db): Promise<OpenFiringRow[]> {
  return db
    .selectFrom('alarm_firings')
    .select([
      'alarm_id',
      'due_at',
      'claimed_at',
      'lease_owner',
      'lease_until',
      'yoto_user_id',
      'yoto_device_id',
      'playlist_id',
    ])
    .where('outcome', 'is', null)
    .execute();
}

/**
 * Takes the firing over for `owner` until `until`, if it still has no receipt and its lease has
 * lapsed at `now`; true when this caller took it. (An unleased claim, from before leases, is never
 * taken over: the two-minute sweep settles it.)
 */
export async function takeOverFiring(
  db: Db,
  firing: FiringKey,
  owner: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const taken = await db
    .updateTable('alarm_firings')
    .set({ lease_owner: owner, lease_until: until.toISOString() })
    .where('alarm_id', '=', firing.alarm_id)
    .where('due_at', '=', firing.due_at)
    .where('outcome', 'is', null)
    .where('lease_until', 'is not', null)
    .where('lease_until', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}
