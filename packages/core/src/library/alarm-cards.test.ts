import { describe, expect, it } from 'vitest';
import { makeLibraryGroup, makePlaylist } from '../../test/fixtures/builders';
import { groupPlaylists } from './family-library';
import {
  alarmCardChoices,
  alarmCardSource,
  chapterChoices,
  findAlarmCard,
  groupsHoldingCard,
} from './alarm-cards';

const own = [makePlaylist(1, { title: 'Morning Songs', coverArt: 'https://covers.test/1.svg' })];
const shelf = makeLibraryGroup('g1', "Grandparents' Shelf", ['fam1', 'card1']);
const empty = makeLibraryGroup('g2', 'New This Week', []);
const family = groupPlaylists(shelf, [
  makePlaylist(7, { cardId: 'fam1', title: 'Owl Stories', coverArt: 'https://covers.test/owl.svg' }),
  makePlaylist(1, { title: 'Morning Songs (shared)' }),
]);

describe("naming an alarm's card", () => {
  it('finds an own playlist first, with its cover', () => {
    expect(findAlarmCard('card1', own, family)).toEqual({
      cardId: 'card1',
      title: 'Morning Songs',
      coverArt: 'https://covers.test/1.svg',
      groupName: null,
    });
  });

  it("finds a card that is not the parent's own in the family library, named with its group", () => {
    const card = findAlarmCard('fam1', own, family);
    expect(card).toEqual({
      cardId: 'fam1',
      title: 'Owl Stories',
      coverArt: 'https://covers.test/owl.svg',
      groupName: "Grandparents' Shelf",
    });
    expect(card && alarmCardSource(card)).toBe("Family library · Grandparents' Shelf");
    expect(findAlarmCard('nowhere', own, family)).toBeNull();
  });

  it('reads only the detail of the groups that hold the card', () => {
    expect(groupsHoldingCard([shelf, empty], 'fam1').map((g) => g.id)).toEqual(['g1']);
    expect(groupsHoldingCard([shelf, empty], 'nowhere')).toEqual([]);
  });
});

describe("the Edit alarm dialog's choices", () => {
  it('lists each card once, own playlists first', () => {
    expect(alarmCardChoices(own, family).map((c) => [c.cardId, alarmCardSource(c)])).toEqual([
      ['card1', 'Your playlists'],
      ['fam1', "Family library · Grandparents' Shelf"],
    ]);
  });

  it('offers the start, the chapters, and keeps a stored chapter the card does not list', () => {
    const chapters = [
      { key: '01', title: 'Hello' },
      { key: '02', title: '' },
    ];
    expect(chapterChoices(chapters, '')).toEqual([
      { key: '', label: 'From the start' },
      { key: '01', label: '01 · Hello' },
      { key: '02', label: '02' },
    ]);
    expect(chapterChoices([], '05').map((c) => c.key)).toEqual(['', '05']);
  });
});
