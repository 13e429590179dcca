import { sql, type Kysely, type RawBuilder } from 'kysely';
import { lockAlarmIds } from './alarm-locks';
import type { AlarmsTable, Database } from './schema';

// The claim of firings (docs/decisions/alarm-firing-claims.md), many in one go: the alarms a
// replica finds due at one instant are claimed with one lock (PostgreSQL), one insert, one update
// and one clean-up, not a transaction each (docs/scale.md). The same statements serve SQLite and PostgreSQL: VALUES lists
// (their columns are column1, column2… in both), INSERT … SELECT … ON CONFLICT DO NOTHING RETURNING
// and UPDATE … FROM.

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

/** A claim's key in the set claimFirings returns. */
export const claimKey = (alarmId: string, dueAt: string) => `${alarmId}@${dueAt}`;

/**
 * SQLite allows 32,766 parameters in a statement; a claim takes 11 in the insert. Bigger batches
 * are claimed in parts, each in its own transaction.
 */
const CLAIMS_PER_STATEMENT = 1_000;

/**
 * Claims every firing it can, in one transaction per thousand: inserts (alarm_id, due_at) into
 * alarm_firings for each alarm still enabled and still due at that instant. The primary key lets
 * one insert win, however many processes and pages race (a PostgreSQL loser waits for the winner's
 * commit and then inserts nothing). Each won alarm moves on to its next firing, still only if it is
 * still due at that instant and unchanged since the claimant read it (an edit just before the
 * alarm wins over a stale timer: its firing row is taken back). A "player was off" note of the
 * prepare window for that firing stays on show.
 * Returns the claimKeys won; the winner holds each firing's lease until its `leaseUntil`.
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
  return (await claimFirings(db, [claim])).has(claimKey(claim.alarmId, claim.dueAt));
}

const values = (rows: RawBuilder<unknown>[]) => sql`(values ${sql.join(rows)}) as v`;

async function claimPart(db: Db, claims: readonly Claim[]): Promise<string[]> {
  if (claims.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    // PostgreSQL: the alarms' row locks first, in id order, as an edit, a zone change or a delete
    // takes them; the update below would take them in its plan's order and could deadlock with one.
    await lockAlarmIds(
      trx,
      claims.map((c) => c.alarmId),
    );
    const inserted = await sql<{ alarm_id: string; due_at: string }>`
      insert into alarm_firings (alarm_id, due_at, claimed_by, claimed_at, lease_owner, lease_until,
        yoto_user_id, yoto_device_id, alarm_name, alarm_type, playlist_id)
      select v.column1, v.column2, v.column3, v.column4, v.column3, v.column5, v.column6, v.column7,
        v.column8, v.column9, v.column11
      from ${values(
        claims.map(
          (c) =>
            sql`(${c.alarmId}, ${c.dueAt}, ${c.claimedBy}, ${c.at}, ${c.leaseUntil}, ${c.alarm.yoto_user_id}, ${c.alarm.yoto_device_id}, ${c.alarm.alarm_name}, ${c.alarm.alarm_type}, ${c.alarm.updated_at}, ${c.alarm.playlist_id})`,
        ),
      )}
      join alarms on alarms.id = v.column1
      where alarms.is_enabled = 1 and alarms.next_fire_at = v.column2 and alarms.updated_at = v.column10
      on conflict (alarm_id, due_at) do nothing
      returning alarm_id, due_at`.execute(trx);
    if (inserted.rows.length === 0) return [];
    const claimOf = new Map(claims.map((c) => [claimKey(c.alarmId, c.dueAt), c]));
    // Moved on only where still due then; the prepare window's note is kept for its own firing.
    const moved = await sql<{ id: string }>`
      update alarms set
        next_fire_at = v.column3,
        last_fired_at = v.column2,
        last_outcome = case when alarms.last_fired_at = v.column2 and alarms.last_outcome = 'player-offline'
          then 'player-offline' else null end,
        last_outcome_at = case when alarms.last_fired_at = v.column2 and alarms.last_outcome = 'player-offline'
          then alarms.last_outcome_at else null end
      from ${values(
        inserted.rows.map((row) => {
          const claim = claimOf.get(claimKey(row.alarm_id, row.due_at));
          return sql`(${row.alarm_id}, ${row.due_at}, ${claim?.nextFireAt ?? null}, ${claim?.alarm.updated_at ?? null})`;
        }),
      )}
      where alarms.id = v.column1 and alarms.is_enabled = 1 and alarms.next_fire_at = v.column2
        and alarms.updated_at = v.column4
      returning alarms.id`.execute(trx);
    const movedIds = new Set(moved.rows.map((row) => row.id));
    const stale = inserted.rows.filter((row) => !movedIds.has(row.alarm_id));
    // Edited between the insert's read and the update (PostgreSQL read the alarm before the edit
    // committed): that firing is not claimed after all.
    for (const row of stale) {
      await trx
        .deleteFrom('alarm_firings')
        .where('alarm_id', '=', row.alarm_id)
        .where('due_at', '=', row.due_at)
        .execute();
    }
    return inserted.rows
      .filter((row) => movedIds.has(row.alarm_id))
      .map((row) => claimKey(row.alarm_id, row.due_at));
  });
}
