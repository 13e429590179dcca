import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALARM_MASK_DAY_ORDER,
  alarmFieldsError,
  alarmIndexFromId,
  formatAlarm,
  parseAlarm,
  parseAlarmList,
  type AlarmFields,
} from './alarm-codec';

const parsed = (raw: string, index = 0) => {
  const result = parseAlarm(raw, index);
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.alarm;
};

describe('alarm string: day mask wire order (PROVIDER-API "Day order": Monday first)', () => {
  it('reads 1111100 as Monday to Friday', () => {
    expect(parsed('1111100,0700,abc,01,01,5,1').days).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
    ]);
  });
  it('reads the first character as Monday and the last as Sunday', () => {
    expect(parsed('1000000,0700,abc,01,01,5,1').days).toEqual(['monday']);
    expect(parsed('0000001,0700,abc,01,01,5,1').days).toEqual(['sunday']);
    expect(ALARM_MASK_DAY_ORDER[0]).toBe('monday');
  });
  it('writes Saturday and Sunday as 0000011', () => {
    const alarm = { ...parsed('0000000,0700,abc,01,01,5,1'), days: ['sunday', 'saturday'] } as const;
    expect(formatAlarm({ ...alarm, days: [...alarm.days] }).split(',')[0]).toBe('0000011');
  });
});

describe('alarm string: parsed form (SPEC §3 Device alarm)', () => {
  it('parses every field, with id alarm_{index}', () => {
    expect(parsed('1010100,0645,5WsQg,02,03,8,0', 4)).toEqual({
      id: 'alarm_4',
      time: '06:45',
      hour: 6,
      minute: 45,
      days: ['monday', 'wednesday', 'friday'],
      enabled: false,
      volume: 8,
      cardId: '5WsQg',
      chapterKey: '02',
      trackKey: '03',
      extra: [],
    });
  });
  it('defaults empty chapter and track to 01 and a missing enabled flag to on (six-field strings)', () => {
    const alarm = parsed('1111111,1100,5WsQg,,,8');
    expect(alarm).toMatchObject({
      chapterKey: '01',
      trackKey: '01',
      enabled: true,
      volume: 8,
      time: '11:00',
    });
  });
  it('treats an empty enabled flag as on and accepts true/false words', () => {
    expect(parsed('1111111,1100,c,1,1,8,').enabled).toBe(true);
    expect(parsed('1111111,1100,c,1,1,8,false').enabled).toBe(false);
    expect(parsed('1111111,1100,c,1,1,8,TRUE').enabled).toBe(true);
  });
  it('keeps chapter and track keys as text (numbers stay strings, leading zeros kept)', () => {
    const alarm = parsed('1111111,1100,c,7,007,8,1');
    expect(alarm.chapterKey).toBe('7');
    expect(alarm.trackKey).toBe('007');
  });
  it('keeps fields after the seventh and writes them back', () => {
    const raw = '1111100,0700,abc,01,02,5,1,future,,x';
    const alarm = parsed(raw);
    expect(alarm.extra).toEqual(['future', '', 'x']);
    expect(formatAlarm(alarm)).toBe(raw);
  });
  it('accepts volume 1 and 10, the ends of the alarm scale', () => {
    expect(parsed('1111111,0000,c,01,01,1,1').volume).toBe(1);
    expect(parsed('1111111,2359,c,01,01,10,1').volume).toBe(10);
  });
});

