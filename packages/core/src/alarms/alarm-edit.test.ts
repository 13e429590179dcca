import { describe, expect, it } from 'vitest';
import { parseAlarmList } from './alarm-codec';
import { alarmPercentToStep } from './alarm-volume';
import { editAlarmList } from './alarm-list-edit';
import {
  alarmStepToPercent,
  canSaveAlarmEdit,
  draftFromAlarm,
  editedAlarmString,
  storedChapterKey,
  type AlarmEditDraft,
} from './alarm-edit';

// A player's list as real configs hold it: empty chapter and track, a six-field string, a colon
// time with chapter and track, extra fields, one the codec cannot read, and a volume set elsewhere.
const LIST = [
  '1111100,0700,cardA,,,6,1',
  '1111111,1930,cardB,,,4',
  '0000011,09:00,cardC,02,03,5,0,x1,x2',
  'not,an,alarm',
  '1010100,0615,cardD,,,12,1',
];
const read = parseAlarmList(LIST).alarms;
const alarm = (index: number) => {
  const found = read.find((a) => a.id === `alarm_${index}`);
  if (!found) throw new Error(`no alarm_${index}`);
  return found;
};

/** The draft with a change, as the dialog would hand it to Save. */
const edited = (start: AlarmEditDraft, change: Partial<AlarmEditDraft>): AlarmEditDraft => ({
  ...start,
  ...change,
});

describe('the Edit alarm dialog starts from the alarm', () => {
  it('takes its time, days (Monday first), volume, card, stored chapter and the remembered type', () => {
    const draft = draftFromAlarm(alarm(2), 'p1', 'bedtime');
    expect(draft).toEqual({
      deviceId: 'p1',
      time: '09:00',
      days: ['saturday', 'sunday'],
      volumePercent: 60,
      alarmType: 'bedtime',
      card: { cardId: 'cardC', chapterKey: '02' },
    });
  });

  it('an empty chapter stays empty (the start of the card), and no remembered type means Wakeup', () => {
    const draft = draftFromAlarm(alarm(0), 'p1');
    expect(draft.card).toEqual({ cardId: 'cardA', chapterKey: '' });
    expect(draft.alarmType).toBe('wakeup');
    expect(storedChapterKey(alarm(0))).toBe('');
  });

  it('each step 1–8 starts the slider at a percent that writes the same step again', () => {
    for (let step = 1; step <= 8; step += 1) expect(alarmPercentToStep(alarmStepToPercent(step))).toBe(step);
    expect(alarmStepToPercent(12)).toBe(100);
    expect(alarmStepToPercent(0)).toBe(10);
  });
});

describe('Save rewrites only what changed', () => {
  it('unchanged, every alarm is written back byte for byte', () => {
    for (const a of read) {
      const start = draftFromAlarm(a, 'p1');
      expect(editedAlarmString(a, start, start)).toBe(a.raw);
    }
  });

  it('a new time and card change those two fields only; the list keeps every other string', () => {
    const target = alarm(0);
    const start = draftFromAlarm(target, 'p1');
    const next = editedAlarmString(
      target,
      start,
      edited(start, { time: '06:45', card: { cardId: 'famCard', chapterKey: '' } }),
    );
    expect(next).toBe('1111100,0645,famCard,,,6,1');
    expect(editAlarmList(LIST, target, next)).toEqual([next, LIST[1], LIST[2], LIST[3], LIST[4]]);
  });

  it('keeps the fields the dialog does not show: off stays off, extra fields, the colon time untouched', () => {
    const target = alarm(2);
    const start = draftFromAlarm(target, 'p1');
    // Only the days move: the colon time, chapter, track, volume, flag and extras stay as read.
    expect(editedAlarmString(target, start, edited(start, { days: ['sunday'] }))).toBe(
      '0000001,09:00,cardC,02,03,5,0,x1,x2',
    );
  });

  it('a six-field string gains no enabled flag from an edit of its time', () => {
    const target = alarm(1);
    const start = draftFromAlarm(target, 'p1');
    expect(editedAlarmString(target, start, edited(start, { time: '19:45' }))).toBe('1111111,1945,cardB,,,4');
  });

  it('a volume above 8 set elsewhere survives an edit that leaves the slider alone; moved, it is 1–8', () => {
    const target = alarm(4);
    const start = draftFromAlarm(target, 'p1');
    expect(editedAlarmString(target, start, edited(start, { time: '06:20' }))).toBe(
      '1010100,0620,cardD,,,12,1',
    );
    expect(editedAlarmString(target, start, edited(start, { volumePercent: 50 }))).toBe(
      '1010100,0615,cardD,,,4,1',
    );
  });

  it('a chosen chapter is written; a track of the old chapter or card is cleared with it', () => {
    const target = alarm(2);
    const start = draftFromAlarm(target, 'p1');
    expect(
      editedAlarmString(target, start, edited(start, { card: { cardId: 'cardC', chapterKey: '04' } })),
    ).toBe('0000011,09:00,cardC,04,,5,0,x1,x2');
    expect(
      editedAlarmString(target, start, edited(start, { card: { cardId: 'cardE', chapterKey: '' } })),
    ).toBe('0000011,09:00,cardE,,,5,0,x1,x2');
  });

  it('Save needs a time, a day and a card, and is off while saving', () => {
    const start = draftFromAlarm(alarm(0), 'p1');
    expect(canSaveAlarmEdit(start, false)).toBe(true);
    expect(canSaveAlarmEdit(start, true)).toBe(false);
    expect(canSaveAlarmEdit(edited(start, { days: [] }), false)).toBe(false);
    expect(canSaveAlarmEdit(edited(start, { time: '' }), false)).toBe(false);
    expect(canSaveAlarmEdit(edited(start, { card: { cardId: ' ', chapterKey: '' } }), false)).toBe(false);
    expect(() => editedAlarmString(alarm(0), start, edited(start, { days: [] }))).toThrow(RangeError);
  });
});
