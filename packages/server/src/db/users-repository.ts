import type { Kysely } from 'kysely';
import { effectiveTimeZone } from '@playlist-alarms/core/cloud/cloud-next-fire';
import { lockUser } from './alarm-locks';
import { refreshNextFireTimes } from './alarms-repository';
import type { Database, DevicesTable, UsersTable } from './schema';

// Users and their players as the own backend records them. Every read and write is scoped by the caller's
// yoto_user_id.

type DeviceRecord = Omit<DevicesTable, 'created_at' | 'updated_at'>;

const now = () => new Date().toISOString();

/** What POST /api/users may change: undefined keeps a field, null (or '') clears it. */
interface UserProfile {
  email?: string | null | undefined;
  name?: string | null | undefined;
  timezone?: string | null | undefined;
}

/**
 * Records the user's profile, never a token. When the time zone changes, every alarm of the user
 * gets its next_fire_at in the new zone within the same transaction.
 */
export async function saveUserProfile(
  db: Kysely<Database>,
  userId: string,
  profile: UserProfile,
  now: Date,
): Promise<UsersTable> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const previousZone = await lockUser(trx, userId, at);
    const blankIsNull = (value: string | null | undefined) => (value === '' ? null : value);
    const changes: Partial<Pick<UsersTable, 'email' | 'name' | 'timezone'>> = {};
    if (profile.email !== undefined) changes.email = blankIsNull(profile.email);
    if (profile.name !== undefined) changes.name = blankIsNull(profile.name);
    if (profile.timezone !== undefined) changes.timezone = blankIsNull(profile.timezone);
    const row = await trx
      .updateTable('users')
      .set({ ...changes, updated_at: at })
      .where('yoto_user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (effectiveTimeZone(row.timezone) !== effectiveTimeZone(previousZone)) {
      await refreshNextFireTimes(trx, userId, { from: previousZone, to: row.timezone }, now);
    }
    return row;
  });
}

/** Records a player of the user (one row per user and device; a second call renames it). */
export async function upsertDevice(db: Kysely<Database>, device: DeviceRecord): Promise<DevicesTable> {
  const at = now();
  return db
    .insertInto('devices')
    .values({ ...device, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['yoto_user_id', 'yoto_device_id']).doUpdateSet({
        device_name: device.device_name,
        device_type: device.device_type,
        updated_at: at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listDevices(db: Kysely<Database>, yotoUserId: string): Promise<DevicesTable[]> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('yoto_user_id', '=', yotoUserId)
    .orderBy('device_name')
    .orderBy('yoto_device_id')
    .execute();
}
