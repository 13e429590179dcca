import { describe, expect, it } from 'vitest';
import { toCardDetail, toFamilyGroupDetail, toPlaylist } from './playlist-mapping';
import { cardSchema, familyGroupSchema } from './rest-schemas';

const card = (raw: unknown) => cardSchema.parse(raw);

describe('toPlaylist', () => {
  it('maps a full provider card', () => {
    expect(
      toPlaylist(
        card({
          cardId: 'c1',
          title: 'Bedtime',
          createdAt: '2024-01-01T00:00:00Z',
          updatedAt: '2024-02-01T00:00:00Z',
          availability: 'available',
          metadata: {
            description: 'Calm songs',
            category: 'music',
            author: 'Mum',
            cover: { imageL: 'https://img/c1.png' },
            media: { duration: 1234, fileSize: 99 },
          },
          somethingNew: { kept: true },
        }),
      ),
    ).toEqual({
      id: 'c1',
      cardId: 'c1',
      title: 'Bedtime',
      description: 'Calm songs',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-02-01T00:00:00Z',
      coverArt: 'https://img/c1.png',
      duration: 1234,
      category: 'music',
      groupId: null,
      groupName: null,
      isFromFamilyLibrary: false,
      author: 'Mum',
      availability: 'available',
    });
  });

  it('fills the defaults for a bare card and reads wrong-typed optional fields as absent', () => {
    const playlist = toPlaylist(
      card({ cardId: 'c2', metadata: { category: 7, cover: 'nope', media: { duration: '90' } } }),
    );
    expect(playlist).toMatchObject({
      title: '',
      description: '',
      coverArt: null,
      duration: 90,
      category: 'MYO',
      author: null,
      availability: null,
    });
  });

  it('keeps the special category "none" and sums chapter durations when media has none', () => {
    const playlist = toPlaylist(
      card({
        cardId: 'c3',
        metadata: { category: 'none' },
        content: { chapters: [{ duration: 10 }, { duration: 5 }] },
      }),
    );
    expect(playlist.category).toBe('none');
    expect(playlist.duration).toBe(15);
  });

  it('refuses a card without a card id', () => {
    expect(cardSchema.safeParse({ title: 'x' }).success).toBe(false);
  });
});

describe('toCardDetail', () => {
  it('coerces numeric chapter and track keys to strings', () => {
    const detail = toCardDetail(
      card({
        cardId: 'c5',
        content: {
          chapters: [
            { key: 1, title: 'One', duration: 30, tracks: [{ key: 2, title: 'T', duration: 30 }] },
            { title: 'Two' },
          ],
        },
      }),
    );
    expect(detail.chapters).toEqual([
      { key: '1', title: 'One', duration: 30, tracks: [{ key: '2', title: 'T', duration: 30 }] },
      { key: '02', title: 'Two', duration: 0, tracks: [] },
    ]);
  });
});

describe('toFamilyGroupDetail', () => {
  it('marks group cards as family playlists of that group', () => {
    const detail = toFamilyGroupDetail(
      familyGroupSchema.parse({
        id: 'g1',
        name: 'Stories',
        items: [{ contentId: 'c6', addedAt: '2024-03-01' }],
        cards: [{ cardId: 'c6', title: 'Tale', metadata: { category: 'stories' } }],
      }),
    );
    expect(detail.items).toEqual([{ contentId: 'c6', addedAt: '2024-03-01' }]);
    expect(detail.cards[0]).toMatchObject({
      cardId: 'c6',
      category: 'family-library',
      groupId: 'g1',
      groupName: 'Stories',
      isFromFamilyLibrary: true,
    });
  });
});
