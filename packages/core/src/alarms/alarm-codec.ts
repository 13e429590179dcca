// The device alarm string of config.alarms:
// `daymask,HHMM,cardId,chapterKey,trackKey,volume[,enabled[,extra…]]`. Reads `HHMM` and `HH:MM` (one public
// client writes the colon), writes `HHMM` as the provider's example does.
import type { DeviceAlarm, Weekday } from '../shared/entities';
import { DEFAULT_CHAPTER_KEY, DEFAULT_TRACK_KEY } from '../shared/constants';
import { ALARM_VOLUME_SCALE, ALARM_VOLUME_WRITE_MAX, ALARM_VOLUME_WRITE_MIN } from './alarm-volume';

/**
 * Wire order of the 7-character day mask: MONDAY FIRST, on purpose.
 * The app's first specification said Sunday first, but the provider's own published alarm example
 * reads Monday through Sunday (`1111100` = weekdays) and a second public client decodes it the same way; no
 * source shows Sunday first. A Sunday-first codec would ring a real player's alarms on the wrong days
 * (docs/decisions/monday-first-day-masks.md). Only the wire uses this; what users see has its own rules.
 */
export const ALARM_MASK_DAY_ORDER: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

/** Volume steps a stored alarm may be read with: the player's whole 0–16 scale (see alarm-volume.ts). */
const ALARM_VOLUME_READ_MAX = ALARM_VOLUME_SCALE;

/**
 * What a written alarm needs: the parsed form without its list position. Chapter and track are
 * optional: real players' strings leave them empty (`1111111,1100,5WsQg,,,8`, and the provider's
 * own example `1111100,0730,6Mq8g,,,5,1`), and `01` need not be a key of the card, so only a
 * parent's choice is ever written.
 */
export type AlarmFields = Pick<DeviceAlarm, 'days' | 'hour' | 'minute' | 'cardId' | 'volume' | 'enabled'> & {
  chapterKey?: string;
  trackKey?: string;
  extra?: readonly string[];
};

type AlarmParseResult = { ok: true; alarm: DeviceAlarm } | { ok: false; error: string };

const alarmId = (index: number): string => `alarm_${index}`;

/** 'alarm_3' → 3; anything else → null. */
export const alarmIndexFromId = (id: string): number | null => {
  const match = /^alarm_(\d+)$/.exec(id);
  return match?.[1] === undefined ? null : Number(match[1]);
};

const pad2 = (n: number): string => String(n).padStart(2, '0');

export const formatTime = (hour: number, minute: number): string => `${pad2(hour)}:${pad2(minute)}`;

/**
 * Parses one alarm string; `index` is its position in config.alarms (id `alarm_{index}`).
 * Never throws: a malformed string gives `{ ok: false, error }` naming the alarm (1-based) and field.
 */
export function parseAlarm(raw: unknown, index: number): AlarmParseResult {
  const label = `Alarm ${index + 1}`;
  const fail = (error: string): AlarmParseResult => ({ ok: false, error: `${label}: ${error}` });
  if (typeof raw !== 'string') return fail('is not a text string');
  const fields = raw.split(',');
  // Six fields (no enabled flag) exist on real players; fewer cannot be read.
  if (fields.length < 6) return fail(`expected 7 comma-separated fields, found ${fields.length}`);
  const [mask = '', hhmm = '', cardId = '', chapter = '', track = '', volumeText = '', enabledText = ''] =
    fields.slice(0, 7).map((field) => field.trim());

  if (!/^[01]{7}$/.test(mask)) return fail(`day mask "${mask}" is not 7 characters of 0 and 1`);
  const days = ALARM_MASK_DAY_ORDER.filter((_, i) => mask[i] === '1');

  const time = /^(\d{2})(\d{2})$/.exec(hhmm) ?? /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  const hour = Number(time?.[1]);
  const minute = Number(time?.[2]);
  if (!time || hour > 23 || minute > 59) return fail(`time "${hhmm}" is not HHMM or HH:MM`);

  if (!/^\d+$/.test(volumeText)) return fail(`volume "${volumeText}" is not a number`);
  const volume = Number(volumeText);
  if (volume > ALARM_VOLUME_READ_MAX)
    return fail(`volume "${volumeText}" is not 0 to ${ALARM_VOLUME_READ_MAX}`);

  let enabled = true;
  if (enabledText === '0' || enabledText.toLowerCase() === 'false') enabled = false;
  else if (!['', '1', 'true'].includes(enabledText.toLowerCase()))
    return fail(`enabled flag "${enabledText}" is not 1 or 0`);

  return {
    ok: true,
    alarm: {
      id: alarmId(index),
      time: formatTime(hour, minute),
      hour,
      minute,
      days,
      enabled,
      volume,
      cardId,
      // The app shows a missing chapter or track as 01; the raw string keeps them empty for writing.
      chapterKey: chapter || DEFAULT_CHAPTER_KEY,
      trackKey: track || DEFAULT_TRACK_KEY,
      extra: fields.slice(7),
      raw,
    },
  };
}

