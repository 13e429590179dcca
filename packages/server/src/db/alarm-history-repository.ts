import type { Kysely } from 'kysely';
import { silencedCloudRingings } from '@playlist-alarms/core/alarms/silenced-ringings';
import { HISTORY_WINDOW_MS } from '@playlist-alarms/core/cloud/alarm-history';
import { maskToDays } from '@playlist-alarms/core/cloud/cloud-alarm-rules';
import { effectiveTimeZone } from '@playlist-alarms/core/cloud/cloud-next-fire';
import type {
  AlarmsTable,
  CloudAlarmRingingsTable,
  DeviceAlarmPlaysTable,
  DeviceAlarmRingingsTable,
  Database,
} from './schema';

// The alarm history's storage (docs/decisions/alarm-history.md): one player's firings and silenced
// ringings since an instant, the hold runner's and the worker's records of silenced ringings, and
// the retention purge. A player's window holds a few hundred rows at most (ten alarms a day for 30 days), so
// the history reads it whole and pages it in memory.

type Db = Kysely<Database>;

/**
 * A cloud alarm's firing on the player, with whether its alarm still exists: the caller's own, and
 * those of alarms whose creator the provider listed the player for (docs/decisions/shared-household.md).
 * Someone outside the family who named the player in an alarm of theirs writes nothing here.
 */
export async function firingsOfPlayer(db: Db, userId: string, deviceId: string, since: string) {
  return db
    .selectFrom('alarm_firings')
    .leftJoin('alarms', 'alarms.id', 'alarm_firings.alarm_id')
    .select([
      'alarm_firings.alarm_id',
      'alarm_firings.due_at',
      'alarm_firings.outcome',
      'alarm_firings.played_at',
      'alarm_firings.faded',
      'alarm_firings.alarm_type',
      'alarm_firings.alarm_name',
      'alarms.id as alarm_still',
      'alarms.alarm_name as alarm_name_now',
    ])
    .where('alarm_firings.yoto_device_id', '=', deviceId)
    .where('alarm_firings.due_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb('alarm_firings.yoto_user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('household_players')
            .select('household_players.yoto_device_id')
            .whereRef('household_players.yoto_user_id', '=', 'alarm_firings.yoto_user_id')
            .whereRef('household_players.yoto_device_id', '=', 'alarm_firings.yoto_device_id'),
        ),
      ]),
    )
    .execute();
}

/** The player's own alarms' ringings the server silenced. */
export async function silencedRingingsOfPlayer(db: Db, deviceId: string, since: string) {
  return db
    .selectFrom('device_alarm_ringings')
    .selectAll()
    .where('yoto_device_id', '=', deviceId)
    .where('due_at', '>=', since)
    .execute();
}

