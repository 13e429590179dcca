import { sql, type Kysely, type QueryCreator } from 'kysely';
import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';
import { isPostgres } from './connect';
import { firingKey } from './firing-claims-repository';
import type { Database } from './schema';

// A firing's receipt: on the firing, and on its alarm unless a later firing already shows there.
// On PostgreSQL one statement writes both (the alarm's update a data-modifying CTE fed by the
// firing's), for one receipt or a batch of them; SQLite, which has no data-modifying CTEs, writes
// them in one transaction (docs/scale.md, step 4).

type Db = Kysely<Database>;

/** What the history adds to a played firing: when card/start went out, and whether a fade began. */
export interface FiringSeen {
  playedAt: string | null;
  faded: boolean;
}

export interface Receipt {
  alarmId: string;
  dueAt: string;
  firing: {
    outcome: FiringOutcome;
    outcome_at: string;
    detail: string | null;
    played_at: string | null;
    faded: number;
  };
  alarm: { last_outcome: FiringOutcome; last_outcome_at: string };
  /** Only while no lease runs at that instant (the sweep never settles a firing someone rings). */
  onlyIfNoLeaseAt: string | undefined;
}

/** The prepare window's "player was off" note for that very firing: when it found the player off. */
async function offlineNoteOf(db: Db, alarmId: string, dueAt: string): Promise<string | null> {
  const row = await db
    .selectFrom('alarms')
    .select(['last_outcome', 'last_outcome_at'])
    .where('id', '=', alarmId)
    .where('last_fired_at', '=', dueAt)
    .executeTakeFirst();
  return row?.last_outcome === 'player-offline' ? row.last_outcome_at : null;
}

/**
 * The receipt of a firing. Still off at the due time: it keeps the moment the prepare window first
 * found the player off. That note is read apart from the writes: it is written only before the
 * firing is claimed, so it no longer changes here.
 */
export async function receiptOf(
  db: Db,
  at: string,
  firing: { alarmId: string; dueAt: string; outcome: FiringOutcome; detail: string | null },
  seen: FiringSeen = { playedAt: null, faded: false },
  onlyIfNoLeaseAt?: string,
): Promise<Receipt> {
  const { alarmId, dueAt, outcome, detail } = firing;
  const noted = outcome === 'player-offline' ? await offlineNoteOf(db, alarmId, dueAt) : null;
  return {
    alarmId,
    dueAt,
    firing: {
      outcome,
      outcome_at: at,
      detail:
        noted === null ? detail : `the player was already off at ${noted}${detail ? `; ${detail}` : ''}`,
      played_at: seen.playedAt,
      faded: seen.faded ? 1 : 0,
    },
    alarm: { last_outcome: outcome, last_outcome_at: noted ?? at },
    onlyIfNoLeaseAt,
  };
}

/**
 * Writes the receipts; returns the keys of those this call wrote. A firing already settled (by
 * the sweep, its claimant, or a replica that took it over) keeps its receipt, and the alarm shows
 * one only when its firing's was written here and no later firing has claimed the alarm since.
 * A batch must not hold two receipts of one firing.
 */
export async function writeReceipts(db: Db, receipts: readonly Receipt[]): Promise<Set<string>> {
  if (receipts.length === 0) return new Set();
  return isPostgres(db) ? writeOnPostgres(db, receipts) : writeOnSqlite(db, receipts);
}

/** One receipt; true when this call wrote it. */
export async function writeReceipt(db: Db, receipt: Receipt): Promise<boolean> {
  return (await writeReceipts(db, [receipt])).has(firingKey(receipt.alarmId, receipt.dueAt));
}

/** A receipt's fields, a text array each on PostgreSQL, unnested side by side (as the claims). */
const RECEIPT_FIELDS = {
  alarm_id: (r: Receipt) => r.alarmId,
  due_at: (r: Receipt) => r.dueAt,
  outcome: (r: Receipt) => r.firing.outcome,
  outcome_at: (r: Receipt) => r.firing.outcome_at,
  detail: (r: Receipt) => r.firing.detail,
  played_at: (r: Receipt) => r.firing.played_at,
  faded: (r: Receipt) => String(r.firing.faded),
  shown_at: (r: Receipt) => r.alarm.last_outcome_at,
  no_lease_at: (r: Receipt) => r.onlyIfNoLeaseAt ?? null,
} satisfies Record<string, (r: Receipt) => string | null>;

