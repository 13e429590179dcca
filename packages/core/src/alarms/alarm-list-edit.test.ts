import { describe, expect, it } from 'vitest';
import { editAlarmList } from './alarm-list-edit';

const list = ['1111100,0700,a,,,7,1', 'garbage,x', '0000011,0900,b,01,01,5', '1111100,0700,a,,,7,1'];

describe('editing one alarm of config.alarms', () => {
  it('removes only that alarm, the others byte for byte', () => {
    expect(editAlarmList(list, { id: 'alarm_2', raw: list[2]! }, null)).toEqual([list[0], list[1], list[3]]);
  });

  it('of two identical strings, takes the one at its own position', () => {
    expect(editAlarmList(list, { id: 'alarm_3', raw: list[3]! }, 'X')).toEqual([
      list[0],
      list[1],
      list[2],
      'X',
    ]);
  });

  it('finds a moved alarm by its string (another tab removed one before it)', () => {
    expect(editAlarmList(list.slice(1), { id: 'alarm_2', raw: list[2]! }, null)).toEqual([list[1], list[3]]);
  });

  it('answers null when the alarm is gone or was changed', () => {
    expect(editAlarmList(list, { id: 'alarm_0', raw: '1111100,0700,a,,,7,0' }, null)).toBeNull();
    expect(editAlarmList([], { id: 'alarm_0', raw: list[0]! }, null)).toBeNull();
  });
});
