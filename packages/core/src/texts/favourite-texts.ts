// The words of pinning playlists to Quick Play Favorites; the server gives the cap's refusal too.

export const FAVOURITE_TEXTS = {
  pin: 'Pin to Quick Play',
  unpin: 'Unpin from Quick Play',
  failed: "Couldn't change Quick Play Favorites",
} as const;

export const pinnedToast = (title: string): string => `📌 ${title} is in Quick Play Favorites`;
export const unpinnedToast = (title: string): string => `${title} left Quick Play Favorites`;
/** The server's refusal past the cap. */
export const favouritesFull = (cap: number): string =>
  `Quick Play holds at most ${cap} favourites: unpin one first`;
