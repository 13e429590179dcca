// The cloud alarm dialog's rules (create from scratch, edit in place) and the cards' duplicate:
// what the dialog starts with, when it may save, the body it sends, and the refusal at the cap.
// Schema-free, like cloud-alarm-rules.ts, so the page's lazy dialog loads no classic zod.
import { formatAlarm, formatTime } from '../alarms/alarm-codec';
import {
  ALARM_TYPES,
  ALARM_VOLUME_SLIDER,
  DEFAULT_ALARM_TIME,
  MAX_CLOUD_ALARMS,
  RESTRICTED_CATEGORY,
} from '../shared/constants';
import type { AlarmType, Device, DeviceAlarm, Playlist, Weekday } from '../shared/entities';
import { CLOUD_CAP_MESSAGE, CLOUD_EDIT_TEXTS, copyName } from '../texts/cloud-edit-texts';
import { parseTimeOfDay } from '../alarms/alarm-draft';
import { alarmPercentToStep } from '../alarms/alarm-volume';
import { DEFAULT_ALARM_DAYS } from '../alarms/weekdays';
import { daysToMask, defaultCloudAlarmName, maskToDays } from './cloud-alarm-rules';
import type { CloudAlarm, CloudAlarmCreate } from './cloud-schemas';
import { NO_EXTRAS, extrasBody, extrasDraftOf, type ExtrasDraft } from './alarm-extras';

export interface CloudAlarmDraft {
  deviceId: string | null;
  cardId: string | null;
  /** 'HH:MM', as a time input gives it. */
  time: string;
  days: Weekday[];
  /** 10–100 in steps of 10: the cloud keeps a level from 1 to 10, shown ×10. */
  volumePercent: number;
  alarmType: AlarmType;
  /** Wake-up fade, bedtime sleep timer and night light (alarm-extras.ts). */
  extras?: ExtrasDraft;
}

/** The cloud keeps whole levels 1–10, so the slider moves by 10 %. */
export const CLOUD_VOLUME_SLIDER = { min: 10, max: 100, step: 10, marks: [10, 50, 100] } as const;

/** Longest alarm_name the backend stores. */
const ALARM_NAME_MAX = 100;

/** A card the dialog offers: the household's own playlists first, then the family library. */
export interface CardChoice {
  cardId: string;
  title: string;
  coverArt: string | null;
  family: boolean;
}

/**
 * The playlists as the dialog's choices: one per card (a card in both lists is offered once, as
 * the household's own); playlists without a card, and cards the provider refuses this account,
 * left out (nothing the player could start).
 */
export function cardChoices(own: readonly Playlist[], family: readonly Playlist[]): CardChoice[] {
  const seen = new Set<string>();
  const choices: CardChoice[] = [];
  for (const [list, isFamily] of [
    [own, false],
    [family, true],
  ] as const) {
    for (const playlist of list) {
      if (!playlist.cardId || playlist.category === RESTRICTED_CATEGORY || seen.has(playlist.cardId))
        continue;
      seen.add(playlist.cardId);
      choices.push({
        cardId: playlist.cardId,
        title: playlist.title.trim() || CLOUD_EDIT_TEXTS.unknownCard,
        coverArt: playlist.coverArt,
        family: isFamily || playlist.isFromFamilyLibrary,
      });
    }
  }
  return choices;
}

/**
 * The choices with an edited alarm's own card among them: by its stored name when no list holds it
 * (yet: the family library may still be loading), so opening the dialog never changes the card.
 */
export function choicesWithStoredCard(
  choices: readonly CardChoice[],
  editing: Pick<CloudAlarm, 'playlist_id' | 'playlist_name'> | null,
): readonly CardChoice[] {
  if (!editing || choices.some((card) => card.cardId === editing.playlist_id)) return choices;
  return [
    ...choices,
    { cardId: editing.playlist_id, title: editing.playlist_name, coverArt: null, family: true },
  ];
}

/** A new alarm: the first online player (else the first), 07:00, Monday to Friday, 70 %, wakeup. */
export function newCloudAlarmDraft(devices: readonly Device[]): CloudAlarmDraft {
  const player = devices.find((device) => device.online) ?? devices[0];
  return {
    deviceId: player?.deviceId ?? null,
    cardId: null,
    time: DEFAULT_ALARM_TIME,
    days: [...DEFAULT_ALARM_DAYS],
    volumePercent: ALARM_VOLUME_SLIDER.default,
    alarmType: ALARM_TYPES[0],
    extras: NO_EXTRAS,
  };
}

/** The dialog prefilled with a stored alarm, for Save. */
export const draftOfCloudAlarm = (alarm: CloudAlarm): CloudAlarmDraft => ({
  deviceId: alarm.yoto_device_id,
  cardId: alarm.playlist_id,
  time: formatTime(alarm.hour, alarm.minute),
  days: maskToDays(alarm.days),
  volumePercent: alarm.volume * 10,
  alarmType: alarm.alarm_type,
  extras: extrasDraftOf(alarm),
});

