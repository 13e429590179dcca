import type { Kysely } from 'kysely';
import { MAX_FAVOURITES } from '@playlist-alarms/core/shared/constants';
import { favouritesFull } from '@playlist-alarms/core/texts/favourite-texts';
import { lockUser } from './alarm-locks';
import type { Database, FavouritesTable } from './schema';

// One user's Quick Play Favorites. Every function takes the caller's yoto_user_id and every query
// filters on it: another user's pins cannot be read or changed from here.

type Db = Kysely<Database>;

/** The user already pinned MAX_FAVOURITES cards. */
export class FavouriteLimitError extends Error {
  constructor() {
    super(favouritesFull(MAX_FAVOURITES));
    this.name = 'FavouriteLimitError';
  }
}

export const listFavourites = (db: Db, userId: string): Promise<FavouritesTable[]> =>
  db
    .selectFrom('favourites')
    .selectAll()
    .where('yoto_user_id', '=', userId)
    .orderBy('position')
    .orderBy('card_id')
    .execute();

/**
 * Pins a card last, or renames one already pinned (it keeps its place). The count and the insert
 * run under the user's lock, so two tabs pinning at once cannot pass the cap together.
 */
export async function pinFavourite(
  db: Db,
  userId: string,
  pin: { cardId: string; title: string },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId, now.toISOString());
    const renamed = await trx
      .updateTable('favourites')
      .set({ title: pin.title })
      .where('yoto_user_id', '=', userId)
      .where('card_id', '=', pin.cardId)
      .executeTakeFirst();
    if (renamed.numUpdatedRows > 0n) return;
    const { count, last } = await trx
      .selectFrom('favourites')
      .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.max('position').as('last')])
      .where('yoto_user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_FAVOURITES) throw new FavouriteLimitError();
    await trx
      .insertInto('favourites')
      .values({
        yoto_user_id: userId,
        card_id: pin.cardId,
        title: pin.title,
        position: Number(last ?? 0) + 1,
        pinned_at: now.toISOString(),
      })
      .execute();
  });
}

/** Unpins a card; false when the user had not pinned it. */
export async function unpinFavourite(db: Db, userId: string, cardId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('favourites')
    .where('yoto_user_id', '=', userId)
    .where('card_id', '=', cardId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
