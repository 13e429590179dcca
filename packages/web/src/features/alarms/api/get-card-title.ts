import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';

/** A card's title from its content (`getContent`), for an alarm whose card no playlist list names. */
const getCardTitle = async (library: LibrarySource, cardId: string): Promise<string> =>
  (await library.getContent(cardId)).playlist.title;

const cardTitleQueryOptions = (library: LibrarySource, cardId: string) =>
  queryOptions({
    queryKey: queryKeys.cardTitle(cardId),
    queryFn: () => getCardTitle(library, cardId),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** The title the lists know, else the card's content's; the card id while neither is known. */
export function useAlarmTitle(cardId: string, known: string | undefined): string {
  const { library } = useServices();
  const content = useQuery({ ...cardTitleQueryOptions(library, cardId), enabled: known === undefined });
  return known ?? content.data ?? cardId;
}
