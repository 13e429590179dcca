// The playlist browser: search, group filter and paging as pure functions over memoised data.
import type { FamilyLibraryGroup, Playlist } from '../shared/entities';
import {
  NO_CATEGORY,
  PAGE_SIZE,
  QUICK_PLAY_COUNT,
  QUICK_PLAY_TITLE_MAX,
  UNTITLED,
} from '../shared/constants';

/** 'all' ("All Playlists"), 'mine' ("My Playlists" on the family tab), or one group. A string, so memo deps stay cheap. */
export type GroupFilter = 'all' | 'mine' | `group:${string}`;

export const groupFilterFor = (groupId: string): GroupFilter => `group:${groupId}`;

// Lower-cased search text per playlist, built once per array: a 10,000-item list is searched without
// re-lowering every field on each keystroke.
const haystacks = new WeakMap<readonly Playlist[], string[]>();

function searchTexts(playlists: readonly Playlist[]): string[] {
  let texts = haystacks.get(playlists);
  if (!texts) {
    texts = playlists.map((p) =>
      [p.title, p.description, p.author ?? '', p.groupName ?? ''].join('\n').toLowerCase(),
    );
    haystacks.set(playlists, texts);
  }
  return texts;
}

/** Builds the search index of a list ahead of the first keystroke (e.g. when the browser is idle). */
export function prepareSearch(playlists: readonly Playlist[]): void {
  searchTexts(playlists);
}

const matchesGroup = (playlist: Playlist, group: GroupFilter): boolean => {
  if (group === 'all') return true;
  if (group === 'mine') return !playlist.isFromFamilyLibrary;
  return playlist.groupId === group.slice('group:'.length);
};

/** Case-insensitive search on title, description, author and group name, then the group filter. */
export function filterPlaylists(
  playlists: readonly Playlist[],
  search: string,
  group: GroupFilter = 'all',
): Playlist[] {
  const query = search.trim().toLowerCase();
  if (!query && group === 'all') return [...playlists];
  const texts = query ? searchTexts(playlists) : null;
  return playlists.filter(
    (playlist, i) => (!texts || (texts[i] ?? '').includes(query)) && matchesGroup(playlist, group),
  );
}

/**
 * The same search as filterPlaylists without a group, remembering its last answer: a query that
 * extends the previous one (the next keystroke) is looked for among the previous matches only.
 * An empty query gives the list itself, uncopied.
 */
export function createPlaylistSearch(): (
  playlists: readonly Playlist[],
  search: string,
) => readonly Playlist[] {
  let last: { source: readonly Playlist[]; query: string; indices: number[] } | null = null;
  return (playlists, search) => {
    const query = search.trim().toLowerCase();
    if (!query) return playlists;
    const texts = searchTexts(playlists);
    const narrowing = last !== null && last.source === playlists && query.startsWith(last.query);
    const indices: number[] = [];
    if (narrowing) {
      for (const i of last!.indices) if ((texts[i] ?? '').includes(query)) indices.push(i);
    } else {
      texts.forEach((text, i) => {
        if (text.includes(query)) indices.push(i);
      });
    }
    last = { source: playlists, query, indices };
    return indices.map((i) => playlists[i]!);
  };
}

