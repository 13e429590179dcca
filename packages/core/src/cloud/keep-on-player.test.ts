import { describe, expect, it } from 'vitest';
import { parseAlarm } from '../alarms/alarm-codec';
import { keepAlarmOnPlayer } from './keep-on-player';

const read = (raw: string, index = 0) => {
  const result = parseAlarm(raw, index);
  if (!result.ok) throw new Error(result.error);
  return result.alarm;
};

describe('"Save on the player instead": the alarm stays in the player\'s own list, switched on', () => {
  it('switches its own string on, every other string and field byte for byte', () => {
    const current = ['garbage', '1111100,0550,card1,,,6,0', '0000011,0830,card2,,,5'];
    const result = keepAlarmOnPlayer(current, read(current[1] ?? '', 1));
    expect(result).toEqual({
      list: ['garbage', '1111100,0550,card1,,,6,1', '0000011,0830,card2,,,5'],
      changed: true,
    });
  });
  it('changes nothing when the player already rings it (same days, time and card, on)', () => {
    const current = ['1111100,0550,card1,,,6,1'];
    expect(keepAlarmOnPlayer(current, read('1111100,0550,card1,,,6,1'))).toEqual({
      list: current,
      changed: false,
    });
    // A six-field string has no flag: it is on.
    expect(keepAlarmOnPlayer(['1111100,05:50,card1,,,3'], read('1111100,0550,card1,,,6,0')).changed).toBe(
      false,
    );
  });
  it('appends it afresh, switched on, when it was removed meanwhile; a level above 8 is written as 8', () => {
    expect(keepAlarmOnPlayer(['x'], read('1111100,0550,card1,02,,12,0'))).toEqual({
      list: ['x', '1111100,0550,card1,02,,8,1'],
      changed: true,
    });
  });
});
