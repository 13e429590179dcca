import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Playlist } from '../shared/entities';
import {
  browserReducer,
  categoryBadge,
  groupTabs,
  initialBrowserState,
  scopePlaylists,
  familyPlaylistCount,
  familyPlaylistsTabLabel,
  clampPage,
  createPlaylistSearch,
  durationBadge,
  filterPlaylists,
  groupFilterFor,
  listGroups,
  pageCount,
  pageItems,
  paginate,
  prepareSearch,
  quickPlayPlaylists,
  quickPlayTitle,
  showGroupTabs,
} from './playlist-browser';
import { makePlaylist } from '../../test/fixtures/builders';

const playlist = (id: number, over: Partial<Playlist> = {}): Playlist =>
  makePlaylist(id, { id: `p${id}`, cardId: `c${id}`, title: `Playlist ${id}`, ...over });

const list = [
  playlist(1, { title: 'Bedtime Stories', author: 'Roald' }),
  playlist(2, { title: 'Wake Up Songs', description: 'Morning MUSIC' }),
  playlist(3, { title: 'Dino Facts', groupId: 'g1', groupName: 'Science', isFromFamilyLibrary: true }),
  playlist(4, { title: 'Space', groupId: 'g2', groupName: 'Science Two', isFromFamilyLibrary: true }),
];
const ids = (items: Playlist[]) => items.map((p) => p.id);

describe('search on title, description, author and group, case-insensitive', () => {
  it('matches each field', () => {
    expect(ids(filterPlaylists(list, 'bedtime'))).toEqual(['p1']);
    expect(ids(filterPlaylists(list, 'music'))).toEqual(['p2']);
    expect(ids(filterPlaylists(list, 'ROALD'))).toEqual(['p1']);
    expect(ids(filterPlaylists(list, 'science'))).toEqual(['p3', 'p4']);
  });
  it('blank search keeps everything; no match is empty', () => {
    expect(ids(filterPlaylists(list, '   '))).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(filterPlaylists(list, 'zebra')).toEqual([]);
  });
});

describe('group filter: All Playlists, each group, My Playlists', () => {
  it('filters by group and by own', () => {
    expect(ids(filterPlaylists(list, '', groupFilterFor('g2')))).toEqual(['p4']);
    expect(ids(filterPlaylists(list, '', 'mine'))).toEqual(['p1', 'p2']);
    expect(ids(filterPlaylists(list, 'science', groupFilterFor('g1')))).toEqual(['p3']);
  });
  it('lists groups in first-seen order; the row shows only with more than one', () => {
    expect(listGroups(list)).toEqual([
      { id: 'g1', name: 'Science' },
      { id: 'g2', name: 'Science Two' },
    ]);
    expect(showGroupTabs(listGroups(list))).toBe(true);
    expect(showGroupTabs(listGroups(list.slice(0, 3)))).toBe(false);
  });
});

describe('incremental search, as typed', () => {
  it('gives what filterPlaylists gives at every keystroke, forward and back', () => {
    const search = createPlaylistSearch();
    for (const query of ['s', 'sc', 'sci', 'science', 'scien', 'w', 'wake', '', 'ROALD', 'zebra']) {
      expect(search(list, query)).toEqual(filterPlaylists(list, query));
    }
  });
  it('starts over for another list', () => {
    const search = createPlaylistSearch();
    expect(ids([...search(list, 'science')])).toEqual(['p3', 'p4']);
    const other = [playlist(9, { title: 'Science Nine' }), ...list];
    expect(ids([...search(other, 'science')])).toEqual(['p9', 'p3', 'p4']);
  });
  it('matches filterPlaylists for any sequence of queries (property)', () => {
    const letters = fc.constantFrom('a', 'e', 'o', 's', 'B', ' ');
    const word = fc.array(letters, { maxLength: 4 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 12 }),
        fc.array(word, { maxLength: 8 }),
        (titles, queries) => {
          const items = titles.map((title, i) => playlist(i, { title }));
          const search = createPlaylistSearch();
          for (const query of queries) expect(search(items, query)).toEqual(filterPlaylists(items, query));
        },
      ),
    );
  });
  it('searches a prepared list the same way', () => {
    const fresh = [...list];
    prepareSearch(fresh);
    expect(ids([...createPlaylistSearch()(fresh, 'science')])).toEqual(['p3', 'p4']);
  });
  it('an empty query gives the list itself', () => {
    expect(createPlaylistSearch()(list, '  ')).toBe(list);
  });
});