describe('alarm string: malformed input gives a clear error, never a throw', () => {
  const cases: [string, unknown, string][] = [
    ['bad hour', '1111111,2599,c,01,01,5,1', 'Alarm 3: time "2599" is not HHMM'],
    ['time with colon', '1111111,07:00,c,01,01,5,1', 'Alarm 3: time "07:00" is not HHMM'],
    ['minute 60', '1111111,0760,c,01,01,5,1', 'Alarm 3: time "0760" is not HHMM'],
    ['short mask', '11111,0700,c,01,01,5,1', 'Alarm 3: day mask "11111" is not 7 characters of 0 and 1'],
    ['volume 0', '1111111,0700,c,01,01,0,1', 'Alarm 3: volume "0" is not 1 to 10'],
    ['volume 11', '1111111,0700,c,01,01,11,1', 'Alarm 3: volume "11" is not 1 to 10'],
    ['volume text', '1111111,0700,c,01,01,loud,1', 'Alarm 3: volume "loud" is not a number'],
    ['enabled flag', '1111111,0700,c,01,01,5,maybe', 'Alarm 3: enabled flag "maybe" is not 1 or 0'],
    ['too few fields', '1111111,0700,c', 'Alarm 3: expected 7 comma-separated fields, found 3'],
    ['empty', '', 'Alarm 3: expected 7 comma-separated fields, found 1'],
    ['not a string', 42, 'Alarm 3: is not a text string'],
  ];
  it.each(cases)('%s', (_name, raw, error) => {
    expect(parseAlarm(raw, 2)).toEqual({ ok: false, error });
  });

  it('a list parse returns the good alarms with their list positions plus the errors', () => {
    const result = parseAlarmList(['1111100,0700,a,01,01,5,1', 'garbage', null, '0000011,0900,b,,,3']);
    expect(result.alarms.map((a) => [a.id, a.cardId])).toEqual([
      ['alarm_0', 'a'],
      ['alarm_3', 'b'],
    ]);
    expect(result.errors).toEqual([
      'Alarm 2: expected 7 comma-separated fields, found 1',
      'Alarm 3: is not a text string',
    ]);
  });

  it('maps an alarm id back to its list position', () => {
    expect(alarmIndexFromId('alarm_3')).toBe(3);
    expect(alarmIndexFromId('alarm_x')).toBeNull();
    expect(alarmIndexFromId('3')).toBeNull();
  });
});

describe('alarm string: writing refuses values that would corrupt the list', () => {
  const base: AlarmFields = {
    days: ['monday'],
    hour: 7,
    minute: 0,
    cardId: 'c',
    chapterKey: '01',
    trackKey: '01',
    volume: 5,
    enabled: true,
  };
  it('names the bad field', () => {
    expect(alarmFieldsError(base)).toBeNull();
    expect(alarmFieldsError({ ...base, hour: 24 })).toBe('hour 24 is not 0 to 23');
    expect(alarmFieldsError({ ...base, volume: 0 })).toBe('volume 0 is not 1 to 10');
    expect(alarmFieldsError({ ...base, cardId: 'a,b' })).toBe('a field contains a comma');
    expect(() => formatAlarm({ ...base, minute: 75 })).toThrow(RangeError);
  });
  it('writes HHMM zero-padded, volume as digits and enabled as 1/0', () => {
    expect(formatAlarm({ ...base, hour: 6, minute: 5, volume: 10, enabled: false })).toBe(
      '1000000,0605,c,01,01,10,0',
    );
  });
});

// A key: non-empty, no comma, no surrounding blanks (the codec trims fields).
const token = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
const validAlarm: fc.Arbitrary<AlarmFields> = fc.record({
  days: fc.subarray([...ALARM_MASK_DAY_ORDER]),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  cardId: fc.oneof(token, fc.constant('')),
  chapterKey: token,
  trackKey: token,
  volume: fc.integer({ min: 1, max: 10 }),
  enabled: fc.boolean(),
  extra: fc.array(fc.stringMatching(/^[^,]{0,8}$/), { maxLength: 3 }),
});

describe('alarm string: properties', () => {
  it('format then parse is identity for any valid alarm', () => {
    fc.assert(
      fc.property(validAlarm, fc.nat(50), (alarm, index) => {
        const back = parseAlarm(formatAlarm(alarm), index);
        expect(back.ok).toBe(true);
        if (back.ok) {
          const { id, time, ...fields } = back.alarm;
          expect(id).toBe(`alarm_${index}`);
          expect(time).toBe(
            `${String(alarm.hour).padStart(2, '0')}:${String(alarm.minute).padStart(2, '0')}`,
          );
          expect(fields).toEqual({ ...alarm, extra: alarm.extra ?? [] });
        }
      }),
    );
  });

  const field = fc.oneof(fc.string({ maxLength: 6 }), fc.stringMatching(/^[0-9]{1,4}$/), fc.constant(''));
  const alarmLike = fc.oneof(
    fc.string(),
    validAlarm.map(formatAlarm),
    fc.array(field, { minLength: 5, maxLength: 9 }).map((fields) => fields.join(',')),
    fc
      .tuple(fc.stringMatching(/^[01]{7}$/), fc.stringMatching(/^[0-9]{4}$/), token, field, field, field)
      .map((fields) => fields.join(',')),
  );

  it('never throws, and parse(format(parse(s))) equals parse(s) for any string', () => {
    fc.assert(
      fc.property(alarmLike, (raw) => {
        const first = parseAlarm(raw, 0);
        if (!first.ok) {
          expect(first.error).toMatch(/^Alarm 1: /);
          return;
        }
        expect(parseAlarm(formatAlarm(first.alarm), 0)).toEqual(first);
      }),
      { numRuns: 500 },
    );
  });
});
