import { describe, expect, it } from 'vitest';
import { makePlaylist } from '../../test/fixtures/builders';
import { MAX_FAVOURITES } from '../shared/constants';
import { canPin, isPinned, quickPlayFavourites, withPin, withoutPin } from './quick-play-favourites';

const playlists = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) =>
  makePlaylist(0, { id, cardId: id, title: `Story ${id}` }),
);
const pins = (n: number) => Array.from({ length: n }, (_, i) => ({ cardId: `p${i}`, title: `Pinned ${i}` }));

describe('Quick Play Favorites', () => {
  it('with nothing pinned, the first four playlists stand in', () => {
    expect(quickPlayFavourites(playlists, []).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('pinned cards come in pin order, named by the playlist that holds them now', () => {
    const shown = quickPlayFavourites(playlists, [
      { cardId: 'e', title: 'Old name' },
      { cardId: 'b', title: 'Story b' },
    ]);
    expect(shown.map((p) => [p.cardId, p.title])).toEqual([
      ['e', 'Story e'],
      ['b', 'Story b'],
    ]);
  });

  it('a pinned card no own playlist holds (a family library card) keeps the title it was pinned with', () => {
    expect(quickPlayFavourites(playlists, [{ cardId: 'fam1', title: 'Grandma reads' }])).toEqual([
      { id: 'fam1', title: 'Grandma reads', cardId: 'fam1' },
    ]);
  });

  it(`shows at most ${MAX_FAVOURITES}, and a pin beyond the cap is refused unless already pinned`, () => {
    expect(quickPlayFavourites(playlists, pins(MAX_FAVOURITES + 2))).toHaveLength(MAX_FAVOURITES);
    expect(canPin(pins(MAX_FAVOURITES - 1), 'new')).toBe(true);
    expect(canPin(pins(MAX_FAVOURITES), 'new')).toBe(false);
    expect(canPin(pins(MAX_FAVOURITES), 'p3')).toBe(true);
  });

  it('pinning appends a new card, re-pinning keeps its place; unpinning removes only that card', () => {
    const two = withPin(withPin([], { cardId: 'a', title: 'A' }), { cardId: 'b', title: 'B' });
    expect(two.map((f) => f.cardId)).toEqual(['a', 'b']);
    expect(withPin(two, { cardId: 'a', title: 'A2' })).toEqual([
      { cardId: 'a', title: 'A2' },
      { cardId: 'b', title: 'B' },
    ]);
    expect(withoutPin(two, 'a')).toEqual([{ cardId: 'b', title: 'B' }]);
    expect(isPinned(two, 'b')).toBe(true);
    expect(isPinned(two, null)).toBe(false);
  });
});
