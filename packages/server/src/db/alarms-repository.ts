import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { nextFireAt } from '@playlist-alarms/core/cloud/cloud-next-fire';
import {
  defaultCloudAlarmName,
  type CloudAlarm,
  type CloudAlarmCreate,
  type CloudAlarmType,
  type CloudAlarmUpdate,
} from '@playlist-alarms/core/cloud/cloud-schemas';
import { shareOf } from '@playlist-alarms/core/cloud/worker-roster';
import { MAX_CLOUD_ALARMS } from '@playlist-alarms/core/shared/constants';
import { CLOUD_CAP_MESSAGE } from '@playlist-alarms/core/texts/cloud-edit-texts';
import { recordPassedOverBeforeEdit } from './alarm-history-repository';
import { lockAlarms, lockUser, usersAlarms, type AlarmFilter } from './alarm-locks';
import type { AlarmsTable, Database } from './schema';

// The cloud alarms of one user. Every function takes the caller's yoto_user_id and every query
// filters on it: there is no way to read or change another user's alarm from here.

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The account already holds MAX_CLOUD_ALARMS alarms. */
export class AlarmLimitError extends Error {
  constructor() {
    super(CLOUD_CAP_MESSAGE);
    this.name = 'AlarmLimitError';
  }
}

/**
 * One of the user's alarms, read under the user's lock (lockUser), with the user's zone: what an
 * edit of that alarm starts from. Undefined when the user has no such alarm.
 */
