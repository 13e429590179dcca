import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { queryKeys } from './query-keys';
import { useServices } from '../services/app-services';
import type { LibrarySource } from '../services/app-services';

const getDevices = (library: LibrarySource): Promise<Device[]> => library.getDevices();

const devicesQueryOptions = (library: LibrarySource) =>
  queryOptions({ queryKey: queryKeys.devices(), queryFn: () => getDevices(library) });

export function useDevices() {
  const { library } = useServices();
  return useQuery(devicesQueryOptions(library));
}
