import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { queryKeys } from './query-keys';
import { useServices } from '../services/app-services';
import type { LibrarySource } from '../services/app-services';

const getPlaylists = (library: LibrarySource): Promise<Playlist[]> => library.getPlaylists();

export const playlistsQueryOptions = (library: LibrarySource) =>
  queryOptions({ queryKey: queryKeys.playlists(), queryFn: () => getPlaylists(library) });

export function usePlaylists() {
  const { library } = useServices();
  return useQuery(playlistsQueryOptions(library));
}
