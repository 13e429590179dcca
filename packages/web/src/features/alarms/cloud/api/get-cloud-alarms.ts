import { queryOptions, useQuery } from '@tanstack/react-query';
import { receiptRefreshDelay } from '@playlist-alarms/core/cloud/cloud-receipt';
import type { CloudAlarmList } from '@playlist-alarms/core/cloud/cloud-schemas';
import { CLOUD_CONTEXTS } from '@playlist-alarms/core/texts/messages';
import { queryKeys } from '../../../../api/query-keys';
import { useServices } from '../../../../services/app-services';
import type { AppServices } from '../../../../services/app-services';
import { inContext } from './cloud-context';

/** GET /api/alarms: the user's cloud alarms and their counts. */
const getCloudAlarms = (loadCloud: AppServices['loadCloud']): Promise<CloudAlarmList> =>
  inContext(CLOUD_CONTEXTS.loadAlarms, async () => (await loadCloud()).listAlarms());

const cloudAlarmsQueryOptions = (loadCloud: AppServices['loadCloud']) =>
  queryOptions({
    queryKey: queryKeys.cloudAlarms(),
    queryFn: () => getCloudAlarms(loadCloud),
    // Asked again once an alarm has rung, so its receipt shows without a reload.
    refetchInterval: (query) => receiptRefreshDelay(query.state.data?.alarms ?? [], new Date()),
  });

export function useCloudAlarms() {
  const { loadCloud } = useServices();
  return useQuery(cloudAlarmsQueryOptions(loadCloud));
}