export async function lockedAlarm(
  trx: Trx,
  userId: string,
  id: string,
  now: Date,
): Promise<{ zone: string | null; current: AlarmsTable | undefined }> {
  const zone = await lockUser(trx, userId, now.toISOString());
  await lockAlarms(trx, userId, { id });
  const current = await trx
    .selectFrom('alarms')
    .selectAll()
    .where('yoto_user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return { zone, current };
}

/** next_fire_at as stored: honours a skip and a pause when the row has them. */
export const nextFireText = (
  alarm: Pick<AlarmsTable, 'hour' | 'minute' | 'days' | 'is_enabled'> &
    Partial<Pick<AlarmsTable, 'skip_until' | 'paused_through'>>,
  zone: string | null,
  now: Date,
) => nextFireAt({ ...alarm, is_enabled: alarm.is_enabled === 1 }, now, zone)?.toISOString() ?? null;

/**
 * The instant an edit's next firing must come after: `now`, or the due instant of this alarm's
 * firing already claimed ahead of now. The claim (RING_LEAD_MS before the due instant) moves
 * next_fire_at past that instant; an edit in those seconds that put it back would point the alarm at
 * a firing no worker can claim again, and it would never ring after (the claim conflicts forever).
 */
export async function scheduleFrom(trx: Trx, alarmIds: string | readonly string[], now: Date): Promise<Date> {
  const ids = typeof alarmIds === 'string' ? [alarmIds] : alarmIds;
  if (ids.length === 0) return now;
  const claimed = await trx
    .selectFrom('alarm_firings')
    .select((eb) => eb.fn.max('due_at').as('due_at'))
    .where('alarm_id', 'in', ids)
    .where('due_at', '>', now.toISOString())
    .executeTakeFirst();
  return claimed?.due_at ? new Date(claimed.due_at) : now;
}

/** The extras a body sets, as columns (absent ones untouched; the night light as 0/1). */
function extrasColumns(
  input: Pick<CloudAlarmUpdate, 'fade_in_minutes' | 'sleep_timer_minutes' | 'night_light'>,
): Partial<Pick<AlarmsTable, 'fade_in_minutes' | 'sleep_timer_minutes' | 'night_light'>> {
  const { fade_in_minutes, sleep_timer_minutes, night_light } = input;
  return {
    ...(fade_in_minutes === undefined ? {} : { fade_in_minutes }),
    ...(sleep_timer_minutes === undefined ? {} : { sleep_timer_minutes }),
    ...(night_light === undefined ? {} : { night_light: night_light === null ? null : night_light ? 1 : 0 }),
  };
}

/** A new alarm's row as the API stores it: a fresh id, next_fire_at in the user's zone, no firing yet. */
export function newAlarmRow(
  userId: string,
  input: CloudAlarmCreate,
  zone: string | null,
  now: Date,
  /** Where its first ringing is looked for from (scheduleFrom); now by default. */
  from: Date = now,
): AlarmsTable {
  const at = now.toISOString();
  const fields = {
    hour: input.hour,
    minute: input.minute,
    days: input.days,
    is_enabled: input.is_enabled ? 1 : 0,
  };
  return {
    id: crypto.randomUUID(),
    yoto_user_id: userId,
    share: shareOf(userId),
    yoto_device_id: input.yoto_device_id,
    device_name: input.device_name,
    alarm_name:
      input.alarm_name ||
      defaultCloudAlarmName(input.alarm_type, input.hour, input.minute, input.playlist_name),
    alarm_type: input.alarm_type,
    playlist_id: input.playlist_id,
    playlist_name: input.playlist_name,
    ...fields,
    volume: input.volume,
    // A client's mqtt_config is never stored: it may carry a token, and it is not trusted.
    mqtt_config: null,
    next_fire_at: nextFireText(fields, zone, from),
    last_fired_at: null,
    last_outcome: null,
    last_outcome_at: null,
    claimed_by: null,
    claimed_until: null,
    skip_until: null,
    paused_through: null,
    fade_in_minutes: null,
    sleep_timer_minutes: null,
    night_light: null,
    ...extrasColumns(input),
    created_at: at,
    updated_at: at,
  };
}

async function countAlarms(trx: Trx, userId: string): Promise<number> {
  const { count } = await trx
    .selectFrom('alarms')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('yoto_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count); // PostgreSQL counts as bigint text
}

/** Adds an alarm; throws AlarmLimitError when the account is full (checked under the user's lock). */
export async function createAlarm(
  db: Db,
  userId: string,
  input: CloudAlarmCreate,
  now: Date,
): Promise<AlarmsTable> {
  return db.transaction().execute(async (trx) => {
    const zone = await lockUser(trx, userId, now.toISOString());
    if ((await countAlarms(trx, userId)) >= MAX_CLOUD_ALARMS) throw new AlarmLimitError();
    const row = newAlarmRow(userId, input, zone, now);
    await trx.insertInto('alarms').values(row).execute();
    return row;
  });
}

/** An upload: the new alarm replaces every alarm of its type, in one transaction. */
export async function replaceAlarmOfType(
  db: Db,
  userId: string,
  input: CloudAlarmCreate,
  now: Date,
): Promise<AlarmsTable> {
  return db.transaction().execute(async (trx) => {
    const zone = await lockUser(trx, userId, now.toISOString());
    const ofType = { type: input.alarm_type };
    await lockAlarms(trx, userId, ofType);
    const replaced = await trx
      .deleteFrom('alarms')
      .where(usersAlarms(userId, ofType))
      .returning('id')
      .execute();
    if ((await countAlarms(trx, userId)) >= MAX_CLOUD_ALARMS) throw new AlarmLimitError();
    // A replaced alarm whose ringing is already claimed rings anyway: the new one starts after it,
    // or the player would hear that instant twice.
    const from = await scheduleFrom(
      trx,
      replaced.map((row) => row.id),
      now,
    );
    const row = newAlarmRow(userId, input, zone, now, from);
    await trx.insertInto('alarms').values(row).execute();
    return row;
  });
}

/** Applies the patch to the user's alarm and recomputes next_fire_at; null when the user has no such alarm. */
/** What a PUT may change, named one by one: a field the schema let through by mistake changes nothing. */
const EDITABLE_FIELDS = [
  'yoto_device_id',
  'device_name',
  'alarm_name',
  'alarm_type',
  'playlist_id',
  'playlist_name',
  'hour',
  'minute',
  'days',
  'volume',
] as const satisfies readonly (keyof CloudAlarmUpdate & keyof AlarmsTable)[];

function editableFields(
  patch: CloudAlarmUpdate,
): Partial<Pick<CloudAlarmUpdate, (typeof EDITABLE_FIELDS)[number]>> {
  return Object.fromEntries(
    EDITABLE_FIELDS.flatMap((key) => (patch[key] === undefined ? [] : [[key, patch[key]]])),
  );
}

export async function updateAlarm(
  db: Db,
  userId: string,
  id: string,
  patch: CloudAlarmUpdate,
  now: Date,
): Promise<AlarmsTable | null> {
  return db.transaction().execute(async (trx) => {
    const { zone, current } = await lockedAlarm(trx, userId, id, now);
    if (current === undefined) return null;
    await recordPassedOverBeforeEdit(trx, current, zone, now);
    const { is_enabled } = patch;
    const merged: AlarmsTable = {
      ...current,
      ...editableFields(patch),
      ...(is_enabled === undefined ? {} : { is_enabled: is_enabled ? 1 : 0 }),
      ...extrasColumns(patch),
      updated_at: now.toISOString(),
    };
    // A skip is of one ringing: a new time or new days make a new schedule, with nothing skipped.
    if (merged.hour !== current.hour || merged.minute !== current.minute || merged.days !== current.days)
      merged.skip_until = null;
    const from = await scheduleFrom(trx, id, now);
    merged.next_fire_at = nextFireText(merged, zone, from);
    // A "the player was off" note of the prepare window is about a firing still ahead: once the
    // edit moves the alarm off that instant, the note is about nothing. A claimed firing's
    // last_fired_at is not a note: its receipt is still to come.
    if (
      current.last_fired_at !== null &&
      current.last_fired_at > now.toISOString() &&
      current.last_fired_at !== from.toISOString() &&
      merged.next_fire_at !== current.last_fired_at
    ) {
      merged.last_fired_at = null;
      merged.last_outcome = null;
      merged.last_outcome_at = null;
    }
    // An alarm an older replica wrote without a share gets its account's now.
    merged.share = shareOf(userId);
    const { id: _id, yoto_user_id: _owner, created_at: _created, ...changes } = merged;
    await trx
      .updateTable('alarms')
      .set(changes)
      .where('yoto_user_id', '=', userId)
      .where('id', '=', id)
      .execute();
    return merged;
  });
}

/** After a time zone change: every alarm of the user gets its next_fire_at in the new zone. */
export async function refreshNextFireTimes(
  trx: Trx,
  userId: string,
  zones: { from: string | null; to: string | null },
  now: Date,
): Promise<void> {
  await lockAlarms(trx, userId);
  const rows = await trx.selectFrom('alarms').selectAll().where('yoto_user_id', '=', userId).execute();
  for (const row of rows) {
    // The ringings passed over so far were in the old zone, which the row no longer tells after.
    await recordPassedOverBeforeEdit(trx, row, zones.from, now);
    await trx
      .updateTable('alarms')
      .set({
        next_fire_at: nextFireText(row, zones.to, await scheduleFrom(trx, row.id, now)),
        updated_at: now.toISOString(),
      })
      .where('yoto_user_id', '=', userId)
      .where('id', '=', row.id)
      .execute();
  }
}

export async function listAlarms(db: Db, userId: string): Promise<AlarmsTable[]> {
  return db
    .selectFrom('alarms')
    .selectAll()
    .where('yoto_user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The user's alarm of a type (the newest, should plain creates have added several). */
export async function findAlarmOfType(
  db: Db,
  userId: string,
  type: CloudAlarmType,
): Promise<AlarmsTable | null> {
  const row = await db
    .selectFrom('alarms')
    .selectAll()
    .where('yoto_user_id', '=', userId)
    .where('alarm_type', '=', type)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes the user's alarms matching the filter; returns how many went. */
export async function deleteAlarms(db: Db, userId: string, filter: AlarmFilter = {}): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockAlarms(trx, userId, filter);
    const result = await trx.deleteFrom('alarms').where(usersAlarms(userId, filter)).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** The API's view of a row: flags as booleans, no worker bookkeeping, never mqtt_config. */
export function toCloudAlarm(row: AlarmsTable): CloudAlarm {
  return {
    id: row.id,
    yoto_user_id: row.yoto_user_id,
    yoto_device_id: row.yoto_device_id,
    device_name: row.device_name,
    alarm_name: row.alarm_name,
    alarm_type: row.alarm_type,
    playlist_id: row.playlist_id,
    playlist_name: row.playlist_name,
    hour: row.hour,
    minute: row.minute,
    days: row.days,
    volume: row.volume,
    is_enabled: row.is_enabled === 1,
    next_fire_at: row.next_fire_at,
    last_fired_at: row.last_fired_at,
    last_outcome: row.last_outcome,
    last_outcome_at: row.last_outcome_at,
    skip_until: row.skip_until,
    paused_through: row.paused_through,
    fade_in_minutes: row.fade_in_minutes,
    sleep_timer_minutes: row.sleep_timer_minutes,
    night_light: row.night_light === null ? null : row.night_light === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
