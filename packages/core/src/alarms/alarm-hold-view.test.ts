import { describe, expect, it } from 'vitest';
import { parseAlarm } from './alarm-codec';
import type { AlarmHold } from './alarm-hold-answers';
import {
  ALARM_HOLD_VIEW_TEXTS,
  alarmHoldRequest,
  alarmToEdit,
  alarmHoldView,
  deviceAlarmName,
  holdFailed,
  holdOf,
  holdsRecheckIn,
  HOLD_RECHECK_AFTER_MS,
  OVERDUE_RECHECK_MS,
  holdZone,
  switchMeaning,
} from './alarm-hold-view';

const LONDON = 'Europe/London';
const read = (raw: string, index = 0) => {
  const parsed = parseAlarm(raw, index);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.alarm;
};
const ON = read('1111111,0700,card-1,,,6,1', 2);
const HELD = read('1111111,0700,card-1,,,6,0', 2);
const now = new Date('2026-08-03T12:00:00Z'); // Mon 3 Aug, 13:00 in London

const hold = (marks: Partial<AlarmHold>): AlarmHold => ({
  alarm: HELD.raw,
  skip_until: null,
  paused_through: null,
  time_zone: LONDON,
  switch_on_at: '2026-08-04T06:02:00.000Z',
  state: 'held',
  ...marks,
});
const SKIP = hold({ skip_until: '2026-08-04T06:00:00.000Z' });

describe('holdOf', () => {
  it("finds the hold whose string is the alarm's as read, and no other", () => {
    expect(holdOf(HELD, [SKIP])).toBe(SKIP);
    expect(holdOf(ON, [SKIP])).toBeNull();
    expect(holdOf(HELD, [hold({ alarm: '1111111,0800,card-1,,,6,0' })])).toBeNull();
  });
});

describe('alarmHoldView', () => {
  it('an alarm that is on and not held offers skip and pause', () => {
    expect(alarmHoldView(ON, [SKIP], now, LONDON)).toEqual({
      hold: null,
      status: null,
      actions: 'skip-pause',
      canSkip: true,
      switchedOn: true,
    });
  });

  it('an alarm with no days has nothing to skip', () => {
    const never = read('0000000,0700,card-1,,,6,1');
    expect(alarmHoldView(never, [], now, LONDON)).toMatchObject({ actions: 'skip-pause', canSkip: false });
  });

  it('an alarm that is off and not held offers neither', () => {
    expect(alarmHoldView(HELD, [], now, LONDON)).toEqual({
      hold: null,
      status: null,
      actions: 'none',
      canSkip: false,
      switchedOn: false,
    });
  });

  it("a skipped alarm says which day in the hold's zone, shows off and offers Resume", () => {
    expect(alarmHoldView(HELD, [SKIP], now, 'America/New_York')).toEqual({
      hold: SKIP,
      status: 'Skipping tomorrow',
      actions: 'resume',
      canSkip: false,
      switchedOn: false,
    });
    // 23:30 in London on the 3rd is already the 4th in Tokyo: the hold's zone decides "today".
    const late = new Date('2026-08-03T22:30:00Z');
    expect(alarmHoldView(HELD, [SKIP], late, LONDON).status).toBe('Skipping tomorrow');
    expect(alarmHoldView(HELD, [{ ...SKIP, time_zone: 'Asia/Tokyo' }], late, LONDON).status).toBe(
      'Skipping today',
    );
  });

  it('a paused alarm says until when', () => {
    const paused = hold({ paused_through: '2026-08-07' });
    expect(alarmHoldView(HELD, [paused], now, LONDON).status).toBe('Paused until Fri 7 Aug');
  });

  it('a hold whose ringing has passed, not yet switched on, still offers Resume', () => {
    const after = new Date('2026-08-04T06:01:00Z');
    expect(alarmHoldView(HELD, [SKIP], after, LONDON)).toMatchObject({
      status: ALARM_HOLD_VIEW_TEXTS.backOnSoon,
      actions: 'resume',
    });
  });
});

describe('switchMeaning', () => {
  it('switching a held alarm on resumes it; otherwise the switch sets the flag', () => {
    expect(switchMeaning({ hold: SKIP }, true)).toEqual({ kind: 'resume' });
    expect(switchMeaning({ hold: null }, true)).toEqual({ kind: 'set-enabled', enabled: true });
    expect(switchMeaning({ hold: null }, false)).toEqual({ kind: 'set-enabled', enabled: false });
    expect(switchMeaning({ hold: SKIP }, false)).toEqual({ kind: 'set-enabled', enabled: false });
  });
});

describe('alarmHoldRequest', () => {
  it("sends the alarm's string and its place in the player's list", () => {
    expect(alarmHoldRequest(ON, { action: 'skip' })).toEqual({
      alarm: ON.raw,
      index: 2,
      change: { action: 'skip' },
    });
    expect(() => alarmHoldRequest({ id: 'x', raw: ON.raw }, { action: 'resume' })).toThrow();
  });
});

describe('holdZone', () => {
  it("reads today in the player's zone, else the page's", () => {
    expect(holdZone('Asia/Tokyo', LONDON)).toBe('Asia/Tokyo');
    expect(holdZone(null, LONDON)).toBe(LONDON);
  });
});

describe('holdsRecheckIn', () => {
  it('looks again just after the first switch-on, and each minute once one is overdue', () => {
    expect(holdsRecheckIn([], now)).toBeNull();
    const soon = { switch_on_at: new Date(now.getTime() + 30_000).toISOString() };
    const later = { switch_on_at: '2026-08-04T06:02:00.000Z' };
    expect(holdsRecheckIn([later, soon], now)).toBe(30_000 + HOLD_RECHECK_AFTER_MS);
    expect(holdsRecheckIn([{ switch_on_at: '2026-08-03T11:00:00.000Z' }], now)).toBe(OVERDUE_RECHECK_MS);
  });

  it('waits at most an hour, and ignores a time it cannot read', () => {
    expect(holdsRecheckIn([{ switch_on_at: '2026-08-20T00:00:00.000Z' }], now)).toBe(3_600_000);
    expect(holdsRecheckIn([{ switch_on_at: 'soon' }], now)).toBeNull();
  });
});

describe('holdFailed', () => {
  it("says which action failed, in the server's words", () => {
    expect(holdFailed('skip', 'the alarm is no longer on the player')).toBe(
      'Failed to skip alarm: the alarm is no longer on the player',
    );
  });
});

describe('deviceAlarmName', () => {
  it("names the alarm by its time, as the row's other buttons do", () => {
    expect(deviceAlarmName(ON)).toBe('alarm at 07:00');
  });
});

describe('alarmToEdit', () => {
  it('edits a held alarm as it was before the hold (on), and any other alarm as read', () => {
    const view = alarmHoldView(HELD, [SKIP], now, LONDON);
    expect(alarmToEdit(HELD, view)).toEqual({ ...HELD, enabled: true });
    expect(alarmToEdit(ON, alarmHoldView(ON, [], now, LONDON))).toBe(ON);
    const off = read('1111111,0700,card-1,,,6,0');
    expect(alarmToEdit(off, alarmHoldView(off, [], now, LONDON))).toEqual(off);
  });
});
