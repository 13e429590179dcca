import { queryOptions, useQuery } from '@tanstack/react-query';
import { cloudCardFace, type CardChoice } from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';
import type { LibrarySource } from '../../../../services/app-services';

type Face = Pick<CardChoice, 'title' | 'coverArt'>;

/** A card's title and cover from its content (the same-origin proxy: family cards too). */
const getCardFace = async (library: LibrarySource, cardId: string): Promise<Face> => {
  const { playlist } = await library.getContent(cardId);
  return { title: playlist.title, coverArt: playlist.coverArt };
};

const cardFaceQueryOptions = (library: LibrarySource, cardId: string) =>
  queryOptions({
    queryKey: queryKeys.cardFace(cardId),
    queryFn: () => getCardFace(library, cardId),
    staleTime: 10 * 60_000,
    retry: false,
  });

/**
 * The card a cloud alarm plays, as its row shows it: the lists' entry when they hold it; else the
 * stored name, with the cover (and, with no stored name, the title) from the card's content.
 */
export function useCloudCardFace(
  alarm: Pick<CloudAlarm, 'playlist_id' | 'playlist_name'>,
  known: Face | undefined,
): { title: string; coverArt: string | null } {
  const { library } = useServices();
  const content = useQuery({
    ...cardFaceQueryOptions(library, alarm.playlist_id),
    enabled: known === undefined,
  });
  return cloudCardFace(alarm, known, content.data);
}
