import type { Kysely } from 'kysely';
import type { AlarmsTable, Database, UsersTable } from '../../src/db/schema';

// Reads and writes of single rows that only tests need: the app itself creates users at sign-in
// (sessions/session-store.ts) and reads alarms through the routes' queries.

type Db = Kysely<Database>;
type UserRecord = Omit<UsersTable, 'created_at' | 'updated_at'>;

/** Inserts the user or updates every field of an existing one; returns the stored row. */
export async function upsertUser(db: Db, user: UserRecord): Promise<UsersTable> {
  const at = new Date().toISOString();
  const { yoto_user_id: _id, ...fields } = user;
  return db
    .insertInto('users')
    .values({ ...user, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('yoto_user_id').doUpdateSet({ ...fields, updated_at: at }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUser(db: Db, yotoUserId: string): Promise<UsersTable | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('yoto_user_id', '=', yotoUserId)
    .executeTakeFirst();
  return row ?? null;
}

export async function findAlarm(db: Db, userId: string, id: string): Promise<AlarmsTable | null> {
  const row = await db
    .selectFrom('alarms')
    .selectAll()
    .where('yoto_user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}