const receiptColumns = (receipts: readonly Receipt[]) => {
  const fields = Object.entries(RECEIPT_FIELDS);
  const arrays = fields.map(([, field]) => sql`${receipts.map(field)}::text[]`);
  const names = fields.map(([name]) => sql.raw(name));
  return sql`unnest(${sql.join(arrays)}) as r(${sql.join(names)})`;
};

/**
 * PostgreSQL, one statement for the batch. `locked` takes the firings' row locks in key order and
 * `alarm_locks` the alarms' in id order, as a claim, an edit or a zone change takes them
 * (docs/decisions/alarm-firing-claims.md, "Lock order"), so two writers never wait on each other
 * in a circle. A firing settled by another writer meanwhile is skipped when its lock is granted
 * (read committed checks `outcome is null` again on the row as committed).
 */
async function writeOnPostgres(db: Db, receipts: readonly Receipt[]): Promise<Set<string>> {
  const written = await sql<{ alarm_id: string; due_at: string }>`
    with r as materialized (select * from ${receiptColumns(receipts)}),
    locked as materialized (
      select r.*
      from r
      join alarm_firings f on f.alarm_id = r.alarm_id and f.due_at = r.due_at
      where f.outcome is null
        and (r.no_lease_at is null or f.lease_until is null or f.lease_until <= r.no_lease_at)
      order by f.alarm_id, f.due_at
      for update of f
    ),
    settled as (
      update alarm_firings
      set outcome = locked.outcome, outcome_at = locked.outcome_at, detail = locked.detail,
        played_at = locked.played_at, faded = locked.faded::integer
      from locked
      where alarm_firings.alarm_id = locked.alarm_id and alarm_firings.due_at = locked.due_at
      returning locked.alarm_id, locked.due_at, locked.outcome, locked.shown_at
    ),
    alarm_locks as materialized (
      select settled.*
      from settled
      join alarms on alarms.id = settled.alarm_id and alarms.last_fired_at = settled.due_at
      order by alarms.id
      for update of alarms
    ),
    shown as (
      update alarms set last_outcome = alarm_locks.outcome, last_outcome_at = alarm_locks.shown_at
      from alarm_locks
      where alarms.id = alarm_locks.alarm_id and alarms.last_fired_at = alarm_locks.due_at
    )
    select alarm_id, due_at from settled`.execute(db);
  return new Set(written.rows.map((row) => firingKey(row.alarm_id, row.due_at)));
}

/** The firing's update, only while it has no receipt (and, when asked, no running lease). */
const settleFiring = (db: QueryCreator<Database>, receipt: Receipt) =>
  db
    .updateTable('alarm_firings')
    .set(receipt.firing)
    .where('alarm_id', '=', receipt.alarmId)
    .where('due_at', '=', receipt.dueAt)
    .where('outcome', 'is', null)
    .$if(receipt.onlyIfNoLeaseAt !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', receipt.onlyIfNoLeaseAt ?? '')]),
      ),
    );

/** SQLite: one writer at a time, so nothing changes between a firing's update and its alarm's. */
function writeOnSqlite(db: Db, receipts: readonly Receipt[]): Promise<Set<string>> {
  return db.transaction().execute(async (trx) => {
    const written = new Set<string>();
    for (const receipt of receipts) {
      const settled = await settleFiring(trx, receipt).executeTakeFirst();
      if (Number(settled.numUpdatedRows) === 0) continue;
      written.add(firingKey(receipt.alarmId, receipt.dueAt));
      await trx
        .updateTable('alarms')
        .set(receipt.alarm)
        .where('id', '=', receipt.alarmId)
        .where('last_fired_at', '=', receipt.dueAt)
        .execute();
    }
    return written;
  });
}
