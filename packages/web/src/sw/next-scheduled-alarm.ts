// When the next synced alarm rings: core's next-alarm rules over what SYNC_ALARMS sent.
import { isValidTimeZone } from '@playlist-alarms/core/alarms/local-time';
import { nextOccurrence } from '@playlist-alarms/core/alarms/next-alarm';
import type { SyncAlarms, SyncedAlarm } from './alarm-messages';
import type { ScheduledAlarm } from './worker-messages';

/**
 * The earliest alarm strictly after `now`, with core's next-alarm rules (each alarm in its own
 * zone, DST-correct). Ties go to the first in the page's list, as core's findNextAlarm does.
 */
export function nextScheduledAlarm(sync: SyncAlarms, now: Date): ScheduledAlarm | null {
  const pageZone = isValidTimeZone(sync.timeZone) ? sync.timeZone : 'UTC';
  const devices = new Map(sync.devices.map((device) => [device.deviceId, device]));
  const titles = new Map(sync.playlists.map((playlist) => [playlist.cardId, playlist.title]));
  const zoneOf = (candidate: string | null | undefined, fallback: string) =>
    candidate && isValidTimeZone(candidate) ? candidate : fallback;

  let best: { alarm: SyncedAlarm; at: Date } | null = null;
  for (const alarm of sync.alarms) {
    const device = devices.get(alarm.deviceId);
    const zone = zoneOf(alarm.timeZone, zoneOf(device?.timeZone, pageZone));
    const at = nextOccurrence(alarm, now, zone);
    if (at && (!best || at.getTime() < best.at.getTime())) best = { alarm, at };
  }
  if (!best) return null;
  const { alarm, at } = best;
  return {
    alarmId: alarm.id,
    source: alarm.source,
    deviceId: alarm.deviceId,
    deviceName: devices.get(alarm.deviceId)?.name || alarm.deviceId,
    cardId: alarm.cardId,
    title: titles.get(alarm.cardId) ?? null,
    at: at.toISOString(),
  };
}
