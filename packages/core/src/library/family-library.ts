// The family library as playlists. Group detail gives the cards; when it
// fails, generic "{group} - Item {n}" items stand in; a card whose content the user may not read
// (403, or 404 as the provider documents it) becomes 'restricted' with the basic info kept;
// groups say "(Empty)" or "(No accessible content)".
import { FAMILY_CATEGORY, RESTRICTED_CATEGORY } from '../shared/constants';
import type { FamilyLibraryGroup, Playlist } from '../shared/entities';
import { MESSAGES, genericGroupItemTitle } from '../texts/messages';

/** What reading one card's content gave: its details, a refusal, or nothing usable (network, 5xx). */
export type ContentOutcome = 'readable' | 'restricted' | 'unknown';

/**
 * The outcome of a failed content read by its HTTP status: older clients saw 403; the provider
 * (docs/provider-contract.md, REST) answers 404 for a card the user may not read. Both are an answer
 * about the card; anything else (0, 401, 429, 5xx) tells nothing about it.
 */
export const contentOutcomeOfStatus = (status: number): ContentOutcome =>
  status === 403 || status === 404 ? 'restricted' : 'unknown';

/** A family item's id: the same card may sit in two groups, and list keys must stay unique. */
export const familyItemId = (groupId: string, cardId: string): string => `${groupId}/${cardId}`;

/** Marks a card as family-library content of a group. */
function asFamilyItem(playlist: Playlist, group: { id: string; name: string }): Playlist {
  return {
    ...playlist,
    id: familyItemId(group.id, playlist.cardId ?? playlist.id),
    category: FAMILY_CATEGORY,
    groupId: group.id,
    groupName: group.name,
    isFromFamilyLibrary: true,
  };
}

/** Stand-ins for a group whose detail could not be read: one per item, named "{group} - Item {n}". */
export function genericGroupItems(group: FamilyLibraryGroup): Playlist[] {
  return group.items.map((item, index) =>
    asFamilyItem(
      {
        id: item.contentId,
        cardId: item.contentId,
        title: genericGroupItemTitle(group.name, index + 1),
        description: '',
        created_at: item.addedAt,
        updated_at: null,
        coverArt: null,
        duration: 0,
        category: FAMILY_CATEGORY,
        groupId: null,
        groupName: null,
        isFromFamilyLibrary: true,
        author: null,
        availability: null,
      },
      group,
    ),
  );
}

/** A group's playlists: its detail's cards, or the generic items when the detail failed (null). */
export function groupPlaylists(
  group: FamilyLibraryGroup,
  detailCards: readonly Playlist[] | null,
): Playlist[] {
  if (detailCards === null) return genericGroupItems(group);
  return detailCards.map((card) => asFamilyItem(card, group));
}

/** Unreadable content gives category 'restricted' and falls back to the basic info. */
export function withContentOutcome(playlist: Playlist, outcome: ContentOutcome): Playlist {
  return outcome === 'restricted' ? { ...playlist, category: RESTRICTED_CATEGORY } : playlist;
}

const isRestricted = (playlist: Playlist): boolean => playlist.category === RESTRICTED_CATEGORY;

export type GroupNote = typeof MESSAGES.emptyGroup | typeof MESSAGES.noAccessibleContent;

/** Empty states: a group with no items, or whose items give no card the user may read. */
export function groupNote(group: FamilyLibraryGroup, playlists: readonly Playlist[]): GroupNote | null {
  if (group.items.length === 0) return MESSAGES.emptyGroup;
  const mine = playlists.filter((playlist) => playlist.groupId === group.id);
  return mine.some((playlist) => !isRestricted(playlist)) ? null : MESSAGES.noAccessibleContent;
}
