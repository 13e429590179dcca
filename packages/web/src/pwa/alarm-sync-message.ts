// What the page tells the service worker (SYNC_ALARMS): its enabled alarms, players and playlists,
// read from the query cache the tabs have filled. Pure, so it is tested without a worker.
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import type { Device, DeviceAlarm, Playlist } from '@playlist-alarms/core/shared/entities';
import { SYNC_ALARMS } from '../sw/message-types';
import type { SyncAlarmsInput, SyncedAlarmInput } from '../sw/alarm-messages';

interface AlarmSources {
  devices: readonly Device[];
  playlists: readonly Playlist[];
  /** Each player's own alarms and the zone it rings them in, as read from its configuration. */
  deviceAlarms: ReadonlyMap<string, { alarms: readonly DeviceAlarm[]; timeZone: string | null }>;
  cloudAlarms: readonly CloudAlarm[];
  /** The zone the backend keeps for the user: cloud alarms ring in it. */
  cloudTimeZone: string | null;
}

export function syncAlarmsMessage(sources: AlarmSources, pageTimeZone: string): SyncAlarmsInput {
  const alarms: SyncedAlarmInput[] = [];
  for (const [deviceId, { alarms: list, timeZone }] of sources.deviceAlarms) {
    for (const alarm of list) {
      if (!alarm.enabled) continue;
      const { id, hour, minute, days, cardId } = alarm;
      alarms.push({ id, source: 'device', deviceId, hour, minute, days, cardId, timeZone });
    }
  }
  for (const alarm of sources.cloudAlarms) {
    if (!alarm.is_enabled) continue;
    alarms.push({
      id: alarm.id,
      source: 'cloud',
      deviceId: alarm.yoto_device_id,
      hour: alarm.hour,
      minute: alarm.minute,
      days: alarm.days, // the worker reads the mask (core's rules stay out of the page's chunks)
      cardId: alarm.playlist_id,
      timeZone: sources.cloudTimeZone,
    });
  }
  return {
    type: SYNC_ALARMS,
    timeZone: pageTimeZone,
    alarms,
    devices: sources.devices.map(({ deviceId, name }) => ({ deviceId, name })),
    playlists: sources.playlists.flatMap(({ cardId, title }) => (cardId ? [{ cardId, title }] : [])),
  };
}