/** Records silenced ringings; a ringing already recorded (by another replica) stays as it was. */
export async function recordSilencedRingings(
  db: Db,
  rows: readonly DeviceAlarmRingingsTable[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('device_alarm_ringings')
    .values([...rows])
    .onConflict((oc) => oc.columns(['yoto_device_id', 'alarm', 'due_at']).doNothing())
    .execute();
}

/** The player's own alarms' ringings an open page saw play. */
export async function playsOfPlayer(db: Db, deviceId: string, since: string) {
  return db
    .selectFrom('device_alarm_plays')
    .selectAll()
    .where('yoto_device_id', '=', deviceId)
    .where('due_at', '>=', since)
    .execute();
}

/** Records a play a page saw; true when this call wrote it (a second page or a retry writes nothing). */
export async function recordPlay(db: Db, row: DeviceAlarmPlaysTable): Promise<boolean> {
  const result = await db
    .insertInto('device_alarm_plays')
    .values(row)
    .onConflict((oc) => oc.columns(['yoto_device_id', 'alarm', 'due_at']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * A cloud alarm's ringings its skip or pause passed over, with whether the alarm still exists: the
 * same household rule as firingsOfPlayer.
 */
export async function cloudSilencedOfPlayer(db: Db, userId: string, deviceId: string, since: string) {
  return db
    .selectFrom('cloud_alarm_ringings')
    .leftJoin('alarms', 'alarms.id', 'cloud_alarm_ringings.alarm_id')
    .selectAll('cloud_alarm_ringings')
    .select(['alarms.id as alarm_still', 'alarms.alarm_name as alarm_name_now'])
    .where('cloud_alarm_ringings.yoto_device_id', '=', deviceId)
    .where('cloud_alarm_ringings.due_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb('cloud_alarm_ringings.yoto_user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('household_players')
            .select('household_players.yoto_device_id')
            .whereRef('household_players.yoto_user_id', '=', 'cloud_alarm_ringings.yoto_user_id')
            .whereRef('household_players.yoto_device_id', '=', 'cloud_alarm_ringings.yoto_device_id'),
        ),
      ]),
    )
    .execute();
}

/** Records a cloud alarm's passed-over ringings; one already recorded (by another replica) stays. */
export async function recordCloudSilenced(db: Db, rows: readonly CloudAlarmRingingsTable[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('cloud_alarm_ringings')
    .values([...rows])
    .onConflict((oc) => oc.columns(['alarm_id', 'due_at']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

const latest = (...instants: (string | null)[]): number =>
  Math.max(...instants.map((at) => (at === null ? -Infinity : new Date(at).getTime())));

/**
 * The rows of a cloud alarm's ringings that its skip or pause passed over up to `now`, looking back
 * as far as the history shows. Only ringings after the marks were written (updated_at) and after
 * the last firing: earlier ones were rung, or belonged to a schedule the alarm no longer has.
 */
export function passedOverRows(
  alarm: AlarmsTable,
  zone: string | null,
  now: Date,
): CloudAlarmRingingsTable[] {
  if (alarm.is_enabled !== 1) return [];
  const since = new Date(now.getTime() - HISTORY_WINDOW_MS);
  const lastFired =
    alarm.last_fired_at !== null && alarm.last_fired_at <= now.toISOString() ? alarm.last_fired_at : null;
  const ringings = silencedCloudRingings({
    schedule: { hour: alarm.hour, minute: alarm.minute, days: maskToDays(alarm.days) },
    marks: alarm,
    after: new Date(latest(alarm.updated_at, lastFired, since.toISOString())),
    until: now,
    nextFireAt: alarm.next_fire_at === null ? null : new Date(alarm.next_fire_at),
    timeZone: effectiveTimeZone(zone),
  });
  return ringings.map((ringing) => ({
    alarm_id: alarm.id,
    due_at: ringing.dueAt,
    yoto_user_id: alarm.yoto_user_id,
    yoto_device_id: alarm.yoto_device_id,
    alarm_name: alarm.alarm_name,
    alarm_type: alarm.alarm_type,
    outcome: ringing.outcome,
    recorded_at: now.toISOString(),
  }));
}

/**
 * Before an edit rewrites an alarm's marks or updated_at (in the edit's transaction): records what
 * its skip or pause passed over so far, which the worker's minute look would otherwise miss once
 * the edit has moved updated_at past it.
 */
export async function recordPassedOverBeforeEdit(
  db: Db,
  current: AlarmsTable,
  zone: string | null,
  now: Date,
): Promise<void> {
  await recordCloudSilenced(db, passedOverRows(current, zone, now));
}

export interface PurgeCutoffs {
  /** Every firing and silenced ringing due before this goes. */
  allBefore: string;
  /** A firing of an alarm deleted since, due before this, goes. */
  deletedBefore: string;
}

/**
 * The retention rule: plain DELETEs, so replicas running it at once only delete each row once
 * between them and agree on the result. Returns how many rows this call removed.
 */
export async function purgeHistory(db: Db, cutoffs: PurgeCutoffs): Promise<number> {
  const old = await db.deleteFrom('alarm_firings').where('due_at', '<', cutoffs.allBefore).executeTakeFirst();
  const orphaned = await db
    .deleteFrom('alarm_firings')
    .where('due_at', '<', cutoffs.deletedBefore)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('alarms').select('alarms.id').whereRef('alarms.id', '=', 'alarm_firings.alarm_id'),
        ),
      ),
    )
    .executeTakeFirst();
  const silenced = await db
    .deleteFrom('device_alarm_ringings')
    .where('due_at', '<', cutoffs.allBefore)
    .executeTakeFirst();
  const plays = await db
    .deleteFrom('device_alarm_plays')
    .where('due_at', '<', cutoffs.allBefore)
    .executeTakeFirst();
  const cloudOld = await db
    .deleteFrom('cloud_alarm_ringings')
    .where('due_at', '<', cutoffs.allBefore)
    .executeTakeFirst();
  const cloudOrphaned = await db
    .deleteFrom('cloud_alarm_ringings')
    .where('due_at', '<', cutoffs.deletedBefore)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('alarms')
            .select('alarms.id')
            .whereRef('alarms.id', '=', 'cloud_alarm_ringings.alarm_id'),
        ),
      ),
    )
    .executeTakeFirst();
  return [old, orphaned, silenced, plays, cloudOld, cloudOrphaned].reduce(
    (sum, result) => sum + Number(result.numDeletedRows),
    0,
  );
}
