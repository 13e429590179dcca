import type { Kysely } from 'kysely';
import { effectiveTimeZone, nextFireAt } from '@playlist-alarms/core/cloud/cloud-next-fire';
import { pauseDateAllowed } from '@playlist-alarms/core/alarms/skip-pause';
import { recordPassedOverBeforeEdit } from './alarm-history-repository';
import { lockedAlarm, nextFireText } from './alarms-repository';
import type { AlarmsTable, Database } from './schema';

// "Skip next", "Pause until…" and "Resume" of one of the user's cloud alarms
// (docs/decisions/skip-and-pause.md). Each runs under the user's lock and stores the mark and the
// next_fire_at it gives together, so the worker (which reads next_fire_at) never rings what is
// skipped or paused, and a restart loses nothing.

type Db = Kysely<Database>;
type Marks = Pick<AlarmsTable, 'skip_until' | 'paused_through'>;

/** Why a mark was refused (the route answers 409 or 400 with it). */
export type MarkRefusal = 'nothing-to-skip' | 'past-date';

async function changeMarks(
  db: Db,
  userId: string,
  id: string,
  now: Date,
  decide: (row: AlarmsTable, zone: string) => Marks | MarkRefusal,
): Promise<AlarmsTable | MarkRefusal | null> {
  return db.transaction().execute(async (trx) => {
    const { zone, current } = await lockedAlarm(trx, userId, id, now);
    if (current === undefined) return null;
    const marks = decide(current, effectiveTimeZone(zone));
    if (typeof marks === 'string') return marks;
    await recordPassedOverBeforeEdit(trx, current, zone, now);
    const row: AlarmsTable = { ...current, ...marks, updated_at: now.toISOString() };
    row.next_fire_at = nextFireText(row, zone, now);
    await trx
      .updateTable('alarms')
      .set({ ...marks, next_fire_at: row.next_fire_at, updated_at: row.updated_at })
      .where('yoto_user_id', '=', userId)
      .where('id', '=', id)
      .execute();
    return row;
  });
}

/** Skips the alarm's next ringing (the one next_fire_at would give now, pause included). */
export const skipNext = (db: Db, userId: string, id: string, now: Date) =>
  changeMarks(db, userId, id, now, (row, zone) => {
    const next = nextFireAt({ ...row, is_enabled: row.is_enabled === 1 }, now, zone);
    return next === null
      ? 'nothing-to-skip'
      : { skip_until: next.toISOString(), paused_through: row.paused_through };
  });

/** Keeps the alarm silent through `through` (a local date, today or later); a skip stays. */
export const pauseThrough = (db: Db, userId: string, id: string, through: string, now: Date) =>
  changeMarks(db, userId, id, now, (row, zone) =>
    pauseDateAllowed(through, now, zone)
      ? { skip_until: row.skip_until, paused_through: through }
      : 'past-date',
  );

/** Undoes a skip and a pause at once. */
export const resumeAlarm = (db: Db, userId: string, id: string, now: Date) =>
  changeMarks(db, userId, id, now, () => ({ skip_until: null, paused_through: null }));
