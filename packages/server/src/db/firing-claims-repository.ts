import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './connect';
import type { AlarmsTable, Database } from './schema';

// The claim of firings (docs/decisions/alarm-firing-claims.md), many in one go: the alarms a
// replica finds due at one instant are claimed together, not in a transaction each (docs/scale.md).
// On PostgreSQL that is one statement: the alarms' locks, the firings' insert and the alarms' move
// as data-modifying CTEs, so one round trip and one plan. SQLite, which has no data-modifying CTEs
// and no round trips, runs an insert and an update in a transaction. Both read the claims as rows
// of columns column1, column2…: unnested arrays on PostgreSQL, a VALUES list on SQLite.

type Db = Kysely<Database>;

export interface Claim {
  alarmId: string;
  /**
   * The alarm as the claimant read it: what the alarm history shows of the firing (kept should the
   * alarm be deleted), the card it rings (what a take-over asks the player about), and its
   * updated_at, which must still be the row's: a claim from a copy read before an edit would ring
   * the old volume and playlist, and move next_fire_at by the old days.
   */
  alarm: Pick<
    AlarmsTable,
    'yoto_user_id' | 'yoto_device_id' | 'alarm_name' | 'alarm_type' | 'playlist_id' | 'updated_at'
  >;
  /** The due instant being claimed (ISO); must still be the alarm's next_fire_at. */
  dueAt: string;
  /** Where next_fire_at moves once claimed (null: the alarm has no further firing). */
  nextFireAt: string | null;
  claimedBy: string;
  at: string;
  /** The claimant's lease runs until then (docs/decisions/firing-leases.md). */
  leaseUntil: string;
}

/**
 * A firing's key (its primary key, alarm_id and due_at, as one string): in the sets claimFirings
 * and writeReceipts return, and in the worker's maps of held leases and batches.
 */
export const firingKey = (alarmId: string, dueAt: string) => `${alarmId}@${dueAt}`;

/**
 * SQLite allows 32,766 parameters in a statement, and a claim takes 12 there (PostgreSQL's arrays
 * take 12 for any batch). Bigger batches are claimed in parts, each in its own transaction, which
 * also bounds how many alarms one statement holds locked.
 */
const CLAIMS_PER_STATEMENT = 1_000;

/**
 * Claims every firing it can, a thousand at a time: inserts (alarm_id, due_at) into alarm_firings
 * for each alarm still enabled, still due at that instant and unchanged since the claimant read it
 * (an edit just before the alarm wins over a stale timer), and moves each won alarm on to its next
 * firing. However many processes race, one wins each firing: on PostgreSQL a loser waits for the
 * winner's lock on the alarm and then finds it moved on; the primary key backs that up. A "player
 * was off" note of the prepare window for that firing stays on show.
 * Returns the firingKeys won; the winner holds each firing's lease until its `leaseUntil`.
 */
export async function claimFirings(db: Db, claims: readonly Claim[]): Promise<Set<string>> {
  const won = new Set<string>();
  for (let from = 0; from < claims.length; from += CLAIMS_PER_STATEMENT) {
    const part = claims.slice(from, from + CLAIMS_PER_STATEMENT);
    for (const key of await claimPart(db, part)) won.add(key);
  }
  return won;
}

/** One claim; true when this caller won it. */
export async function claimFiring(db: Db, claim: Claim): Promise<boolean> {
  return (await claimFirings(db, [claim])).has(firingKey(claim.alarmId, claim.dueAt));
}

const values = (rows: RawBuilder<unknown>[]) => sql`(values ${sql.join(rows)}) as v`;

/** A claim's fields, in the order the statements below read them (column1 to column12). */
const CLAIM_FIELDS: readonly ((c: Claim) => string | null)[] = [
  (c) => c.alarmId,
  (c) => c.dueAt,
  (c) => c.claimedBy,
  (c) => c.at,
  (c) => c.leaseUntil,
  (c) => c.alarm.yoto_user_id,
  (c) => c.alarm.yoto_device_id,
  (c) => c.alarm.alarm_name,
  (c) => c.alarm.alarm_type,
  (c) => c.alarm.updated_at,
  (c) => c.alarm.playlist_id,
  (c) => c.nextFireAt,
];

/** A claim as a VALUES row (SQLite). */
const claimRow = (c: Claim) => sql`(${sql.join(CLAIM_FIELDS.map((field) => field(c)))})`;

/**
 * The same rows on PostgreSQL: a text array a column, unnested side by side. Twelve parameters
 * whatever the batch, where a VALUES list has twelve a claim to bind, parse and plan
 * (docs/scale.md, "Twelve parameters").
 */
const claimColumns = (claims: readonly Claim[]) => {
  const columns = CLAIM_FIELDS.map((field) => sql`${claims.map(field)}::text[]`);
  const names = CLAIM_FIELDS.map((_, i) => sql.raw(`column${i + 1}`));
  return sql`unnest(${sql.join(columns)}) as v(${sql.join(names)})`;
};

