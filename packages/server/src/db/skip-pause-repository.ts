import type { Kysely } from 'kysely';
import { effectiveTimeZone, nextFireAt } from '@playlist-alarms/core/cloud/cloud-next-fire';
import { pauseDateAllowed } from '@playlist-alarms/core/alarms/skip-pause';
import { recordPassedOverBeforeEdit } from './alarm-history-repository';
import { lockedAlarm, nextFireText, scheduleFrom } from './alarms-repository';
import type { AlarmsTable, Database } from './schema';

// "Skip next", "Pause until…" and "Resume" of one of the user's cloud alarms
// (docs/decisions/skip-and-pause.md). Each runs under the user's lock and stores the mark and the
// next_fire_at it gives together, so the worker (which reads next_fire_at) never rings what is
// skipped or paused, and a restart loses nothing.

type Db = Kysely<Database>;
type Marks = Pick<AlarmsTable, 'skip_until' | 'paused_through'>;

/** Why a mark was refused (the route answers 409 or 400 with it). */
export type MarkRefusal = 'nothing-to-skip' | 'starting-now' | 'past-date';

async function changeMarks(
  db: Db,
  userId: string,
  id: string,
  now: Date,
  decide: (row: AlarmsTable, zone: string, from: Date) => Marks | MarkRefusal,
): Promise<AlarmsTable | MarkRefusal | null> {
  return db.transaction().execute(async (trx) => {
    const { zone, current } = await lockedAlarm(trx, userId, id, now);
    if (current === undefined) return null;
    // A firing already claimed rings whatever is marked now: the marks are about the ones after it.
    const from = await scheduleFrom(trx, id, now);
    const marks = decide(current, effectiveTimeZone(zone), from);
    if (typeof marks === 'string') return marks;
    await recordPassedOverBeforeEdit(trx, current, zone, now);
    const row: AlarmsTable = { ...current, ...marks, updated_at: now.toISOString() };
    row.next_fire_at = nextFireText(row, zone, from);
    await trx
      .updateTable('alarms')
      .set({ ...marks, next_fire_at: row.next_fire_at, updated_at: row.updated_at })
      .where('yoto_user_id', '=', userId)
      .where('id', '=', id)
      .execute();
    return row;
  });
}

/**
 * Skips the alarm's next ringing (the one next_fire_at would give now, pause included). Refused
 * once that ringing is claimed: it goes ahead, and skipping the one after it instead could leave a
 * child unwoken the next day without the parent noticing.
 */
export const skipNext = (db: Db, userId: string, id: string, now: Date) =>
  changeMarks(db, userId, id, now, (row, zone, from) => {
    if (from.getTime() > now.getTime()) return 'starting-now';
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
