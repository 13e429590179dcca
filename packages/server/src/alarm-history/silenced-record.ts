import type { Kysely } from 'kysely';
import { silencedAlarmName, silencedRingings } from '@playlist-alarms/core/alarms/silenced-ringings';
import { recordSilencedRingings } from '../db/alarm-history-repository';
import type { AlarmHoldsTable, Database } from '../db/schema';

/**
 * The history's entries for the ringings a hold kept silent until `until`, when the alarm went back
 * on: by the hold runner at its switch-on, or by a resume (docs/decisions/alarm-history.md).
 */
export async function recordHoldSilenced(
  db: Kysely<Database>,
  hold: AlarmHoldsTable,
  until: Date,
): Promise<void> {
  const silenced = silencedRingings({
    alarm: hold.alarm,
    marks: hold,
    from: new Date(hold.created_at),
    until,
    timeZone: hold.time_zone,
  });
  await recordSilencedRingings(
    db,
    silenced.map((ringing) => ({
      yoto_device_id: hold.yoto_device_id,
      alarm: hold.alarm,
      due_at: ringing.dueAt,
      yoto_user_id: hold.yoto_user_id,
      alarm_name: silencedAlarmName(hold.alarm),
      outcome: ringing.outcome,
      recorded_at: until.toISOString(),
    })),
  );
}
