import { describe, expect, it } from 'vitest';
import type { Playlist } from '../shared/entities';
import {
  familyItemId,
  genericGroupItems,
  groupNote,
  groupPlaylists,
  withContentOutcome,
} from './family-library';
import { makeLibraryGroup, makePlaylist } from '../../test/fixtures/builders';

const group = (id: string, name: string, items: string[]) =>
  makeLibraryGroup(id, name, items, '2024-01-01T00:00:00.000Z');

const card = (cardId: string, over: Partial<Playlist> = {}): Playlist =>
  makePlaylist(0, {
    id: cardId,
    cardId,
    title: `Card ${cardId}`,
    description: 'About it',
    coverArt: 'https://example.test/cover.svg',
    duration: 600,
    category: 'stories',
    author: 'Someone',
    availability: 'available',
    ...over,
  });

describe('family library playlists', () => {
  const shelf = group('g1', 'Bedtime Shelf', ['a', 'b']);

  it("a group's detail cards become family items of that group", () => {
    const [first] = groupPlaylists(shelf, [card('a')]);
    expect(first).toMatchObject({
      id: familyItemId('g1', 'a'),
      cardId: 'a',
      title: 'Card a',
      category: 'family-library',
      groupId: 'g1',
      groupName: 'Bedtime Shelf',
      isFromFamilyLibrary: true,
      duration: 600,
    });
  });

  it('when the detail fails, generic "{group} - Item {n}" items stand in, one per item', () => {
    const items = groupPlaylists(shelf, null);
    expect(items.map((p) => p.title)).toEqual(['Bedtime Shelf - Item 1', 'Bedtime Shelf - Item 2']);
    expect(items.map((p) => p.cardId)).toEqual(['a', 'b']);
    expect(items.every((p) => p.isFromFamilyLibrary && p.groupName === 'Bedtime Shelf')).toBe(true);
    expect(genericGroupItems(group('g2', 'Empty', []))).toEqual([]);
  });

  it('the same card in two groups keeps two distinct ids', () => {
    const one = groupPlaylists(shelf, [card('a')]);
    const two = groupPlaylists(group('g2', 'Other', ['a']), [card('a')]);
    expect(one[0]!.id).not.toBe(two[0]!.id);
  });
});

describe('a 403 on content gives category restricted with the basic info', () => {
  it('keeps title, cover and duration, changes the category', () => {
    const basic = groupPlaylists(group('g1', 'Shelf', ['a']), [card('a')])[0]!;
    expect(withContentOutcome(basic, 'restricted')).toEqual({ ...basic, category: 'restricted' });
    expect(withContentOutcome(basic, 'readable')).toBe(basic);
    expect(withContentOutcome(basic, 'unknown')).toBe(basic);
  });
});

describe('group empty states', () => {
  it('"(Empty)" for a group with no items', () => {
    expect(groupNote(group('g', 'New', []), [])).toBe('(Empty)');
  });
  it('"(No accessible content)" when no card of the group can be read', () => {
    const shelf = group('g1', 'Shelf', ['a', 'b']);
    const restricted = groupPlaylists(shelf, [card('a'), card('b')]).map((p) =>
      withContentOutcome(p, 'restricted'),
    );
    expect(groupNote(shelf, restricted)).toBe('(No accessible content)');
    expect(groupNote(shelf, groupPlaylists(shelf, []))).toBe('(No accessible content)');
  });
  it('nothing when one card is readable, or for generic stand-ins', () => {
    const shelf = group('g1', 'Shelf', ['a', 'b']);
    const [a, b] = groupPlaylists(shelf, [card('a'), card('b')]);
    expect(groupNote(shelf, [withContentOutcome(a!, 'restricted'), b!])).toBeNull();
    expect(groupNote(shelf, groupPlaylists(shelf, null))).toBeNull();
  });
});
