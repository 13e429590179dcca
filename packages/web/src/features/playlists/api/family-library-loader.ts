import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { FamilyLibraryGroup, Playlist } from '@playlist-alarms/core/shared/entities';
import {
  contentOutcomeOfStatus,
  groupNote,
  groupPlaylists,
  withContentOutcome,
} from '@playlist-alarms/core/library/family-library';
import type { ContentOutcome, GroupNote } from '@playlist-alarms/core/library/family-library';
import { ProviderError } from '@playlist-alarms/provider/rest-client';
import { queryKeys } from '../../../api/query-keys';
import type { LibrarySource } from '../../../services/app-services';
import { familyGroupsQueryOptions } from './get-family-groups';
import { RequestLimiter } from './request-limiter';

// Loaded by the family library query on its first run (get-family-library.ts), so the first view
// does not carry it. The family library as playlists: the groups, each group's detail
// (or the generic "{group} - Item {n}" stand-ins when it fails), then each card's content, whose 403 makes it
// 'restricted'. Group detail and content go through one limiter per library (4 calls at once),
// and each card's outcome is cached on its own key, so a revisit or a refetch of the library
// reads the cache instead of asking the provider for every card again.

export interface FamilyLibrary {
  groups: FamilyLibraryGroup[];
  playlists: Playlist[];
  /** "(Empty)" or "(No accessible content)" per group id, when one applies. */
  notes: ReadonlyMap<string, GroupNote>;
}

/** Provider calls for the library at once. */
const FAMILY_LIBRARY_CONCURRENCY = 4;
/** How long a card's content outcome is reused before it is asked for again. */
const CONTENT_STALE_MS = 30 * 60_000;

const limiters = new WeakMap<LibrarySource, RequestLimiter>();
function limiterFor(library: LibrarySource): RequestLimiter {
  let limiter = limiters.get(library);
  if (!limiter) {
    limiter = new RequestLimiter(FAMILY_LIBRARY_CONCURRENCY);
    limiters.set(library, limiter);
  }
  return limiter;
}

const contentOutcomeQueryOptions = (library: LibrarySource, cardId: string) =>
  queryOptions({
    queryKey: queryKeys.content(cardId),
    queryFn: async (): Promise<ContentOutcome> => {
      try {
        await limiterFor(library).run(() => library.getContent(cardId));
        return 'readable';
      } catch (error) {
        // A refusal (403, or the provider's 404) is an answer, cached; other failures are not.
        if (error instanceof ProviderError && contentOutcomeOfStatus(error.status) === 'restricted')
          return 'restricted';
        throw error;
      }
    },
    staleTime: CONTENT_STALE_MS,
    gcTime: CONTENT_STALE_MS,
    retry: false,
  });

const familyGroupQueryOptions = (library: LibrarySource, groupId: string) =>
  queryOptions({
    queryKey: queryKeys.familyGroup(groupId),
    queryFn: () => limiterFor(library).run(() => library.getFamilyLibraryGroup(groupId)),
    retry: false,
  });

async function cardsOf(client: QueryClient, library: LibrarySource, group: FamilyLibraryGroup) {
  if (group.items.length === 0) return { group, playlists: [], detailed: false };
  try {
    const detail = await client.fetchQuery(familyGroupQueryOptions(library, group.id));
    return { group, playlists: groupPlaylists(group, detail.cards), detailed: true };
  } catch {
    return { group, playlists: groupPlaylists(group, null), detailed: false };
  }
}

async function outcomeOf(client: QueryClient, library: LibrarySource, cardId: string) {
  try {
    return await client.fetchQuery(contentOutcomeQueryOptions(library, cardId));
  } catch {
    return 'unknown' as const;
  }
}

export async function getFamilyLibrary(client: QueryClient, library: LibrarySource): Promise<FamilyLibrary> {
  const groups = await client.fetchQuery(familyGroupsQueryOptions(library));
  const perGroup = await Promise.all(groups.map((group) => cardsOf(client, library, group)));
  // Content is read for real cards only: the generic stand-ins say nothing more about a card.
  const cardIds = [
    ...new Set(
      perGroup.flatMap(({ playlists, detailed }) =>
        detailed ? playlists.flatMap((p) => (p.cardId ? [p.cardId] : [])) : [],
      ),
    ),
  ];
  // Each outcome query waits for a slot of the library's limiter, so these are at most 4 at once.
  const outcomes = new Map(
    await Promise.all(
      cardIds.map(async (cardId) => [cardId, await outcomeOf(client, library, cardId)] as const),
    ),
  );
  const playlists = perGroup.flatMap(({ playlists: items }) =>
    items.map((p) => withContentOutcome(p, (p.cardId && outcomes.get(p.cardId)) || 'unknown')),
  );
  const notes = new Map<string, GroupNote>();
  for (const group of groups) {
    const note = groupNote(group, playlists);
    if (note) notes.set(group.id, note);
  }
  return { groups, playlists, notes };
}
