import { describe, expect, it } from 'vitest';
import { parseAlarm } from './alarm-codec';
import {
  ALARM_HOLD_TEXTS,
  SWITCH_ON_MARGIN_MS,
  heldAlarmString,
  planAlarmHold,
  switchHeldAlarmOn,
} from './alarm-hold';
import { SKIP_PAUSE_TEXTS } from '../texts/skip-pause-texts';

const LONDON = 'Europe/London';
const read = (raw: string) => {
  const parsed = parseAlarm(raw, 0);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.alarm;
};
// Every day at 07:00, and weekdays at 00:01.
const DAILY = read('1111111,0700,card-1,,,6,1');
const JUST_AFTER_MIDNIGHT = read('1111100,0001,card-1,,,6,1');

describe('planAlarmHold: a skip', () => {
  it('silences the next ringing and switches back on two minutes after it', () => {
    const plan = planAlarmHold(DAILY, { action: 'skip' }, new Date('2026-08-03T12:00:00Z'), LONDON);
    expect(plan).toEqual({
      ok: true,
      marks: { skip_until: '2026-08-04T06:00:00.000Z', paused_through: null },
      switchOnAt: new Date(Date.parse('2026-08-04T06:00:00Z') + SWITCH_ON_MARGIN_MS),
    });
  });

  it('keeps 07:00 local across the spring change (the skipped ringing is an hour earlier in UTC)', () => {
    // London moves to summer time on Sun 29 Mar 2026 at 01:00 UTC.
    const plan = planAlarmHold(DAILY, { action: 'skip' }, new Date('2026-03-28T12:00:00Z'), LONDON);
    expect(plan.ok && plan.marks.skip_until).toBe('2026-03-29T06:00:00.000Z');
  });

  it('is refused for an alarm that is off, or one with no days', () => {
    const now = new Date('2026-08-03T12:00:00Z');
    expect(planAlarmHold({ ...DAILY, enabled: false }, { action: 'skip' }, now, LONDON)).toEqual({
      ok: false,
      error: ALARM_HOLD_TEXTS.alarmOff,
    });
    expect(planAlarmHold({ ...DAILY, days: [] }, { action: 'skip' }, now, LONDON)).toEqual({
      ok: false,
      error: SKIP_PAUSE_TEXTS.nothingToSkip,
    });
  });
});

describe('planAlarmHold: a pause', () => {
  const now = new Date('2026-08-03T12:00:00Z'); // Mon 3 Aug, 13:00 in London

  it('holds through the last day and switches on at local midnight after it', () => {
    const plan = planAlarmHold(DAILY, { action: 'pause', through: '2026-08-07' }, now, LONDON);
    expect(plan).toEqual({
      ok: true,
      marks: { skip_until: null, paused_through: '2026-08-07' },
      switchOnAt: new Date('2026-08-07T23:00:00Z'),
    });
  });

  it('switches on before a ringing that falls right after that midnight', () => {
    const plan = planAlarmHold(JUST_AFTER_MIDNIGHT, { action: 'pause', through: '2026-08-06' }, now, LONDON);
    // Fri 7 Aug 00:01 London is 23:01 UTC on the 6th; on two minutes before it.
    expect(plan.ok && plan.switchOnAt).toEqual(
      new Date(Date.parse('2026-08-06T23:01:00Z') - SWITCH_ON_MARGIN_MS),
    );
  });

  it('ends at midnight in the player’s zone across the autumn change', () => {
    // London leaves summer time on Sun 25 Oct 2026: midnight after Sun 25 is 00:00 GMT on the 26th.
    const plan = planAlarmHold(
      DAILY,
      { action: 'pause', through: '2026-10-25' },
      new Date('2026-10-20T12:00:00Z'),
      LONDON,
    );
    expect(plan.ok && plan.switchOnAt).toEqual(new Date('2026-10-26T00:00:00Z'));
  });

  it('refuses a date before today in the player’s zone, or one that is not a date', () => {
    expect(planAlarmHold(DAILY, { action: 'pause', through: '2026-08-02' }, now, LONDON)).toEqual({
      ok: false,
      error: SKIP_PAUSE_TEXTS.pastDate,
    });
    expect(planAlarmHold(DAILY, { action: 'pause', through: '2026-02-30' }, now, LONDON)).toEqual({
      ok: false,
      error: SKIP_PAUSE_TEXTS.badDate,
    });
  });

  it('never switches on before now (a pause through today of an alarm due after midnight)', () => {
    const late = new Date('2026-08-06T23:00:30Z'); // 00:00:30 on Fri 7 Aug in London
    const plan = planAlarmHold(JUST_AFTER_MIDNIGHT, { action: 'pause', through: '2026-08-07' }, late, LONDON);
    expect(plan.ok && plan.switchOnAt.getTime()).toBeGreaterThanOrEqual(late.getTime());
  });
});

describe('switchHeldAlarmOn', () => {
  const held = heldAlarmString(read('1111100,07:30,card-1,,,6'));

  it('writes the held string back switched on, every other string as read', () => {
    expect(held).toBe('1111100,07:30,card-1,,,6,0');
    expect(switchHeldAlarmOn(['0000011,0900,x,,,4,1', held], held)).toEqual({
      kind: 'write',
      alarms: ['0000011,0900,x,,,4,1', '1111100,07:30,card-1,,,6,1'],
    });
  });

  it('has nothing to write when someone switched it on already, or when it is gone', () => {
    expect(switchHeldAlarmOn(['1111100,07:30,card-1,,,6,1'], held)).toEqual({ kind: 'already-on' });
    expect(switchHeldAlarmOn(['1111100,08:30,card-1,,,6,0'], held)).toEqual({ kind: 'gone' });
  });
});