/** Parses config.alarms: the good alarms (ids keep their list position) and one message per bad one. */
export function parseAlarmList(list: readonly unknown[]): { alarms: DeviceAlarm[]; errors: string[] } {
  const alarms: DeviceAlarm[] = [];
  const errors: string[] = [];
  list.forEach((raw, index) => {
    const result = parseAlarm(raw, index);
    if (result.ok) alarms.push(result.alarm);
    else errors.push(result.error);
  });
  return { alarms, errors };
}

/**
 * Why an alarm cannot be written, or null when it can. A volume above Yoto's alarm limit (8) is
 * refused unless `keptVolume` says it is the one the alarm was read with and left alone.
 */
export function alarmFieldsError(alarm: AlarmFields, keptVolume = false): string | null {
  if (!Number.isInteger(alarm.hour) || alarm.hour < 0 || alarm.hour > 23)
    return `hour ${alarm.hour} is not 0 to 23`;
  if (!Number.isInteger(alarm.minute) || alarm.minute < 0 || alarm.minute > 59)
    return `minute ${alarm.minute} is not 0 to 59`;
  if (
    !keptVolume &&
    (!Number.isInteger(alarm.volume) ||
      alarm.volume < ALARM_VOLUME_WRITE_MIN ||
      alarm.volume > ALARM_VOLUME_WRITE_MAX)
  )
    return `volume ${alarm.volume} is not ${ALARM_VOLUME_WRITE_MIN} to ${ALARM_VOLUME_WRITE_MAX}`;
  const texts = [alarm.cardId, alarm.chapterKey ?? '', alarm.trackKey ?? '', ...(alarm.extra ?? [])];
  if (texts.some((text) => text.includes(','))) return 'a field contains a comma';
  return null;
}

const maskOf = (days: readonly Weekday[]): string =>
  ALARM_MASK_DAY_ORDER.map((day) => (days.includes(day) ? '1' : '0')).join('');

/** The fields of a newly written alarm: HHMM, chapter and track only when chosen, enabled as 1/0. */
function freshFields(alarm: AlarmFields): string[] {
  return [
    maskOf(alarm.days),
    `${pad2(alarm.hour)}${pad2(alarm.minute)}`,
    alarm.cardId.trim(),
    alarm.chapterKey?.trim() ?? '',
    alarm.trackKey?.trim() ?? '',
    String(alarm.volume),
    alarm.enabled ? '1' : '0',
    ...(alarm.extra ?? []),
  ];
}

/** A key as the player reads it: an empty one means 01 (see parseAlarm). */
const keyAsRead = (key: string | undefined, fallback: string): string => key?.trim() || fallback;

/**
 * Writes an alarm as a device string. With `base` (the string it was read from), only the fields
 * whose meaning changed are re-encoded; every other field keeps its exact text (an empty chapter,
 * `07:30`, a missing enabled flag), so an untouched alarm is written back byte for byte.
 * Throws a RangeError for values the dialog never produces (check with alarmFieldsError first).
 */
export function formatAlarm(alarm: AlarmFields, base?: string): string {
  const read = base === undefined ? null : parseAlarm(base, 0);
  const error = alarmFieldsError(alarm, read?.ok === true && read.alarm.volume === alarm.volume);
  if (error) throw new RangeError(`Cannot write alarm: ${error}`);
  const fresh = freshFields(alarm);
  if (!read?.ok) return fresh.join(',');
  const was = read.alarm;
  const fields = was.raw.split(',');
  const same = [
    maskOf(was.days) === fresh[0],
    was.hour === alarm.hour && was.minute === alarm.minute,
    was.cardId === fresh[2],
    was.chapterKey === keyAsRead(alarm.chapterKey, DEFAULT_CHAPTER_KEY),
    was.trackKey === keyAsRead(alarm.trackKey, DEFAULT_TRACK_KEY),
    was.volume === alarm.volume,
  ];
  same.forEach((kept, i) => {
    if (!kept) fields[i] = fresh[i] ?? '';
  });
  const extra = alarm.extra ?? [];
  const extraSame = extra.length === was.extra.length && extra.every((field, i) => field === was.extra[i]);
  // A six-field string has no enabled flag: it gains one only when the flag or extra fields change.
  if (was.enabled !== alarm.enabled || (!extraSame && fields.length < 7)) fields[6] = fresh[6] ?? '';
  return extraSame ? fields.join(',') : [...fields.slice(0, 7), ...extra].join(',');
}

/** A read alarm with a change applied, written against its own raw string (see formatAlarm). */
export const rewriteAlarm = (alarm: DeviceAlarm, change: Partial<AlarmFields>): string =>
  formatAlarm({ ...alarm, ...change }, alarm.raw);
