import { queryOptions } from '@tanstack/react-query';
import type { FamilyLibraryGroup } from '@playlist-alarms/core/shared/entities';
import { queryKeys } from '../../../api/query-keys';
import type { LibrarySource } from '../../../services/app-services';

const getFamilyGroups = (library: LibrarySource): Promise<FamilyLibraryGroup[]> =>
  library.getFamilyLibraryGroups();

export const familyGroupsQueryOptions = (library: LibrarySource) =>
  queryOptions({ queryKey: queryKeys.familyGroups(), queryFn: () => getFamilyGroups(library) });
