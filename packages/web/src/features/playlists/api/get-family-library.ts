import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { FamilyLibraryGroup, Playlist } from '@playlist-alarms/core/entities';
import type { GroupNote } from '@playlist-alarms/core/family-library';
import { queryKeys } from '../../../lib/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';

/** The assembled library is reused this long across visits of the tab. */
export const FAMILY_LIBRARY_STALE_MS = 5 * 60_000;

export interface FamilyLibrary {
  groups: FamilyLibraryGroup[];
  playlists: Playlist[];
  /** "(Empty)" or "(No accessible content)" per group id, when one applies. */
  notes: ReadonlyMap<string, GroupNote>;
}

export const familyLibraryQueryOptions = (client: QueryClient, library: LibrarySource) =>
  queryOptions({
    queryKey: queryKeys.familyLibrary(),
    // The assembly (group detail, content outcomes, limiter) is its own chunk, fetched on first use.
    queryFn: async () => (await import('./family-library-loader')).getFamilyLibrary(client, library),
    staleTime: FAMILY_LIBRARY_STALE_MS,
  });

/** `enabled: false` holds the library's many requests back (while the own list loads). */
export function useFamilyLibrary({ enabled }: { enabled: boolean }) {
  const { library } = useServices();
  const client = useQueryClient();
  return useQuery({ ...familyLibraryQueryOptions(client, library), enabled });
}
