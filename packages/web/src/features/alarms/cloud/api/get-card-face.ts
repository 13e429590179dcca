import { useQuery } from '@tanstack/react-query';
import { cloudCardFace, type CardChoice } from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { useServices } from '../../../../services/app-services';
import { cardDetailQuery } from '../../../../api/get-card-content';

type Face = Pick<CardChoice, 'title' | 'coverArt'>;

/**
 * The card a cloud alarm plays, as its row shows it: the lists' entry when they hold it; else the
 * stored name, with the cover (and, with no stored name, the title) from the card's content.
 */
export function useCloudCardFace(
  alarm: Pick<CloudAlarm, 'playlist_id' | 'playlist_name'>,
  known: Face | undefined,
): { title: string; coverArt: string | null } {
  const { library } = useServices();
  // The card's content, read once for every alarm list (the same query as the player alarms').
  const content = useQuery({
    ...cardDetailQuery(library, alarm.playlist_id),
    select: ({ playlist }): Face => ({ title: playlist.title, coverArt: playlist.coverArt }),
    enabled: known === undefined,
  });
  return cloudCardFace(alarm, known, content.data);
}