describe('paging: 12 a page', () => {
  const many = Array.from({ length: 30 }, (_, i) => playlist(i + 1));
  it('counts pages, at least one', () => {
    expect(pageCount(30)).toBe(3);
    expect(pageCount(24)).toBe(2);
    expect(pageCount(0)).toBe(1);
  });
  it('slices a page', () => {
    const page = paginate(many, 3);
    expect(page.items.map((p) => p.id)).toEqual(['p25', 'p26', 'p27', 'p28', 'p29', 'p30']);
    expect(page).toMatchObject({ page: 3, pageCount: 3, showPagination: true });
    expect(paginate(many, 1).items).toHaveLength(12);
  });
  it('clamps out-of-range pages (a search shrank the list)', () => {
    expect(paginate(many, 9).page).toBe(3);
    expect(paginate(many, 0).page).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });
  it('hides pagination with one page', () => {
    expect(paginate(many.slice(0, 12), 1).showPagination).toBe(false);
  });
});

describe('pager buttons: first, last, current and ellipses', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('folds long runs into ellipses around the current page', () => {
    expect(pageItems(1, 834)).toEqual([1, 2, 3, 'end-ellipsis', 834]);
    expect(pageItems(400, 834)).toEqual([1, 'start-ellipsis', 400, 'end-ellipsis', 834]);
    expect(pageItems(834, 834)).toEqual([1, 'start-ellipsis', 832, 833, 834]);
    expect(pageItems(4, 7)).toEqual([1, 'start-ellipsis', 4, 'end-ellipsis', 7]);
  });
  it('always holds the current page, the first and the last (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 1000 })
          .chain((pages) => fc.tuple(fc.integer({ min: 1, max: pages }), fc.constant(pages))),
        ([page, pages]) => {
          const items = pageItems(page, pages);
          expect(items).toContain(page);
          expect(items[0]).toBe(1);
          expect(items.at(-1)).toBe(pages);
          const numbers = items.filter((item): item is number => typeof item === 'number');
          expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
          expect(items.length).toBeLessThanOrEqual(7);
        },
      ),
    );
  });
});

describe('a 10,000-playlist library', () => {
  const big = Array.from({ length: 10_000 }, (_, i) =>
    playlist(i, { title: i % 1000 === 7 ? 'Needle' : `Hay ${i}` }),
  );
  it('finds matches and pages them, searching the same array again from its cache', () => {
    const found = filterPlaylists(big, 'needle');
    expect(found).toHaveLength(10);
    expect(filterPlaylists(big, 'NEEDLE')).toEqual(found);
    expect(paginate(found, 1).items).toHaveLength(10);
    expect(pageCount(big.length)).toBe(834);
  });
});

describe('duration badge in whole minutes', () => {
  it('formats', () => {
    expect(durationBadge(300)).toBe('5m');
    expect(durationBadge(0)).toBe('0m');
  });
});

