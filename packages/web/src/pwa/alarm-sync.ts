// The page's side of the service worker's alarm messages: while a user is signed in it
// sends SYNC_ALARMS whenever the alarms, players or playlists in the query cache change, and when
// the worker posts ALARM_TRIGGERED it refetches the cloud alarms, so the firing's receipt shows.
// Loaded by the session after it has painted; it adds nothing to the first download.
import type { QueryClient } from '@tanstack/react-query';
import type { CloudAlarmList, CloudUserRecord } from '@playlist-alarms/core/cloud/cloud-schemas';
import type { Device, DeviceAlarm, Playlist, UserProfile } from '@playlist-alarms/core/shared/entities';
import { queryKeys } from '../api/query-keys';
import type { SyncAlarmsInput } from '../sw/alarm-messages';
import { ALARM_TRIGGERED, SCHEDULE_UPDATE } from '../sw/message-types';
import { outgoingSchema } from '../sw/worker-messages';
import { syncAlarmsMessage } from './alarm-sync-message';

/** Several queries settle together after sign-in: one message for them. */
const SETTLE_MS = 250;
const SIGNED_OUT: SyncAlarmsInput = {
  type: 'SYNC_ALARMS',
  timeZone: 'UTC',
  alarms: [],
  devices: [],
  playlists: [],
};

const watched = new WeakSet<QueryClient>();

function readSources(queryClient: QueryClient): SyncAlarmsInput {
  if (!queryClient.getQueryData<UserProfile>(queryKeys.user())) return SIGNED_OUT;
  const deviceAlarms = new Map<string, { alarms: DeviceAlarm[]; timeZone: string | null }>();
  const configs = queryClient.getQueriesData<{ alarms: DeviceAlarm[]; timeZone?: string | null }>({
    queryKey: queryKeys.deviceConfig('').slice(0, -1),
  });
  for (const [key, data] of configs) {
    const deviceId = key[key.length - 1];
    if (typeof deviceId === 'string' && data) {
      deviceAlarms.set(deviceId, { alarms: data.alarms, timeZone: data.timeZone ?? null });
    }
  }
  return syncAlarmsMessage(
    {
      devices: queryClient.getQueryData<Device[]>(queryKeys.devices()) ?? [],
      playlists: queryClient.getQueryData<Playlist[]>(queryKeys.playlists()) ?? [],
      deviceAlarms,
      cloudAlarms: queryClient.getQueryData<CloudAlarmList>(queryKeys.cloudAlarms())?.alarms ?? [],
      cloudTimeZone: queryClient.getQueryData<CloudUserRecord>(queryKeys.cloudUser())?.timezone ?? null,
    },
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
}

// A query's hash is its key as JSON (TanStack's hashKey; our keys hold strings only).
const RELEVANT = new Set(
  [
    queryKeys.user(),
    queryKeys.devices(),
    queryKeys.playlists(),
    queryKeys.cloudAlarms(),
    queryKeys.cloudUser(),
  ].map((key) => JSON.stringify(key)),
);
/** Every player's configuration (its alarms): the hash of the key without its device id. */
const DEVICE_CONFIG = JSON.stringify(queryKeys.deviceConfig('')).slice(0, -'""]'.length);
const isRelevant = (queryHash: string) => RELEVANT.has(queryHash) || queryHash.startsWith(DEVICE_CONFIG);

/** Starts following `queryClient` (once per client: StrictMode mounts twice). */
export function syncAlarmsWithWorker(queryClient: QueryClient): void {
  if (watched.has(queryClient) || !('serviceWorker' in navigator)) return;
  watched.add(queryClient);
  const container = navigator.serviceWorker;

  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    const parsed = outgoingSchema.safeParse(event.data);
    if (!parsed.success) return; // Workbox's own messages, or a worker of another version.
    if (parsed.data.type === SCHEDULE_UPDATE) {
      if (parsed.data.error) console.error('[sw]', parsed.data.error);
    } else if (parsed.data.type === ALARM_TRIGGERED) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cloudAlarms() });
    }
  });
  container.startMessages();

  let sent = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    const message = readSources(queryClient);
    const text = JSON.stringify(message);
    if (text === sent) return;
    void container.ready.then((registration) => {
      if (!registration.active) return;
      sent = text;
      registration.active.postMessage(message);
    });
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (!isRelevant(event.query.queryHash)) return;
    if (event.type !== 'removed' && !(event.type === 'updated' && event.action.type === 'success')) return;
    clearTimeout(timer);
    timer = setTimeout(send, SETTLE_MS);
  });
  send();
}
