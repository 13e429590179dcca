import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardChapters } from '@playlist-alarms/core/device/chapter-navigation';
import type { CardChapter } from '@playlist-alarms/provider/playlist-mapping';
import { queryKeys } from './query-keys';
import { useServices } from '../services/app-services';
import type { LibrarySource } from '../services/app-services';

// A card's content (GET /content/{cardId}: title, cover, chapters), read once per card and shared
// by every feature that needs it: the alarm dialogs name a card and offer its chapters, the
// now-playing modal and a playlist card move between them.

const STALE_MS = 10 * 60_000;

export const cardDetailQuery = (library: LibrarySource, cardId: string) =>
  queryOptions({
    queryKey: queryKeys.cardDetail(cardId),
    queryFn: () => library.getContent(cardId),
    staleTime: STALE_MS,
    retry: false,
  });

/** A card's chapters for a chapter choice; none while unread or when the card cannot be read. */
export function useCardChapters(cardId: string): CardChapter[] {
  const { library } = useServices();
  const detail = useQuery({ ...cardDetailQuery(library, cardId), enabled: cardId !== '' });
  return detail.data?.chapters ?? [];
}

/** What is known of a card's chapters (read, still reading, or unreadable); asks nothing for null. */
export function useCardChapterState(cardId: string | null): CardChapters {
  const { library } = useServices();
  const detail = useQuery({ ...cardDetailQuery(library, cardId ?? ''), enabled: !!cardId });
  if (detail.isError) return { state: 'unreadable' };
  if (!detail.data) return { state: 'loading' };
  return { state: 'read', chapters: detail.data.chapters };
}
