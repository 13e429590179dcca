// Editing a player's own alarm in place: the dialog starts from the alarm's values, and Save
// rewrites only the fields whose meaning the parent changed (rewriteAlarm), so what the dialog
// does not show (the enabled flag, extra fields, an empty chapter, a colon time) stays as read.
import { rewriteAlarm, type AlarmFields } from './alarm-codec';
import { ALARM_VOLUME_SLIDER } from '../shared/constants';
import type { AlarmType, DeviceAlarm } from '../shared/entities';
import { defaultAlarmDraft, parseTimeOfDay, type AlarmDraft } from './alarm-draft';
import { alarmPercentToStep, ALARM_VOLUME_WRITE_MAX } from './alarm-volume';
import { sortDays } from './weekdays';

/** The card an edited alarm plays; chapter '' starts the card from its beginning (the player's 01). */
export interface AlarmCardChoice {
  cardId: string;
  chapterKey: string;
}

/** The Edit alarm dialog's values: the Create dialog's, plus the card and chapter. */
export type AlarmEditDraft = AlarmDraft & { card: AlarmCardChoice };

const sliderValues = (): number[] => {
  const values: number[] = [];
  for (let v = ALARM_VOLUME_SLIDER.min; v <= ALARM_VOLUME_SLIDER.max; v += ALARM_VOLUME_SLIDER.step)
    values.push(v);
  return values;
};

/**
 * The slider percent a stored step starts at: the slider value nearest the step's share of 8 that
 * writes the same step again. Steps above 8 start at 100 %, a silent 0 at the minimum; Save keeps
 * those steps as they are unless the parent moves the slider (editedAlarmString).
 */
export function alarmStepToPercent(step: number): number {
  if (step >= ALARM_VOLUME_WRITE_MAX) return ALARM_VOLUME_SLIDER.max;
  const exact = (step * 100) / ALARM_VOLUME_WRITE_MAX;
  const same = sliderValues().filter((value) => alarmPercentToStep(value) === step);
  const nearest = same.sort((a, b) => Math.abs(a - exact) - Math.abs(b - exact))[0];
  return nearest ?? ALARM_VOLUME_SLIDER.min;
}

/** The chapter field as stored: empty when the string leaves it empty (the parsed alarm says 01). */
export const storedChapterKey = (alarm: Pick<DeviceAlarm, 'raw'>): string =>
  alarm.raw.split(',')[3]?.trim() ?? '';

/** The Edit alarm dialog's start: the alarm's time, days, volume, card and chapter, and its type. */
export function draftFromAlarm(
  alarm: DeviceAlarm,
  deviceId: string,
  type: AlarmType | null = null,
): AlarmEditDraft {
  const base = defaultAlarmDraft(deviceId);
  return {
    ...base,
    time: alarm.time,
    days: sortDays(alarm.days),
    volumePercent: alarmStepToPercent(alarm.volume),
    alarmType: type ?? base.alarmType,
    card: { cardId: alarm.cardId, chapterKey: storedChapterKey(alarm) },
  };
}

/** Save needs a time, a day and a card; not while saving. */
export const canSaveAlarmEdit = (draft: AlarmEditDraft, saving: boolean): boolean =>
  !saving &&
  draft.days.length > 0 &&
  parseTimeOfDay(draft.time) !== null &&
  draft.card.cardId.trim() !== '' &&
  !draft.card.cardId.includes(',');

/**
 * The alarm's new string: only what the parent changed is re-encoded. The volume stays the stored
 * step while the slider is where it started (a step above 8 set elsewhere survives). A track key
 * belongs to its chapter of its card: when either changes, the track goes back to empty (the start).
 * Throws a RangeError for a draft Save would not allow.
 */
export function editedAlarmString(alarm: DeviceAlarm, start: AlarmEditDraft, draft: AlarmEditDraft): string {
  const time = parseTimeOfDay(draft.time);
  if (!time || draft.days.length === 0 || !draft.card.cardId.trim())
    throw new RangeError('Cannot write alarm: it needs a time, a day and a card');
  const cardId = draft.card.cardId.trim();
  const movedCard = cardId !== start.card.cardId || draft.card.chapterKey !== start.card.chapterKey;
  const change: Partial<AlarmFields> = {
    days: sortDays(draft.days),
    hour: time.hour,
    minute: time.minute,
    cardId,
    chapterKey: draft.card.chapterKey,
    volume:
      draft.volumePercent === start.volumePercent ? alarm.volume : alarmPercentToStep(draft.volumePercent),
    ...(movedCard ? { trackKey: '' } : {}),
  };
  return rewriteAlarm(alarm, change);
}
