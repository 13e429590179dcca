import type { Kysely } from 'kysely';
import type { AlarmsTable, Database } from './schema';

// The household's players as the provider listed them (migration 0009), and the cloud alarms a
// user may reach through them (docs/decisions/shared-household.md): their own, and those set on a
// player both they and the alarm's creator were listed for. The second condition keeps an outsider
// from planting an alarm in a family's list by naming one of its players.

type Db = Kysely<Database>;

/**
 * Stores the user's players as just listed: players no longer listed go, new ones come with the
 * time they first appeared; a player listed before keeps its row untouched.
 */
export async function recordPlayers(
  db: Db,
  userId: string,
  deviceIds: readonly string[],
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let gone = trx.deleteFrom('household_players').where('yoto_user_id', '=', userId);
    if (deviceIds.length > 0) gone = gone.where('yoto_device_id', 'not in', [...deviceIds]);
    await gone.execute();
    if (deviceIds.length === 0) return;
    await trx
      .insertInto('household_players')
      .values(
        [...new Set(deviceIds)].map((id) => ({ yoto_user_id: userId, yoto_device_id: id, listed_at: at })),
      )
      .onConflict((oc) => oc.columns(['yoto_user_id', 'yoto_device_id']).doNothing())
      .execute();
  });
}

/** The players the provider last listed for the user (none before their first list). */
export async function playersListedFor(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('household_players')
    .select('yoto_device_id')
    .where('yoto_user_id', '=', userId)
    .orderBy('yoto_device_id')
    .execute();
  return rows.map((row) => row.yoto_device_id);
}

/** The users the provider last listed the player for (any of them may have left since). */
export async function listersOfPlayer(db: Db, deviceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('household_players')
    .select('yoto_user_id')
    .where('yoto_device_id', '=', deviceId)
    .orderBy('listed_at')
    .orderBy('yoto_user_id')
    .execute();
  return rows.map((row) => row.yoto_user_id);
}

/** The user's own alarms and the household's on the given players (the caller's, as just listed). */
export async function listHouseholdAlarms(
  db: Db,
  userId: string,
  players: readonly string[],
): Promise<AlarmsTable[]> {
  return db
    .selectFrom('alarms')
    .selectAll()
    .where((eb) => {
      const own = eb('yoto_user_id', '=', userId);
      if (players.length === 0) return own;
      return eb.or([
        own,
        eb.and([
          eb('yoto_device_id', 'in', [...players]),
          eb.exists(
            eb
              .selectFrom('household_players')
              .select('household_players.yoto_device_id')
              .whereRef('household_players.yoto_user_id', '=', 'alarms.yoto_user_id')
              .whereRef('household_players.yoto_device_id', '=', 'alarms.yoto_device_id'),
          ),
        ]),
      ]);
    })
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Any user's alarm by id: only for the access check, never an answer as such. */
export async function findAlarmById(db: Db, id: string): Promise<AlarmsTable | null> {
  return (await db.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Whether the provider listed the player for the user when last asked. */
export async function wasListed(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('household_players')
    .select('yoto_device_id')
    .where('yoto_user_id', '=', userId)
    .where('yoto_device_id', '=', deviceId)
    .executeTakeFirst();
  return row !== undefined;
}
