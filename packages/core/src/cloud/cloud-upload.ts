// The cloud alarm card's rules: what an upload sends, how a cloud alarm is
// shown and imported back to a player, which selections may go on, and the delete confirmations.
import { formatAlarm, formatTime, parseAlarm } from '../alarms/alarm-codec';
import {
  CLOUD_ALARM_DEFAULT_VOLUME,
  daysToMask,
  defaultCloudAlarmName,
  maskToDays,
} from './cloud-alarm-rules';
import type { CloudAlarm, CloudAlarmCreate, CloudAlarmType } from './cloud-schemas';
import type { DeviceAlarm } from '../shared/entities';
import { ALARM_TYPE_LABELS } from '../alarms/alarm-draft';
import { cloudVolumeToStep } from '../alarms/alarm-volume';

/** A cloud alarm's stored volume (1–10) shows ×10, as a percent. */
export const cloudVolumeLabel = (volume: number): string => `${volume * 10}%`;

/** A cloud alarm's time as the device list shows times: 'HH:MM'. */
export const cloudAlarmTime = (alarm: Pick<CloudAlarm, 'hour' | 'minute'>): string =>
  formatTime(alarm.hour, alarm.minute);

/** The upload is offered only when there is a local alarm to send. */
export const canOpenUpload = (localAlarmCount: number): boolean => localAlarmCount > 0;

/**
 * "Select Alarms to Upload" goes on with exactly one alarm: an upload replaces the cloud alarm of
 * its type, and the account keeps one wakeup and one bedtime (the tab's note says so), so two alarms
 * sent as one type would leave only the last.
 */
export const canContinueUpload = (selectedCount: number): boolean => selectedCount === 1;

export interface UploadSource {
  deviceId: string;
  deviceName: string;
  alarm: Pick<DeviceAlarm, 'days' | 'hour' | 'minute' | 'cardId' | 'enabled'>;
  /** The playlist's title when the household's lists know it. */
  playlistName: string | null;
}

/**
 * The body of `POST /api/alarms/by-type` for a device alarm: the
 * default volume 70 (stored as 7), the default name (the playlist's, else "{Type} Alarm H:MM"),
 * the alarm's days, time, card and on/off as on the player. No MQTT config: the backend fires
 * through its own broker and ignores one.
 */
export function uploadBody(source: UploadSource, type: CloudAlarmType): CloudAlarmCreate {
  const { alarm } = source;
  const playlistName = source.playlistName?.trim() ?? '';
  return {
    yoto_device_id: source.deviceId,
    device_name: source.deviceName,
    alarm_name: defaultCloudAlarmName(type, alarm.hour, alarm.minute, playlistName),
    alarm_type: type,
    playlist_id: alarm.cardId,
    playlist_name: playlistName,
    hour: alarm.hour,
    minute: alarm.minute,
    days: daysToMask(alarm.days),
    volume: CLOUD_ALARM_DEFAULT_VOLUME,
    is_enabled: alarm.enabled,
  };
}

/**
 * A cloud alarm as a device alarm string (chapter and track empty, as the dialog writes them). Its
 * stored 1–10 becomes the player's alarm level as the dialog maps the same percent (70 % → 6), so a
 * cloud alarm at 100 % lands at Yoto's limit of 8, never above it.
 */
export const cloudAlarmToDeviceString = (
  alarm: Pick<CloudAlarm, 'days' | 'hour' | 'minute' | 'playlist_id' | 'volume' | 'is_enabled'>,
): string =>
  formatAlarm({
    days: maskToDays(alarm.days),
    hour: alarm.hour,
    minute: alarm.minute,
    cardId: alarm.playlist_id,
    volume: cloudVolumeToStep(alarm.volume),
    enabled: alarm.is_enabled,
  });

/** Same days, time and card: the player would ring the same thing at the same moment. */
function sameAlarm(a: string, b: string): boolean {
  const x = parseAlarm(a, 0);
  const y = parseAlarm(b, 0);
  if (!x.ok || !y.ok) return a === b;
  return (
    daysToMask(x.alarm.days) === daysToMask(y.alarm.days) &&
    x.alarm.hour === y.alarm.hour &&
    x.alarm.minute === y.alarm.minute &&
    x.alarm.cardId === y.alarm.cardId
  );
}

/**
 * The import of "Successfully imported {n} alarms from cloud storage" for one player: its
 * list as stored now with each cloud alarm of this player appended, unless the player already has
 * it (same days, time and card), so importing twice adds nothing. Existing strings stay as read.
 */
export function importIntoDeviceList(
  current: readonly string[],
  deviceId: string,
  cloud: readonly CloudAlarm[],
): { list: string[]; added: number } {
  const list = [...current];
  let added = 0;
  for (const alarm of cloud) {
    if (alarm.yoto_device_id !== deviceId) continue;
    const written = cloudAlarmToDeviceString(alarm);
    if (list.some((existing) => sameAlarm(existing, written))) continue;
    list.push(written);
    added += 1;
  }
  return { list, added };
}

export type CloudDeleteKind = 'all' | 'wakeup' | 'bedtime' | 'single';

interface CloudDeleteConfirmation {
  title: string;
  text: string;
  confirmLabel: string;
}

/** The delete confirmation of each kind; `name` is the single alarm's name. */
export function cloudDeleteConfirmation(kind: CloudDeleteKind, name?: string): CloudDeleteConfirmation {
  switch (kind) {
    case 'all':
      return {
        title: 'Delete all cloud alarms?',
        // The bulk deletes reach the caller's own alarms only (docs/decisions/shared-household.md).
        text: 'Every cloud alarm you set will be deleted. Alarms another parent set, and alarms on your players, stay.',
        confirmLabel: 'Delete all',
      };
    case 'wakeup':
    case 'bedtime':
      return {
        title: `Delete the ${kind} alarm?`,
        text: `The ${ALARM_TYPE_LABELS[kind]} alarm you set in the cloud will be deleted.`,
        confirmLabel: `Delete ${kind} alarm`,
      };
    case 'single':
      return {
        title: 'Delete this cloud alarm?',
        text: `"${name ?? ''}" will be deleted from the cloud.`,
        confirmLabel: 'Delete',
      };
  }
}

/** The browser's own zone; UTC when it cannot tell. */
export function detectTimeZone(resolve: () => string | undefined = defaultResolver): string {
  try {
    return resolve() || 'UTC';
  } catch {
    return 'UTC';
  }
}

const defaultResolver = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Where the Create dialog's alarm type is remembered for a device alarm: the player, days, time
 * and card (not the on/off flag or volume, so switching it off keeps its type).
 */
export const alarmTypeKey = (
  deviceId: string,
  alarm: Pick<DeviceAlarm, 'days' | 'hour' | 'minute' | 'cardId'>,
): string => `${deviceId}|${daysToMask(alarm.days)}|${formatTime(alarm.hour, alarm.minute)}|${alarm.cardId}`;
