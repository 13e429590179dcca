// The favourites API's answer as the page checks it, in zod/mini like the page's other edges
// (favourite-answers.test.ts pins it to favourite-schemas.ts).
import * as z from 'zod/mini';

export const favouriteListAnswer = z.object({
  favourites: z.array(z.object({ cardId: z.string(), title: z.string(), pinnedAt: z.string() })),
  cap: z.number(),
});

export type FavouriteListAnswer = z.infer<typeof favouriteListAnswer>;
