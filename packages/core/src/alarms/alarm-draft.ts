// The Create Alarm dialog's rules: who may set an alarm, what the dialog
// starts with, when Create is allowed, the alarm string it writes and the toast that follows.
import { formatAlarm, formatTime, type AlarmFields } from './alarm-codec';
import { ALARM_TYPES, ALARM_VOLUME_SLIDER, DEFAULT_ALARM_TIME } from '../shared/constants';
import type { AlarmType, Device, Weekday } from '../shared/entities';
import { isValidTimeZone, wallClock } from './local-time';
import { MESSAGES, alarmCreated } from '../texts/messages';
import { DEFAULT_ALARM_DAYS, daysWording, sortDays, weekdayFromIndex } from './weekdays';
import { alarmPercentToStep } from './alarm-volume';

export interface AlarmDraft {
  deviceId: string | null;
  /** 'HH:MM', as a time input gives it. */
  time: string;
  days: Weekday[];
  /** The slider's 10–100. */
  volumePercent: number;
  alarmType: AlarmType;
}

/** Wakeup first, as the dialog lists them; the device string carries no type, the cloud upload does. */
const DEFAULT_ALARM_TYPE: AlarmType = ALARM_TYPES[0];

export const ALARM_TYPE_LABELS: Readonly<Record<AlarmType, string>> = {
  wakeup: 'Wakeup',
  bedtime: 'Bedtime',
};

/** The dialog's defaults: 07:00, Monday to Friday, volume 70. */
export const defaultAlarmDraft = (deviceId: string | null = null): AlarmDraft => ({
  deviceId,
  time: DEFAULT_ALARM_TIME,
  days: [...DEFAULT_ALARM_DAYS],
  volumePercent: ALARM_VOLUME_SLIDER.default,
  alarmType: DEFAULT_ALARM_TYPE,
});

type SetAlarmStart = { ok: true; draft: AlarmDraft } | { ok: false; error: string };

/**
 * Set Alarm on a playlist: no players, or none online, is an error; otherwise the
 * dialog opens on the first online player, the current time and today's weekday. The player rings
 * by its own clock, so "now" is read there when its zone is known (`zoneOf`), else locally.
 */
export function startAlarmFromPlaylist(
  devices: readonly Device[],
  now: Date,
  zoneOf: (deviceId: string) => string | null = () => null,
): SetAlarmStart {
  if (devices.length === 0) return { ok: false, error: MESSAGES.noDevicesAvailable };
  const online = devices.find((device) => device.online);
  if (!online) return { ok: false, error: MESSAGES.noOnlineDevicesFound };
  const zone = zoneOf(online.deviceId);
  const clock =
    zone && isValidTimeZone(zone)
      ? wallClock(now, zone)
      : { hour: now.getHours(), minute: now.getMinutes(), weekday: now.getDay() };
  return {
    ok: true,
    draft: {
      ...defaultAlarmDraft(online.deviceId),
      time: formatTime(clock.hour, clock.minute),
      days: [weekdayFromIndex(clock.weekday)],
    },
  };
}

/** 'HH:MM' (seconds, if a browser adds them, are ignored) → hour and minute; null when not a time of day. */
export function parseTimeOfDay(time: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(time.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** Adds or removes a day, keeping dialog order (Monday first). */
export const toggleDay = (days: readonly Weekday[], day: Weekday): Weekday[] =>
  sortDays(days.includes(day) ? days.filter((d) => d !== day) : [...days, day]);

/**
 * Create is disabled while creating, with no day, or with no device. A cleared or
 * partial time input also disables it: there is no alarm to write without a time.
 */
export const canCreateAlarm = (draft: AlarmDraft, creating: boolean): boolean =>
  !creating && draft.days.length > 0 && draft.deviceId !== null && parseTimeOfDay(draft.time) !== null;

/**
 * The device alarm of a draft: the playlist's card, enabled, the slider's percent as a level of 1–8
 * (alarm-volume.ts: never above Yoto's alarm limit). The dialog picks no
 * chapter or track, so both stay empty, as real players write them
 * (docs/provider-contract.md, Alarm strings).
 */
function draftToAlarmFields(draft: AlarmDraft, cardId: string): AlarmFields | null {
  const time = parseTimeOfDay(draft.time);
  if (!time || draft.days.length === 0) return null;
  return {
    days: sortDays(draft.days),
    hour: time.hour,
    minute: time.minute,
    cardId,
    volume: alarmPercentToStep(draft.volumePercent),
    enabled: true,
  };
}

/** The string appended to config.alarms; throws a RangeError for a draft Create would not allow. */
export function draftToAlarmString(draft: AlarmDraft, cardId: string): string {
  const fields = draftToAlarmFields(draft, cardId);
  if (!fields) throw new RangeError('Cannot write alarm: it needs a time and at least one day');
  return formatAlarm(fields);
}

/** The success toast, with core's daily / weekdays / day-list wording. */
export function alarmCreatedMessage(p: { title: string; device: string; draft: AlarmDraft }): string {
  const time = parseTimeOfDay(p.draft.time);
  return alarmCreated({
    title: p.title,
    device: p.device,
    time: time ? formatTime(time.hour, time.minute) : p.draft.time,
    days: daysWording(p.draft.days),
  });
}