/** Create or Save needs a player, a card, a time of day and at least one day, and nothing in flight. */
export const canSaveCloudDraft = (draft: CloudAlarmDraft, busy: boolean): boolean =>
  !busy &&
  draft.deviceId !== null &&
  draft.cardId !== null &&
  draft.days.length > 0 &&
  parseTimeOfDay(draft.time) !== null;

const levelOf = (percent: number): number =>
  Math.min(10, Math.max(1, Math.round(percent / CLOUD_VOLUME_SLIDER.step)));

/**
 * The alarm's name after an edit: a name that was the default of the old fields follows the new
 * ones (the playlist's name, else "{Type} Alarm H:MM"); a name of its own (a copy's) stays.
 */
function nameAfterEdit(
  original: CloudAlarm | null,
  type: AlarmType,
  hour: number,
  minute: number,
  title: string,
): string {
  const fresh = defaultCloudAlarmName(type, hour, minute, title);
  if (original === null) return fresh;
  const wasDefault =
    original.alarm_name ===
    defaultCloudAlarmName(original.alarm_type, original.hour, original.minute, original.playlist_name);
  return wasDefault ? fresh : original.alarm_name;
}

/**
 * The body of POST /api/alarms (a new alarm, switched on) or PUT /api/alarms/{id} (an edit, its
 * on/off kept), or null while the draft cannot be saved. `cardTitle` and `deviceName` are the
 * names the dialog shows, stored so that every list names the card without asking the provider.
 */
export function cloudDraftBody(
  draft: CloudAlarmDraft,
  names: { deviceName: string; cardTitle: string },
  original: CloudAlarm | null = null,
): CloudAlarmCreate | null {
  const time = parseTimeOfDay(draft.time);
  if (!time || draft.deviceId === null || draft.cardId === null || draft.days.length === 0) return null;
  const title = names.cardTitle.trim();
  return {
    yoto_device_id: draft.deviceId,
    device_name: names.deviceName,
    alarm_name: nameAfterEdit(original, draft.alarmType, time.hour, time.minute, title),
    alarm_type: draft.alarmType,
    playlist_id: draft.cardId,
    playlist_name: title,
    hour: time.hour,
    minute: time.minute,
    days: daysToMask(draft.days),
    volume: levelOf(draft.volumePercent),
    is_enabled: original?.is_enabled ?? true,
    ...extrasBody(draft.alarmType, draft.extras ?? NO_EXTRAS),
  };
}

/** The copy a card's Duplicate creates: every field of the alarm, its name marked as a copy. */
export const duplicateCloudAlarm = (alarm: CloudAlarm): CloudAlarmCreate => ({
  yoto_device_id: alarm.yoto_device_id,
  device_name: alarm.device_name,
  alarm_name: copyName(alarm.alarm_name).slice(0, ALARM_NAME_MAX),
  alarm_type: alarm.alarm_type,
  playlist_id: alarm.playlist_id,
  playlist_name: alarm.playlist_name,
  hour: alarm.hour,
  minute: alarm.minute,
  days: alarm.days,
  volume: alarm.volume,
  is_enabled: alarm.is_enabled,
  ...extrasBody(alarm.alarm_type, extrasDraftOf(alarm)),
});

/** Creating or duplicating with `total` alarms stored: the cap's message when it is reached, else null. */
export const cloudCapRefusal = (total: number): string | null =>
  total >= MAX_CLOUD_ALARMS ? CLOUD_CAP_MESSAGE : null;

/**
 * The draft as the alarm a player would keep in its own config: what the switched-off warning and
 * the zone warning read, and what "Save on the player instead" writes (its volume as the Create
 * dialog maps the same percent). Null while the draft cannot be saved.
 */
export function cloudDraftAsDeviceAlarm(draft: CloudAlarmDraft): DeviceAlarm | null {
  const time = parseTimeOfDay(draft.time);
  if (!time || draft.cardId === null || draft.days.length === 0) return null;
  const fields = {
    days: draft.days,
    hour: time.hour,
    minute: time.minute,
    cardId: draft.cardId,
    volume: alarmPercentToStep(draft.volumePercent),
    enabled: true,
  };
  return {
    ...fields,
    // Not in the player's list: keepAlarmOnPlayer finds no string of this id and appends it afresh.
    id: 'cloud-draft',
    time: formatTime(time.hour, time.minute),
    chapterKey: '',
    trackKey: '',
    extra: [],
    raw: formatAlarm(fields),
  };
}

/**
 * What a list names an alarm's card: the title the household's lists know, else the name stored
 * with the alarm, else the card's content's title; never the card id. `coverArt` likewise.
 */
export function cloudCardFace(
  alarm: Pick<CloudAlarm, 'playlist_name'>,
  known: Pick<CardChoice, 'title' | 'coverArt'> | undefined,
  fetched: Pick<CardChoice, 'title' | 'coverArt'> | undefined,
): { title: string; coverArt: string | null } {
  const title =
    known?.title.trim() ||
    alarm.playlist_name.trim() ||
    fetched?.title.trim() ||
    CLOUD_EDIT_TEXTS.unknownCard;
  return { title, coverArt: known?.coverArt ?? fetched?.coverArt ?? null };
}
