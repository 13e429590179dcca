import { DEFAULT_CATEGORY, FAMILY_CATEGORY } from '@playlist-alarms/core/shared/constants';
import type { FamilyLibraryGroup, Playlist } from '@playlist-alarms/core/shared/entities';
import type { ProviderCard, ProviderFamilyGroup } from './rest-schemas';

// Provider cards → the app's Playlist entity, with defaults (category 'MYO', no cover, …) for whatever the
// provider left out.

interface CardTrack {
  key: string;
  title: string;
  /** Seconds; 0 when unknown. */
  duration: number;
}

export interface CardChapter extends CardTrack {
  tracks: CardTrack[];
}

export interface CardDetail {
  playlist: Playlist;
  chapters: CardChapter[];
}

export interface FamilyLibraryGroupDetail extends FamilyLibraryGroup {
  cards: Playlist[];
}

/** Seconds: `metadata.media.duration`, else the sum of the chapters the answer carries. */
function durationOf(card: ProviderCard): number {
  const media = card.metadata?.media?.duration;
  if (typeof media === 'number' && Number.isFinite(media)) return media;
  const chapters = card.content?.chapters ?? [];
  return chapters.reduce((sum, chapter) => sum + (chapter.duration ?? 0), 0);
}

export function toPlaylist(card: ProviderCard): Playlist {
  const metadata = card.metadata;
  const category = metadata?.category;
  return {
    id: card.cardId,
    cardId: card.cardId,
    title: card.title ?? '',
    description: metadata?.description ?? '',
    created_at: card.createdAt ?? null,
    updated_at: card.updatedAt ?? null,
    coverArt: metadata?.cover?.imageL ?? null,
    duration: durationOf(card),
    category: category || DEFAULT_CATEGORY,
    groupId: null,
    groupName: null,
    isFromFamilyLibrary: false,
    author: metadata?.author ?? null,
    availability: card.availability ?? null,
  };
}

function toFamilyPlaylist(card: ProviderCard, group: { id: string; name: string }): Playlist {
  return {
    ...toPlaylist(card),
    category: FAMILY_CATEGORY,
    groupId: group.id,
    groupName: group.name,
    isFromFamilyLibrary: true,
  };
}

export function toCardDetail(card: ProviderCard): CardDetail {
  const chapters = (card.content?.chapters ?? []).map((chapter, index) => ({
    key: chapter.key ?? String(index + 1).padStart(2, '0'),
    title: chapter.title ?? '',
    duration: chapter.duration ?? 0,
    tracks: (chapter.tracks ?? []).map((track, trackIndex) => ({
      key: track.key ?? String(trackIndex + 1).padStart(2, '0'),
      title: track.title ?? '',
      duration: track.duration ?? 0,
    })),
  }));
  return { playlist: toPlaylist(card), chapters };
}

export function toFamilyGroup(group: ProviderFamilyGroup): FamilyLibraryGroup {
  return {
    id: group.id,
    name: group.name ?? '',
    items: (group.items ?? []).map((item) => ({ contentId: item.contentId, addedAt: item.addedAt ?? null })),
    imageUrl: group.imageUrl ?? null,
    createdAt: group.createdAt ?? null,
    lastModifiedAt: group.lastModifiedAt ?? null,
  };
}

export function toFamilyGroupDetail(group: ProviderFamilyGroup): FamilyLibraryGroupDetail {
  const summary = toFamilyGroup(group);
  return { ...summary, cards: (group.cards ?? []).map((card) => toFamilyPlaylist(card, summary)) };
}
