import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilyLibraryGroup } from '@playlist-alarms/core/entities';
import { queryKeys } from '../../../lib/query-keys';
import { useServices } from '../../../services/app-services';
import type { LibrarySource } from '../../../services/app-services';

export const getFamilyGroups = (library: LibrarySource): Promise<FamilyLibraryGroup[]> =>
  library.getFamilyLibraryGroups();

export const familyGroupsQueryOptions = (library: LibrarySource) =>
  queryOptions({ queryKey: queryKeys.familyGroups(), queryFn: () => getFamilyGroups(library) });

export function useFamilyGroups() {
  const { library } = useServices();
  return useQuery(familyGroupsQueryOptions(library));
}
