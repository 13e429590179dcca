import { describe, expect, it } from 'vitest';
import { SKIPPED_HOLD } from '../../test/fixtures/alarm-holds';
import { SKIP_PAUSE_TEXTS } from '../texts/skip-pause-texts';
import { alarmHoldBodySchema, alarmHoldChangeAnswerSchema } from './alarm-hold-schemas';

const ALARM = '1111111,0700,card-1,,,6,1';

describe('alarmHoldBodySchema', () => {
  it('reads a skip, a pause and a resume', () => {
    for (const change of [
      { action: 'skip' },
      { action: 'pause', through: '2026-08-03' },
      { action: 'resume' },
    ])
      expect(alarmHoldBodySchema.parse({ alarm: ALARM, index: 2, change })).toEqual({
        alarm: ALARM,
        index: 2,
        change,
      });
  });

  it('refuses a pause without a real date, in core’s words', () => {
    for (const through of ['2026-02-30', 'tomorrow', undefined]) {
      const result = alarmHoldBodySchema.safeParse({
        alarm: ALARM,
        index: 0,
        change: { action: 'pause', through },
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([SKIP_PAUSE_TEXTS.badDate]);
    }
  });

  it('refuses an unknown action, a negative index and an empty alarm', () => {
    const messages = (body: unknown) =>
      alarmHoldBodySchema.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(messages({ alarm: ALARM, index: 0, change: { action: 'snooze' } })).toEqual([
      'change.action must be skip, pause or resume',
    ]);
    expect(messages({ alarm: ALARM, index: -1, change: { action: 'skip' } })).toEqual([
      'index must be a whole number from 0',
    ]);
    expect(messages({ alarm: '', index: 0, change: { action: 'skip' } })).toEqual([
      'alarm must be the alarm’s text as the player keeps it',
    ]);
  });
});

describe('alarmHoldChangeAnswerSchema', () => {
  it('reads a hold of either state, and refuses another', () => {
    const hold = SKIPPED_HOLD;
    const answer = { holds: [hold, { ...hold, state: 'awaiting-player' }], alarms: [hold.alarm] };
    expect(alarmHoldChangeAnswerSchema.parse(answer)).toEqual(answer);
    expect(
      alarmHoldChangeAnswerSchema.safeParse({ ...answer, holds: [{ ...hold, state: 'x' }] }).success,
    ).toBe(false);
  });
});
