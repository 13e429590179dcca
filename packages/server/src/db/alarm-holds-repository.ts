import type { Kysely } from 'kysely';
import type { AlarmHold } from '@playlist-alarms/core/alarms/alarm-hold-schemas';
import type { AlarmHoldsTable, Database } from './schema';

// The holds of players' alarms (docs/decisions/device-alarm-holds.md). The routes write them; the
// hold runner claims the due ones with a lease (one atomic UPDATE … RETURNING, on SQLite and
// PostgreSQL alike: under PostgreSQL a second replica's UPDATE waits for the first, then re-reads
// the lease and skips the row), so one process switches each alarm back on.

type Db = Kysely<Database>;
export type HoldKey = Pick<AlarmHoldsTable, 'yoto_device_id' | 'alarm'>;
export type NewHold = Pick<
  AlarmHoldsTable,
  'yoto_device_id' | 'alarm' | 'yoto_user_id' | 'skip_until' | 'paused_through' | 'time_zone' | 'switch_on_at'
>;

export const toAlarmHold = (row: AlarmHoldsTable): AlarmHold => ({
  alarm: row.alarm,
  skip_until: row.skip_until,
  paused_through: row.paused_through,
  time_zone: row.time_zone,
  switch_on_at: row.switch_on_at,
  state: row.state,
});

/** Every hold of a player, oldest first. */
export const holdsOfDevice = (db: Db, deviceId: string): Promise<AlarmHoldsTable[]> =>
  db
    .selectFrom('alarm_holds')
    .selectAll()
    .where('yoto_device_id', '=', deviceId)
    .orderBy('created_at')
    .orderBy('alarm')
    .execute();

export const findHold = (db: Db, key: HoldKey): Promise<AlarmHoldsTable | undefined> =>
  db
    .selectFrom('alarm_holds')
    .selectAll()
    .where('yoto_device_id', '=', key.yoto_device_id)
    .where('alarm', '=', key.alarm)
    .executeTakeFirst();

/** Stores a hold, replacing the player's hold of the same string (a pause over a skip): held, unleased. */
export async function putHold(db: Db, hold: NewHold, now: Date): Promise<AlarmHoldsTable> {
  const at = now.toISOString();
  const fresh = {
    ...hold,
    state: 'held' as const,
    lease_owner: null,
    lease_until: null,
    attempts: 0,
    next_attempt_at: hold.switch_on_at,
    updated_at: at,
  };
  await db
    .insertInto('alarm_holds')
    .values({ ...fresh, created_at: at })
    .onConflict((conflict) => conflict.columns(['yoto_device_id', 'alarm']).doUpdateSet(fresh))
    .execute();
  const row = await findHold(db, hold);
  if (row === undefined) throw new Error('the hold was not stored');
  return row;
}

/** Puts a row back exactly as it was (a failed write undoes its hold). */
export async function restoreHold(
  db: Db,
  previous: AlarmHoldsTable | undefined,
  key: HoldKey,
): Promise<void> {
  await deleteHold(db, key);
  if (previous !== undefined) await db.insertInto('alarm_holds').values(previous).execute();
}

export async function deleteHold(db: Db, key: HoldKey): Promise<void> {
  await db
    .deleteFrom('alarm_holds')
    .where('yoto_device_id', '=', key.yoto_device_id)
    .where('alarm', '=', key.alarm)
    .execute();
}

/** Leases every hold due at `now` whose lease is free to `owner` until `until`; returns them. */
export const claimDueHolds = (db: Db, owner: string, now: Date, until: Date): Promise<AlarmHoldsTable[]> => {
  const at = now.toISOString();
  return db
    .updateTable('alarm_holds')
    .set({ lease_owner: owner, lease_until: until.toISOString() })
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .returningAll()
    .execute();
};

/** The hold if `owner` still leases it (a route's new hold in between clears the lease). */
export const leasedHold = (db: Db, key: HoldKey, owner: string): Promise<AlarmHoldsTable | undefined> =>
  db
    .selectFrom('alarm_holds')
    .selectAll()
    .where('yoto_device_id', '=', key.yoto_device_id)
    .where('alarm', '=', key.alarm)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();

/** Ends `owner`'s lease with the hold's next look, only if the lease is still its own. */
export async function releaseHold(
  db: Db,
  key: HoldKey,
  owner: string,
  change: Partial<Pick<AlarmHoldsTable, 'state' | 'attempts' | 'next_attempt_at'>>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('alarm_holds')
    .set({ ...change, lease_owner: null, lease_until: null, updated_at: now.toISOString() })
    .where('yoto_device_id', '=', key.yoto_device_id)
    .where('alarm', '=', key.alarm)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Deletes the hold, only if `owner` still leases it. */
export async function deleteLeasedHold(db: Db, key: HoldKey, owner: string): Promise<void> {
  await db
    .deleteFrom('alarm_holds')
    .where('yoto_device_id', '=', key.yoto_device_id)
    .where('alarm', '=', key.alarm)
    .where('lease_owner', '=', owner)
    .execute();
}