/**
 * The SET of a claimed alarm: fired at `due`, moved on to `next`. The prepare window's "player was
 * off" note is kept when it is for this very firing; an older receipt is cleared.
 */
const moveOn = (due: RawBuilder<unknown>, next: RawBuilder<unknown>) => sql`
  next_fire_at = ${next},
  last_fired_at = ${due},
  last_outcome = case when alarms.last_fired_at = ${due} and alarms.last_outcome = 'player-offline'
    then 'player-offline' else null end,
  last_outcome_at = case when alarms.last_fired_at = ${due} and alarms.last_outcome = 'player-offline'
    then alarms.last_outcome_at else null end`;

const claimPart = (db: Db, claims: readonly Claim[]): Promise<string[]> =>
  claims.length === 0
    ? Promise.resolve([])
    : isPostgres(db)
      ? claimOnPostgres(db, claims)
      : claimOnSqlite(db, claims);

/**
 * PostgreSQL, one statement, so one round trip and one plan (docs/scale.md). `locked` takes the
 * alarms' row locks in id order, as an edit, a zone change or a delete takes them
 * (docs/decisions/alarm-firing-claims.md, "Lock order"), and only of alarms still enabled, still
 * due at that instant and unchanged since the claimant read them. A lock that had to wait for an
 * edit's or another claim's commit checks that again on the row as committed (PostgreSQL's read
 * committed), so an alarm edited or claimed meanwhile is neither locked nor claimed, and a locked
 * one cannot change before the statement ends. `moved` moves each locked alarm on (unless its
 * firing is written already), and `firing` writes the firings; the primary key backs the lock up. Only a claim writes firings, and
 * always under the alarm's lock: so no firing can be there already for an alarm still due. The CTEs feed each
 * other in a line rather than join: the planner guesses one row for each, and its nested loops
 * over them cost more than the statement's writes.
 */
async function claimOnPostgres(db: Db, claims: readonly Claim[]): Promise<string[]> {
  const won = await sql<{ alarm_id: string; due_at: string }>`
    with locked as materialized (
      select v.*
      from ${claimColumns(claims)}
      join alarms on alarms.id = v.column1
      where alarms.is_enabled = 1 and alarms.next_fire_at = v.column2 and alarms.updated_at = v.column10
      order by alarms.id
      for update of alarms
    ),
    moved as (
      update alarms set ${moveOn(sql.ref('locked.column2'), sql.ref('locked.column12'))}
      from locked
      where alarms.id = locked.column1 and not exists (
        select from alarm_firings where alarm_id = locked.column1 and due_at = locked.column2)
      returning locked.*
    ),
    firing as (
      insert into alarm_firings (alarm_id, due_at, claimed_by, claimed_at, lease_owner, lease_until,
        yoto_user_id, yoto_device_id, alarm_name, alarm_type, playlist_id)
      select column1, column2, column3, column4, column3, column5, column6, column7, column8, column9,
        column11
      from moved
      on conflict (alarm_id, due_at) do nothing
      returning alarm_id, due_at
    )
    select alarm_id, due_at from firing`.execute(db);
  return won.rows.map((row) => firingKey(row.alarm_id, row.due_at));
}

async function claimOnSqlite(db: Db, claims: readonly Claim[]): Promise<string[]> {
  // One writer at a time: nothing else can change the alarms between the insert and the update.
  return db.transaction().execute(async (trx) => {
    const inserted = await sql<{ alarm_id: string; due_at: string }>`
      insert into alarm_firings (alarm_id, due_at, claimed_by, claimed_at, lease_owner, lease_until,
        yoto_user_id, yoto_device_id, alarm_name, alarm_type, playlist_id)
      select v.column1, v.column2, v.column3, v.column4, v.column3, v.column5, v.column6, v.column7,
        v.column8, v.column9, v.column11
      from ${values(claims.map(claimRow))}
      join alarms on alarms.id = v.column1
      where alarms.is_enabled = 1 and alarms.next_fire_at = v.column2 and alarms.updated_at = v.column10
      on conflict (alarm_id, due_at) do nothing
      returning alarm_id, due_at`.execute(trx);
    if (inserted.rows.length === 0) return [];
    const claimOf = new Map(claims.map((c) => [firingKey(c.alarmId, c.dueAt), c]));
    await sql`
      update alarms set ${moveOn(sql.ref('v.column2'), sql.ref('v.column3'))}
      from ${values(
        inserted.rows.map((row) => {
          const claim = claimOf.get(firingKey(row.alarm_id, row.due_at));
          return sql`(${row.alarm_id}, ${row.due_at}, ${claim?.nextFireAt ?? null})`;
        }),
      )}
      where alarms.id = v.column1`.execute(trx);
    return inserted.rows.map((row) => firingKey(row.alarm_id, row.due_at));
  });
}
