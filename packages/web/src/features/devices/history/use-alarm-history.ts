import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';

/** Entries a page asks for: a screenful. */
export const HISTORY_PAGE_SIZE = 20;

/**
 * Under the player's holds key: a hold change marks the history stale too, and the key costs the
 * always-loaded factory nothing (this module loads with the view).
 */
const historyKey = (deviceId: string) => [...queryKeys.alarmHolds(deviceId), 'history'] as const;

/** A player's alarm history, newest first; each "Load more" reads the page after the last. */
export function useAlarmHistory(deviceId: string) {
  const { loadAlarmHolds } = useServices();
  return useInfiniteQuery({
    queryKey: historyKey(deviceId),
    queryFn: async ({ pageParam }) =>
      (await loadAlarmHolds()).alarmHistory(deviceId, { before: pageParam, limit: HISTORY_PAGE_SIZE }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before ?? undefined,
    // A closed and reopened view shows what rang since.
    staleTime: 0,
  });
}
