import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ProviderError } from '@playlist-alarms/provider/rest-client';
import { createTestServices, makePlaylist } from '../../../test/twins';
import { getFamilyLibrary } from './family-library-loader';

function library() {
  const { library } = createTestServices();
  library.familyCards.set('a', makePlaylist(1, { id: 'a', cardId: 'a', title: 'Readable' }));
  library.familyCards.set('b', makePlaylist(2, { id: 'b', cardId: 'b', title: 'Hidden' }));
  library.restrictedCards.add('b');
  library.familyGroups = [
    {
      id: 'g',
      name: 'Shelf',
      items: [
        { contentId: 'a', addedAt: null },
        { contentId: 'b', addedAt: null },
      ],
      imageUrl: null,
      createdAt: null,
      lastModifiedAt: null,
    },
  ];
  return library;
}

describe('family library assembly', () => {
  it('reads each card once: a later assembly (a refetch) takes content outcomes, refusals included, from the cache', async () => {
    const source = library();
    const client = new QueryClient();
    const first = await getFamilyLibrary(client, source);
    expect(first.playlists.map((p) => [p.title, p.category])).toEqual([
      ['Readable', 'family-library'],
      ['Hidden', 'restricted'],
    ]);
    expect(source.contentRequests).toEqual(['a', 'b']);

    const again = await getFamilyLibrary(client, source);
    expect(again.playlists).toEqual(first.playlists);
    expect(source.contentRequests).toEqual(['a', 'b']);
    // The groups themselves are asked for again: new items show up.
    expect(source.groupDetailRequests).toEqual(['g', 'g']);
  });

  it('a 403 on content is restricted as the provider’s 404 is', async () => {
    const source = library();
    source.restrictedStatus = 403;
    const assembled = await getFamilyLibrary(new QueryClient(), source);
    expect(assembled.playlists.map((p) => [p.title, p.category])).toEqual([
      ['Readable', 'family-library'],
      ['Hidden', 'restricted'],
    ]);
  });

  it('keeps no failure other than a refusal: the cards show their basic info and are read again next time', async () => {
    const source = library();
    const client = new QueryClient();
    const read = source.getContent.bind(source);
    const attempts: string[] = [];
    let down = true;
    source.getContent = (cardId) => {
      attempts.push(cardId);
      return down
        ? Promise.reject(new ProviderError(0, 'network', 'Could not reach the provider'))
        : read(cardId);
    };
    const first = await getFamilyLibrary(client, source);
    expect(first.playlists.map((p) => p.category)).toEqual(['family-library', 'family-library']);

    down = false;
    const again = await getFamilyLibrary(client, source);
    expect(attempts).toEqual(['a', 'b', 'a', 'b']);
    expect(again.playlists.map((p) => p.category)).toEqual(['family-library', 'restricted']);
  });
});
