// Quick Play Favorites: the playlists the parent pinned (kept by our server per user), in the
// order they were pinned; until one is pinned, the first four playlists stand in.
import { MAX_FAVOURITES } from '../shared/constants';
import { quickPlayPlaylists } from './playlist-browser';

/** A pinned card as the server keeps it: its title as it was when pinned. */
export interface Favourite {
  cardId: string;
  title: string;
}

/** What a Quick Play button needs. */
export interface QuickPlayItem {
  id: string;
  title: string;
  cardId?: string | null | undefined;
}

/**
 * The Quick Play entries. Pinned cards come in pin order, at most MAX_FAVOURITES, each named by
 * the playlist that holds it now (a rename shows) or else by the title kept at pinning (a family
 * library card is no own playlist). No pins: the first four playlists, as before pinning existed.
 */
export function quickPlayFavourites<T extends QuickPlayItem>(
  playlists: readonly T[],
  pinned: readonly Favourite[],
): Array<T | QuickPlayItem> {
  if (pinned.length === 0) return quickPlayPlaylists(playlists);
  return pinned.slice(0, MAX_FAVOURITES).map(
    (favourite) =>
      playlists.find((playlist) => playlist.cardId === favourite.cardId) ?? {
        id: favourite.cardId,
        title: favourite.title,
        cardId: favourite.cardId,
      },
  );
}

/** Whether the card is pinned. */
export const isPinned = (pinned: readonly Favourite[], cardId: string | null | undefined): boolean =>
  !!cardId && pinned.some((favourite) => favourite.cardId === cardId);

/** Whether one more pin fits under the cap (re-pinning one already pinned always does). */
export const canPin = (pinned: readonly Favourite[], cardId: string): boolean =>
  isPinned(pinned, cardId) || pinned.length < MAX_FAVOURITES;

/** The list after a pin: a new card goes last; a pinned one keeps its place and takes the new title. */
export function withPin(pinned: readonly Favourite[], favourite: Favourite): Favourite[] {
  if (!isPinned(pinned, favourite.cardId)) return [...pinned, favourite];
  return pinned.map((f) => (f.cardId === favourite.cardId ? favourite : f));
}

export const withoutPin = (pinned: readonly Favourite[], cardId: string): Favourite[] =>
  pinned.filter((favourite) => favourite.cardId !== cardId);
