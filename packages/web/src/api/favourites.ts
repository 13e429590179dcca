import { useCallback, useMemo } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouriteListAnswer } from '@playlist-alarms/core/library/favourite-answers';
import {
  isPinned,
  quickPlayFavourites,
  type Favourite,
  type QuickPlayItem,
} from '@playlist-alarms/core/library/quick-play-favourites';
import { FAVOURITE_TEXTS, pinnedToast, unpinnedToast } from '@playlist-alarms/core/texts/favourite-texts';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { queryKeys } from './query-keys';
import { useServices } from '../services/app-services';
import type { FavouritesSource } from '../services/favourites-client';
import { useNotify } from '../services/notifier-context';

// Quick Play Favorites: the playlists cards pin them, the remote control's Quick Play shows them.
// One query (the backend's list) serves both; a pin or unpin answers the whole new list.

const NO_PINS: Favourite[] = [];

const favouritesQuery = (source: FavouritesSource) =>
  queryOptions({ queryKey: queryKeys.favourites(), queryFn: () => source.list(), staleTime: 60_000 });

/** The pinned cards in pin order; none while unread or when the backend cannot be read. */
export function useFavourites(): Favourite[] {
  const { favourites } = useServices();
  return useQuery(favouritesQuery(favourites)).data?.favourites ?? NO_PINS;
}

/** Quick Play's entries: the pinned cards, else the first four playlists. */
export function useQuickPlay<T extends QuickPlayItem>(playlists: readonly T[]): Array<T | QuickPlayItem> {
  const pinned = useFavourites();
  return useMemo(() => quickPlayFavourites(playlists, pinned), [pinned, playlists]);
}

/** Pins or unpins a playlist's card, saying so; a refusal (the cap) is said in the server's words. */
export function usePinToggle(): {
  pinned: Favourite[];
  toggle: (playlist: Pick<Playlist, 'cardId' | 'title'>) => void;
} {
  const { favourites } = useServices();
  const client = useQueryClient();
  const notify = useNotify();
  const pinned = useFavourites();
  // A plain call rather than useMutation: the answer is the whole list, put straight into the
  // query, and the logged-in view's JavaScript stays within its budget.
  const toggle = useCallback(
    (playlist: Pick<Playlist, 'cardId' | 'title'>) => {
      const { cardId } = playlist;
      if (!cardId) return;
      const title = playlist.title.trim() || cardId;
      const pin = !isPinned(pinned, cardId);
      (pin ? favourites.pin(cardId, title) : favourites.unpin(cardId)).then(
        (list: FavouriteListAnswer) => {
          client.setQueryData(queryKeys.favourites(), list);
          notify.success(pin ? pinnedToast(title) : unpinnedToast(title));
        },
        (error: unknown) =>
          notify.error(error instanceof Error && error.message ? error.message : FAVOURITE_TEXTS.failed),
      );
    },
    [client, favourites, notify, pinned],
  );
  return { pinned, toggle };
}
