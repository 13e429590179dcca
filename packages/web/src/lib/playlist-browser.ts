import type { Playlist } from '@playlist-alarms/core/entities';

// Search and paging of the playlist browser (SPEC §2, §4). Kept here because core has no
// playlist-browser module yet; move to @playlist-alarms/core/playlist-browser when it lands.

/** Case-insensitive match on title, description, category and group name; blank search keeps all. */
export function filterPlaylists(playlists: readonly Playlist[], search: string): readonly Playlist[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return playlists;
  return playlists.filter((playlist) =>
    [playlist.title, playlist.description, playlist.category, playlist.groupName ?? ''].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped into 1..pageCount. */
  page: number;
  /** At least 1. */
  pageCount: number;
}

export function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current, pageCount };
}
