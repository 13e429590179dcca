// The provider's payload shapes for cards and library groups (docs/provider-contract.md, REST).
import type { SeedCard, SeedGroup } from './household';

const coverUrl = (baseUrl: string, cover: number | null): string | null =>
  cover === null ? null : `${baseUrl}/covers/${cover}.svg`;

function metadata(card: SeedCard, baseUrl: string) {
  const imageL = coverUrl(baseUrl, card.cover);
  return {
    description: card.description,
    ...(card.category === undefined ? {} : { category: card.category }),
    author: card.author,
    ...(imageL === null ? {} : { cover: { imageL } }),
    media: { duration: card.duration, fileSize: card.fileSize },
  };
}

/** A card as GET /content/mine and group detail list it: no chapters. */
export function cardSummary(card: SeedCard, baseUrl: string) {
  return {
    cardId: card.cardId,
    title: card.title,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
    availability: 'available',
    deleted: false,
    metadata: metadata(card, baseUrl),
    content: { playbackType: 'linear', config: { resumeTimeout: 2592000 } },
  };
}

/** A card as GET /content/{cardId}?playable=true answers it, with chapters and tracks. */
export function cardDetail(card: SeedCard, baseUrl: string) {
  return {
    card: {
      ...cardSummary(card, baseUrl),
      content: {
        playbackType: 'linear',
        chapters: card.chapters.map((chapter) => ({
          key: chapter.key,
          title: chapter.title,
          duration: chapter.duration,
          tracks: chapter.tracks.map((track) => ({
            key: track.key,
            title: track.title,
            duration: track.duration,
            format: 'mp3',
            type: 'audio',
            channels: 'stereo',
          })),
        })),
      },
    },
  };
}

export function groupJson(group: SeedGroup, baseUrl: string) {
  return {
    id: group.id,
    name: group.name,
    familyId: group.familyId,
    imageId: group.cover === null ? null : `cover-${group.cover}`,
    imageUrl: coverUrl(baseUrl, group.cover),
    items: group.items.map((item) => ({ ...item })),
    createdAt: group.createdAt,
    lastModifiedAt: group.lastModifiedAt,
  };
}