describe('quick play: first 4 playlists, titles cut at 12 characters plus an ellipsis', () => {
  it('takes the first four', () => {
    expect(quickPlayPlaylists([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4]);
  });
  it('cuts long titles and names missing ones', () => {
    expect(quickPlayTitle('Bedtime Stories Vol 2')).toBe('Bedtime Stor...');
    expect(quickPlayTitle('Twelve chars')).toBe('Twelve chars');
    expect(quickPlayTitle('')).toBe('Untitled');
    expect(quickPlayTitle(null)).toBe('Untitled');
  });
});

describe('category badge and family count', () => {
  it('hides the badge for none or a missing category, shows it otherwise', () => {
    expect(categoryBadge('none')).toBeNull();
    expect(categoryBadge('')).toBeNull();
    expect(categoryBadge(null)).toBeNull();
    expect(categoryBadge('music')).toBe('music');
    expect(categoryBadge('restricted')).toBe('restricted');
  });

  it('counts the items of every family group, empty groups included', () => {
    const group = (id: string, items: number) => ({
      id,
      name: id,
      imageUrl: null,
      createdAt: null,
      lastModifiedAt: null,
      items: Array.from({ length: items }, (_, i) => ({ contentId: `${id}-${i}`, addedAt: null })),
    });
    expect(familyPlaylistCount([])).toBe(0);
    expect(familyPlaylistCount([group('a', 3), group('b', 0), group('c', 5)])).toBe(8);
  });

  it('labels the family tab with its count once known, and without one before', () => {
    expect(familyPlaylistsTabLabel(8)).toBe('Family Playlists (8)');
    expect(familyPlaylistsTabLabel(0)).toBe('Family Playlists (0)');
    expect(familyPlaylistsTabLabel(null)).toBe('Family Playlists');
  });
});

describe('group row: All Playlists, each group, My Playlists on the family tab', () => {
  const groups = [
    { id: 'g1', name: 'Science' },
    { id: 'g2', name: 'Stories' },
  ];
  it('lists the tabs in order, My Playlists only on the family tab', () => {
    expect(groupTabs('family', groups)).toEqual([
      { value: 'all', label: 'All Playlists' },
      { value: 'group:g1', label: 'Science' },
      { value: 'group:g2', label: 'Stories' },
      { value: 'mine', label: 'My Playlists' },
    ]);
    expect(groupTabs('mine', groups).map((tab) => tab.label)).toEqual([
      'All Playlists',
      'Science',
      'Stories',
    ]);
  });
  it('has no row with one group or none', () => {
    expect(groupTabs('family', groups.slice(0, 1))).toEqual([]);
    expect(groupTabs('family', [])).toEqual([]);
  });
});

describe('what a tab and group show before the search', () => {
  const own = list.slice(0, 2);
  const family = list.slice(2);
  it('the own tab shows own playlists', () => {
    expect(scopePlaylists('mine', 'all', own, family)).toBe(own);
  });
  it('the family tab shows the library, one group of it, or the own playlists', () => {
    expect(scopePlaylists('family', 'all', own, family)).toBe(family);
    expect(ids([...scopePlaylists('family', groupFilterFor('g2'), own, family)])).toEqual(['p4']);
    expect(scopePlaylists('family', 'mine', own, family)).toBe(own);
  });
});

describe('browser transitions', () => {
  const onPage3 = { ...initialBrowserState, page: 3 };
  it('a new search goes to page 1 and keeps the group', () => {
    const state = { ...onPage3, tab: 'family' as const, group: groupFilterFor('g1') };
    expect(browserReducer(state, { type: 'search', search: 'dino' })).toEqual({
      ...state,
      search: 'dino',
      page: 1,
    });
  });
  it('a new group goes to page 1 and keeps the search', () => {
    const state = { ...onPage3, search: 'dino' };
    expect(browserReducer(state, { type: 'group', group: 'mine' })).toEqual({
      ...state,
      group: 'mine',
      page: 1,
    });
  });
  it('a new top tab resets the group to all and the page to 1', () => {
    const state = { ...onPage3, group: groupFilterFor('g1'), search: 'x', view: 'list' as const };
    expect(browserReducer(state, { type: 'tab', tab: 'family' })).toEqual({
      ...state,
      tab: 'family',
      group: 'all',
      page: 1,
    });
  });
  it('paging and the view change only themselves; repeating a choice changes nothing', () => {
    expect(browserReducer(onPage3, { type: 'page', page: 2 })).toEqual({ ...onPage3, page: 2 });
    expect(browserReducer(onPage3, { type: 'view', view: 'list' })).toEqual({ ...onPage3, view: 'list' });
    expect(browserReducer(onPage3, { type: 'tab', tab: 'mine' })).toBe(onPage3);
    expect(browserReducer(onPage3, { type: 'search', search: '' })).toBe(onPage3);
  });
});
