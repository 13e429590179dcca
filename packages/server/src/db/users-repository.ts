import type { Kysely } from 'kysely';
import type { Database, DevicesTable, UsersTable } from './schema';

// Users and their players as the own backend records them (SPEC §3 "Cloud user record" and
// "Cloud device"). Every read and write is scoped by the caller's yoto_user_id.

export type UserRecord = Omit<UsersTable, 'created_at' | 'updated_at'>;
export type DeviceRecord = Omit<DevicesTable, 'created_at' | 'updated_at'>;

const now = () => new Date().toISOString();

/** Inserts the user or updates every field of an existing one; returns the stored row. */
export async function upsertUser(db: Kysely<Database>, user: UserRecord): Promise<UsersTable> {
  const at = now();
  const { yoto_user_id: _id, ...fields } = user;
  return db
    .insertInto('users')
    .values({ ...user, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('yoto_user_id').doUpdateSet({ ...fields, updated_at: at }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUser(db: Kysely<Database>, yotoUserId: string): Promise<UsersTable | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('yoto_user_id', '=', yotoUserId)
    .executeTakeFirst();
  return row ?? null;
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
