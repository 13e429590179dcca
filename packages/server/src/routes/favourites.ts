import type { FastifyPluginCallback } from 'fastify';
import type { Kysely } from 'kysely';
import { errorBodySchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import {
  favouriteListSchema,
  favouriteParamsSchema,
  favouritePinSchema,
  type FavouriteList,
} from '@playlist-alarms/core/library/favourite-schemas';
import { MAX_FAVOURITES } from '@playlist-alarms/core/shared/constants';
import { callerUserId } from '../auth';
import {
  FavouriteLimitError,
  listFavourites,
  pinFavourite,
  unpinFavourite,
} from '../db/favourites-repository';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

interface FavouriteRoutesOptions {
  db: Kysely<Database>;
  now: () => Date;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;

/** GET /api/favourites, PUT and DELETE /api/favourites/{cardId}: the caller's Quick Play pins. */
export const favouriteRoutes: FastifyPluginCallback<FavouriteRoutesOptions> = (scope, { db, now }, done) => {
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  const answer = async (userId: string): Promise<FavouriteList> => ({
    favourites: (await listFavourites(db, userId)).map((row) => ({
      cardId: row.card_id,
      title: row.title,
      pinnedAt: row.pinned_at,
    })),
    cap: MAX_FAVOURITES,
  });

  app.get(
    '/api/favourites',
    {
      schema: {
        tags: ['favourites'],
        summary: 'The caller’s Quick Play Favorites, in pin order',
        response: { 200: favouriteListSchema, ...errors },
      },
    },
    async (request) => answer(callerUserId(request, undefined)),
  );

  app.put(
    '/api/favourites/:cardId',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['favourites'],
        summary: `Pin a card to Quick Play (at most ${MAX_FAVOURITES}: 409 beyond); again renames it`,
        params: favouriteParamsSchema,
        body: favouritePinSchema,
        response: { 200: favouriteListSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const userId = callerUserId(request, undefined);
      try {
        await pinFavourite(db, userId, { cardId: request.params.cardId, title: request.body.title }, now());
      } catch (error) {
        if (error instanceof FavouriteLimitError) throw new HttpError(409, error.message);
        throw error;
      }
      return answer(userId);
    },
  );

  app.delete(
    '/api/favourites/:cardId',
    {
      schema: {
        tags: ['favourites'],
        summary: 'Unpin a card from Quick Play',
        params: favouriteParamsSchema,
        response: { 200: favouriteListSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => {
      const userId = callerUserId(request, undefined);
      // Another user's pin answers as a missing one: nothing of it leaks.
      if (!(await unpinFavourite(db, userId, request.params.cardId)))
        throw new HttpError(404, 'Favourite not found');
      return answer(userId);
    },
  );
  done();
};
