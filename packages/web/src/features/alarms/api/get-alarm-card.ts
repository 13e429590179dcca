import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import {
  alarmCardChoices,
  findAlarmCard,
  groupsHoldingCard,
  type AlarmCard,
} from '@playlist-alarms/core/library/alarm-cards';
import { groupPlaylists } from '@playlist-alarms/core/library/family-library';
import type { FamilyLibraryGroup, Playlist } from '@playlist-alarms/core/shared/entities';
import { CARD_LOADING } from '@playlist-alarms/core/texts/alarm-edit-texts';
import { cardDetailQuery } from '../../../api/get-card-content';
import { usePlaylists } from '../../../api/get-playlists';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';

// An alarm's card, named and with its cover: the parent's own playlists, else the family library
// (the groups' list, then the detail of only the groups that hold the card), else the card's
// content. The family queries use the keys and shapes the Family tab caches them under, so either
// side reuses what the other read.

const STALE_MS = 10 * 60_000;

const familyGroupsQuery = (library: LibrarySource) =>
  queryOptions({
    queryKey: queryKeys.familyGroups(),
    queryFn: () => library.getFamilyLibraryGroups(),
    staleTime: STALE_MS,
  });

const familyGroupQuery = (library: LibrarySource, groupId: string) =>
  queryOptions({
    queryKey: queryKeys.familyGroup(groupId),
    queryFn: () => library.getFamilyLibraryGroup(groupId),
    staleTime: STALE_MS,
    retry: false,
  });

/** The playlists of these groups: their detail's cards, or core's stand-ins when a detail failed. */
function useFamilyPlaylists(groups: readonly FamilyLibraryGroup[]): {
  playlists: Playlist[];
  pending: boolean;
} {
  const { library } = useServices();
  return useQueries({
    queries: groups.map((group) => familyGroupQuery(library, group.id)),
    combine: (results) => ({
      playlists: results.flatMap((result, i) => {
        const group = groups[i];
        if (!group || result.isPending) return [];
        return groupPlaylists(group, result.data?.cards ?? null);
      }),
      pending: results.some((result) => result.isPending),
    }),
  });
}

/**
 * The card an alarm plays; while the lists are read, a loading name, never the bare id. An empty
 * id (no alarm yet) asks for nothing.
 */
export function useAlarmCard(cardId: string): AlarmCard {
  const { library } = useServices();
  const own = usePlaylists();
  const inOwn = own.data ? findAlarmCard(cardId, own.data) : null;
  const groups = useQuery({
    ...familyGroupsQuery(library),
    enabled: own.isFetched && !inOwn && cardId !== '',
  });
  const holding = inOwn ? [] : groupsHoldingCard(groups.data ?? [], cardId);
  const family = useFamilyPlaylists(holding);
  const inFamily = findAlarmCard(cardId, family.playlists);
  const searched = own.isFetched && (inOwn !== null || (groups.isFetched && !family.pending));
  const content = useQuery({
    ...cardDetailQuery(library, cardId),
    enabled: searched && !inOwn && !inFamily && cardId !== '',
  });
  const found = inOwn ?? inFamily;
  if (found) return found;
  if (content.data)
    return {
      cardId,
      title: content.data.playlist.title,
      coverArt: content.data.playlist.coverArt,
      groupName: null,
    };
  const settled = searched && !content.isPending;
  // Nowhere the parent can see: its id is all there is to show.
  return { cardId, title: settled ? cardId : CARD_LOADING, coverArt: null, groupName: null };
}

/**
 * Whether a family library group holds this card (its items name it). The groups' list is read
 * only for a card that is not among the own playlists.
 */
export function useCardInFamilyLibrary(cardId: string | null, ownCards: ReadonlySet<string>): boolean {
  const { library } = useServices();
  const needed = !!cardId && !ownCards.has(cardId);
  const groups = useQuery({ ...familyGroupsQuery(library), enabled: needed });
  return needed && groupsHoldingCard(groups.data ?? [], cardId).length > 0;
}

/** The Edit alarm dialog's card choice: own playlists, then every family library group's cards. */
export function useAlarmCardChoices(): { cards: AlarmCard[]; pending: boolean } {
  const { library } = useServices();
  const own = usePlaylists();
  const groups = useQuery(familyGroupsQuery(library));
  const family = useFamilyPlaylists((groups.data ?? []).filter((group) => group.items.length > 0));
  return {
    cards: alarmCardChoices(own.data ?? [], family.playlists),
    pending: own.isPending || groups.isPending || family.pending,
  };
}
