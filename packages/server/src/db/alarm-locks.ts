import type { ExpressionBuilder, Transaction } from 'kysely';
import type { CloudAlarmType } from '@playlist-alarms/core/cloud/cloud-schemas';
import { isPostgres } from './connect';
import type { Database } from './schema';

// The locks every writer of alarms takes, and their order (docs/decisions/alarm-firing-claims.md,
// "Lock order"): the user's row first, then the alarms' rows by id.

type Trx = Transaction<Database>;

/**
 * Locks the user's row for the rest of the transaction, creating it when missing, and returns
 * the user's time zone. A no-op upsert takes the row lock on PostgreSQL (as `FOR UPDATE` would,
 * and it also covers a row that does not exist yet) and the write lock on SQLite, so writers of
 * one account queue here: the cap check and the insert after it cannot interleave.
 */
export async function lockUser(trx: Trx, userId: string, at: string): Promise<string | null> {
  const row = await trx
    .insertInto('users')
    .values({
      yoto_user_id: userId,
      email: null,
      name: null,
      timezone: null,
      access_token_enc: null,
      token_expires_at: null,
      refresh_token_enc: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('yoto_user_id').doUpdateSet((eb) => ({ yoto_user_id: eb.ref('excluded.yoto_user_id') })),
    )
    .returning('timezone')
    .executeTakeFirstOrThrow();
  return row.timezone;
}

/** Which of a user's alarms a lock or a delete covers: all, or those of one id or one type. */
export interface AlarmFilter {
  id?: string;
  type?: CloudAlarmType;
}

export const usersAlarms =
  (userId: string, filter: AlarmFilter) => (eb: ExpressionBuilder<Database, 'alarms'>) =>
    eb.and([
      eb('yoto_user_id', '=', userId),
      ...(filter.id === undefined ? [] : [eb('id', '=', filter.id)]),
      ...(filter.type === undefined ? [] : [eb('alarm_type', '=', filter.type)]),
    ]);

/**
 * Takes the row locks of the user's alarms (all, or those of one id or type), waiting for a claim
 * under way to commit: a claim does not take the user's lock, and on PostgreSQL an edit that read
 * before the claim committed would write next_fire_at back onto the claimed instant. The locks are
 * taken in id order, as a claim takes them (firing-claims-repository.ts): two writers that each lock several
 * alarms of one household queue instead of deadlocking, which PostgreSQL would end by aborting one.
 * SQLite's one writer at a time already keeps them apart.
 */
export async function lockAlarms(trx: Trx, userId: string, filter: AlarmFilter = {}): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx
    .selectFrom('alarms')
    .select('id')
    .where(usersAlarms(userId, filter))
    .orderBy('id')
    .forUpdate()
    .execute();
}
