import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';

/** The assembled library is reused this long across visits of the tab. */
const FAMILY_LIBRARY_STALE_MS = 5 * 60_000;

// The type is the loader's (what it assembles): this side only names it, so the two files import
// in one direction.
export type { FamilyLibrary } from './family-library-loader';

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