/** Distinct groups in first-seen order, for the group tab row. */
export function listGroups(playlists: readonly Playlist[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const p of playlists)
    if (p.groupId && !seen.has(p.groupId)) seen.set(p.groupId, p.groupName ?? p.groupId);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** The group row shows only when more than one group exists. */
export const showGroupTabs = (groups: readonly unknown[]): boolean => groups.length > 1;

/** The two top tabs: "My Playlists (count)" and "Family Playlists (count)". */
export type BrowserTab = 'mine' | 'family';
export type BrowserView = 'grid' | 'list';

const ALL_PLAYLISTS_LABEL = 'All Playlists';
const MY_PLAYLISTS_LABEL = 'My Playlists';
export const myPlaylistsTabLabel = (count: number): string => `${MY_PLAYLISTS_LABEL} (${count})`;
/** No count while the library is unknown (deferred, loading or failed): a 0 there would be untrue. */
export const familyPlaylistsTabLabel = (count: number | null): string =>
  count === null ? 'Family Playlists' : `Family Playlists (${count})`;

export interface GroupTab {
  value: GroupFilter;
  label: string;
}

/**
 * The scrollable group row: "All Playlists", each group, and "My Playlists" on the family tab;
 * empty when there is at most one group (the row is then hidden).
 */
export function groupTabs(tab: BrowserTab, groups: readonly { id: string; name: string }[]): GroupTab[] {
  if (!showGroupTabs(groups)) return [];
  return [
    { value: 'all', label: ALL_PLAYLISTS_LABEL },
    ...groups.map((group) => ({ value: groupFilterFor(group.id), label: group.name })),
    ...(tab === 'family' ? [{ value: 'mine' as const, label: MY_PLAYLISTS_LABEL }] : []),
  ];
}

/** The group a filter names, or null for 'all' and 'mine'. */
export const groupIdOf = (group: GroupFilter): string | null =>
  group.startsWith('group:') ? group.slice('group:'.length) : null;

/**
 * The playlists a tab and group show before the search: the family tab's "All Playlists" is the
 * family library, its "My Playlists" the user's own. Same input arrays give the same output array
 * for 'all' and 'mine', so the search index built per array is reused.
 */
export function scopePlaylists(
  tab: BrowserTab,
  group: GroupFilter,
  own: readonly Playlist[],
  family: readonly Playlist[],
): readonly Playlist[] {
  const base = tab === 'mine' || group === 'mine' ? own : family;
  const groupId = groupIdOf(group);
  return groupId === null ? base : base.filter((playlist) => playlist.groupId === groupId);
}

export interface BrowserState {
  tab: BrowserTab;
  group: GroupFilter;
  search: string;
  page: number;
  view: BrowserView;
}

export type BrowserAction =
  | { type: 'tab'; tab: BrowserTab }
  | { type: 'group'; group: GroupFilter }
  | { type: 'search'; search: string }
  | { type: 'page'; page: number }
  | { type: 'view'; view: BrowserView };

export const initialBrowserState: BrowserState = {
  tab: 'mine',
  group: 'all',
  search: '',
  page: 1,
  view: 'grid',
};

/** A new search or group starts at page 1; a new top tab also resets the group. */
export function browserReducer(state: BrowserState, action: BrowserAction): BrowserState {
  switch (action.type) {
    case 'tab':
      return action.tab === state.tab ? state : { ...state, tab: action.tab, group: 'all', page: 1 };
    case 'group':
      return action.group === state.group ? state : { ...state, group: action.group, page: 1 };
    case 'search':
      return action.search === state.search ? state : { ...state, search: action.search, page: 1 };
    case 'page':
      return action.page === state.page ? state : { ...state, page: action.page };
    case 'view':
      return action.view === state.view ? state : { ...state, view: action.view };
  }
}

export const pageCount = (total: number, pageSize: number = PAGE_SIZE): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / pageSize));

/** Pages are 1-based; anything out of range is pulled back inside. */
export const clampPage = (page: number, pages: number): number =>
  Math.min(Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)), Math.max(1, pages));

type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

const range = (start: number, end: number): number[] =>
  Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);

/**
 * The page buttons a pager shows: the first and last page, the current one, and an ellipsis for
 * each gap of more than one page (so a phone never gets 834 buttons).
 */
export function pageItems(page: number, pages: number): PageItem[] {
  const boundary = 1;
  const startPages = range(1, Math.min(boundary, pages));
  const endPages = range(Math.max(pages - boundary + 1, boundary + 1), pages);
  const siblingsStart = Math.max(Math.min(page, pages - boundary - 1), boundary + 2);
  const siblingsEnd = Math.min(Math.max(page, boundary + 2), pages - boundary - 1);
  return [
    ...startPages,
    ...(siblingsStart > boundary + 2
      ? ['start-ellipsis' as const]
      : boundary + 1 < pages - boundary
        ? [boundary + 1]
        : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < pages - boundary - 1
      ? ['end-ellipsis' as const]
      : pages - boundary > boundary
        ? [pages - boundary]
        : []),
    ...endPages,
  ];
}

/** The button that brings the now-playing modal back while something plays. */
export const NOW_PLAYING_BUTTON_LABEL = 'Now Playing';

interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  /** Pagination shows only when there is more than one page. */
  showPagination: boolean;
}

export function paginate<T>(items: readonly T[], page: number, pageSize: number = PAGE_SIZE): Page<T> {
  const pages = pageCount(items.length, pageSize);
  const current = clampPage(page, pages);
  const start = (current - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page: current,
    pageCount: pages,
    showPagination: pages > 1,
  };
}

/** Duration badge in whole minutes, such as "5m". */
export const durationBadge = (seconds: number): string => `${Math.round(Math.max(0, seconds) / 60)}m`;

/** Quick Play Favorites: the first 4 playlists. */
export const quickPlayPlaylists = <T>(playlists: readonly T[]): T[] => playlists.slice(0, QUICK_PLAY_COUNT);

/** Quick-play titles are cut at 12 characters plus an ellipsis; "Untitled" when missing. */
export function quickPlayTitle(title: string | null | undefined): string {
  const text = title?.trim();
  if (!text) return UNTITLED;
  return text.length > QUICK_PLAY_TITLE_MAX ? `${text.slice(0, QUICK_PLAY_TITLE_MAX)}...` : text;
}

/** The category badge is hidden when the category is 'none' (or missing). */
export const categoryBadge = (category: string | null | undefined): string | null =>
  category && category !== NO_CATEGORY ? category : null;

/** "Family Playlists (count)": every item of every family library group. */
export const familyPlaylistCount = (groups: readonly FamilyLibraryGroup[]): number =>
  groups.reduce((count, group) => count + group.items.length, 0);
