// The favourites API's payloads as our server validates and serializes them (zod, for its
// OpenAPI document too); favourite-answers.ts is the page's zod/mini twin of the answer.
import { z } from 'zod';
import { MAX_FAVOURITES } from '../shared/constants';

/** A card id as the provider spells them (the proxy's rule too). */
export const favouriteParamsSchema = z.object({
  cardId: z
    .string()
    .min(1, 'cardId is required')
    .max(100, 'cardId must be at most 100 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'cardId may hold only letters, digits, _ and -'),
});

export const favouritePinSchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(200, 'title must be at most 200 characters'),
});

export const favouriteSchema = z.object({
  cardId: z.string(),
  title: z.string(),
  pinnedAt: z.string(),
});

export const favouriteListSchema = z.object({
  favourites: z.array(favouriteSchema).max(MAX_FAVOURITES),
  cap: z.number().int(),
});

export type FavouriteList = z.infer<typeof favouriteListSchema>;
