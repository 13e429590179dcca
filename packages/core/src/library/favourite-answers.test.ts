import { describe, expect, it } from 'vitest';
import { MAX_FAVOURITES } from '../shared/constants';
import { favouriteListAnswer } from './favourite-answers';
import { favouriteListSchema, favouritePinSchema, favouriteParamsSchema } from './favourite-schemas';

describe("the favourites API's schemas", () => {
  const answer = {
    favourites: [{ cardId: 'card-1', title: 'Morning', pinnedAt: '2026-06-10T06:00:00.000Z' }],
    cap: MAX_FAVOURITES,
  };
  it("the page's zod/mini answer accepts what the server's schema sends, and refuses what it would not", () => {
    expect(favouriteListAnswer.parse(favouriteListSchema.parse(answer))).toEqual(answer);
    expect(favouriteListAnswer.safeParse({ favourites: [{ cardId: 'x' }], cap: 12 }).success).toBe(false);
    expect(favouriteListSchema.safeParse({ ...answer, favourites: [] }).success).toBe(true);
  });
  it('a pin names its card by a provider id and carries a non-blank title of at most 200 characters', () => {
    expect(favouriteParamsSchema.safeParse({ cardId: '5WsQg-_9' }).success).toBe(true);
    for (const cardId of ['', 'a b', "x' OR 1=1", 'a'.repeat(101)])
      expect(favouriteParamsSchema.safeParse({ cardId }).success, cardId).toBe(false);
    expect(favouritePinSchema.parse({ title: '  Owl  ', extra: 1 })).toEqual({ title: 'Owl' });
    expect(favouritePinSchema.safeParse({ title: '  ' }).success).toBe(false);
    expect(favouritePinSchema.safeParse({ title: 'x'.repeat(201) }).success).toBe(false);
  });
});
