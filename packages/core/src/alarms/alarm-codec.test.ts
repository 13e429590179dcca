import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALARM_MASK_DAY_ORDER,
  alarmFieldsError,
  alarmIndexFromId,
  formatAlarm,
  parseAlarm,
  parseAlarmList,
  rewriteAlarm,
  type AlarmFields,
} from './alarm-codec';

const parsed = (raw: string, index = 0) => {
  const result = parseAlarm(raw, index);
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.alarm;
};

describe('alarm string: day mask wire order (Monday first)', () => {
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

describe('alarm string: parsed form', () => {
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
      raw: '1010100,0645,5WsQg,02,03,8,0',
    });
  });
  it('reads the time as HHMM or HH:MM (one public client writes the colon)', () => {
    expect(parsed('1111100,0730,c,,,5,1')).toMatchObject({ hour: 7, minute: 30, time: '07:30' });
    expect(parsed('1111100,07:30,c,,,5,1')).toMatchObject({ hour: 7, minute: 30, time: '07:30' });
    expect(parsed('1111100,7:05,c,,,5,1')).toMatchObject({ hour: 7, minute: 5, time: '07:05' });
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
  it("reads any step of the player's 0–16 scale, above Yoto's alarm limit of 8 included", () => {
    expect(parsed('1111111,0000,c,01,01,0,1').volume).toBe(0);
    expect(parsed('1111111,0000,c,01,01,1,1').volume).toBe(1);
    expect(parsed('1111111,2359,c,01,01,10,1').volume).toBe(10);
    expect(parsed('1111111,2359,c,01,01,16,1').volume).toBe(16);
  });
});

describe('alarm string: malformed input gives a clear error, never a throw', () => {
  const cases: [string, unknown, string][] = [
    ['bad hour', '1111111,2599,c,01,01,5,1', 'Alarm 3: time "2599" is not HHMM or HH:MM'],
    ['colon hour 24', '1111111,24:00,c,01,01,5,1', 'Alarm 3: time "24:00" is not HHMM or HH:MM'],
    ['minute 60', '1111111,0760,c,01,01,5,1', 'Alarm 3: time "0760" is not HHMM or HH:MM'],
    ['three digits', '1111111,730,c,01,01,5,1', 'Alarm 3: time "730" is not HHMM or HH:MM'],
    ['short mask', '11111,0700,c,01,01,5,1', 'Alarm 3: day mask "11111" is not 7 characters of 0 and 1'],
    ['volume 17', '1111111,0700,c,01,01,17,1', 'Alarm 3: volume "17" is not 0 to 16'],
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
    expect(alarmFieldsError({ ...base, volume: 0 })).toBe('volume 0 is not 1 to 8');
    expect(alarmFieldsError({ ...base, cardId: 'a,b' })).toBe('a field contains a comma');
    expect(() => formatAlarm({ ...base, minute: 75 })).toThrow(RangeError);
  });
  it('writes HHMM zero-padded, volume as digits and enabled as 1/0', () => {
    expect(formatAlarm({ ...base, hour: 6, minute: 5, volume: 8, enabled: false })).toBe(
      '1000000,0605,c,01,01,8,0',
    );
  });
  it("never writes a volume above Yoto's alarm limit of 8 (the provider's card-alarm example)", () => {
    expect(alarmFieldsError({ ...base, volume: 8 })).toBeNull();
    expect(alarmFieldsError({ ...base, volume: 9 })).toBe('volume 9 is not 1 to 8');
    expect(() => formatAlarm({ ...base, volume: 9 })).toThrow('Cannot write alarm: volume 9 is not 1 to 8');
  });
  it('writes chapter and track empty unless chosen', () => {
    const { chapterKey: _c, trackKey: _t, ...unchosen } = base;
    expect(formatAlarm(unchosen)).toBe('1000000,0700,c,,,5,1');
    expect(formatAlarm({ ...unchosen, chapterKey: ' ', trackKey: '' })).toBe('1000000,0700,c,,,5,1');
    expect(formatAlarm({ ...unchosen, chapterKey: '03' })).toBe('1000000,0700,c,03,,5,1');
  });
});

describe('alarm string: rewriting a read alarm changes only what changed', () => {
  it('writes an untouched alarm back exactly, six fields, colon and blanks included', () => {
    for (const raw of [
      '1111111,1100,5WsQg,,,8',
      '1111100,07:30,6Mq8g,,,5,1',
      '0000011,0900,c,02,,3,TRUE,x,',
    ]) {
      expect(formatAlarm(parsed(raw), raw)).toBe(raw);
    }
  });
  it('re-encodes only the changed field, HHMM for a changed time', () => {
    const raw = '1111111,11:00,5WsQg,,,8';
    expect(formatAlarm({ ...parsed(raw), hour: 6 }, raw)).toBe('1111111,0600,5WsQg,,,8');
    expect(formatAlarm({ ...parsed(raw), days: ['saturday', 'sunday'] }, raw)).toBe(
      '0000011,11:00,5WsQg,,,8',
    );
    expect(formatAlarm({ ...parsed(raw), chapterKey: '04' }, raw)).toBe('1111111,11:00,5WsQg,04,,8');
  });
  it('gives a six-field alarm an enabled flag only when the flag changes', () => {
    const raw = '1111111,1100,5WsQg,,,8';
    expect(formatAlarm({ ...parsed(raw), enabled: false }, raw)).toBe('1111111,1100,5WsQg,,,8,0');
    expect(formatAlarm({ ...parsed(raw), volume: 5 }, raw)).toBe('1111111,1100,5WsQg,,,5');
  });
  it('keeps a volume above 8 that was read and left alone, byte for byte; changing it to one is refused', () => {
    const raw = '1111111,1100,5WsQg,,,12';
    const loud = parsed(raw);
    expect(formatAlarm(loud, raw)).toBe(raw);
    expect(rewriteAlarm(loud, { enabled: false })).toBe('1111111,1100,5WsQg,,,12,0');
    expect(rewriteAlarm(loud, { hour: 6 })).toBe('1111111,0600,5WsQg,,,12');
    expect(rewriteAlarm(loud, { volume: 8 })).toBe('1111111,1100,5WsQg,,,8');
    expect(() => rewriteAlarm(loud, { volume: 13 })).toThrow(RangeError);
    expect(() => formatAlarm(loud)).toThrow(RangeError);
  });
  it('writes a fresh string when the base cannot be read', () => {
    const fields: AlarmFields = {
      days: ['monday'],
      hour: 7,
      minute: 0,
      cardId: 'c',
      volume: 8,
      enabled: true,
    };
    expect(formatAlarm(fields, 'garbage')).toBe('1000000,0700,c,,,8,1');
  });
  it('rewriteAlarm applies a change to a read alarm against its own raw string', () => {
    const alarm = parsed('1111111,1100,5WsQg,,,8');
    expect(rewriteAlarm(alarm, {})).toBe('1111111,1100,5WsQg,,,8');
    expect(rewriteAlarm(alarm, { enabled: false })).toBe('1111111,1100,5WsQg,,,8,0');
  });
});

// A key: non-empty, no comma, no surrounding blanks (the codec trims fields).
const token = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
const validAlarm: fc.Arbitrary<AlarmFields> = fc.record({
  days: fc.subarray([...ALARM_MASK_DAY_ORDER]),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  cardId: fc.oneof(token, fc.constant('')),
  chapterKey: fc.option(token, { nil: undefined }),
  trackKey: fc.option(token, { nil: undefined }),
  volume: fc.integer({ min: 1, max: 8 }),
  enabled: fc.boolean(),
  extra: fc.array(fc.stringMatching(/^[^,]{0,8}$/), { maxLength: 3 }),
});

describe('alarm string: properties', () => {
  it('format then parse is identity for any valid alarm', () => {
    fc.assert(
      fc.property(validAlarm, fc.nat(50), (alarm, index) => {
        const written = formatAlarm(alarm);
        const back = parseAlarm(written, index);
        expect(back.ok).toBe(true);
        if (back.ok) {
          const { id, time, ...fields } = back.alarm;
          expect(id).toBe(`alarm_${index}`);
          expect(time).toBe(
            `${String(alarm.hour).padStart(2, '0')}:${String(alarm.minute).padStart(2, '0')}`,
          );
          // Day mask and time round-trip; an unchosen chapter or track reads as 01.
          expect(fields).toEqual({
            ...alarm,
            chapterKey: alarm.chapterKey ?? '01',
            trackKey: alarm.trackKey ?? '01',
            extra: alarm.extra ?? [],
            raw: written,
          });
          expect(written.split(',')[1]).toMatch(/^\d{4}$/);
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

  it('never throws; a read alarm written back untouched is byte-identical, re-encoded it reads the same', () => {
    fc.assert(
      fc.property(alarmLike, (raw) => {
        const first = parseAlarm(raw, 0);
        if (!first.ok) {
          expect(first.error).toMatch(/^Alarm 1: /);
          return;
        }
        expect(formatAlarm(first.alarm, raw)).toBe(raw);
        // A fresh string is a new write: only a volume of 1 to 8 may be written anew.
        if (first.alarm.volume < 1 || first.alarm.volume > 8) {
          expect(() => formatAlarm(first.alarm)).toThrow(RangeError);
          return;
        }
        const fresh = formatAlarm(first.alarm);
        expect(parseAlarm(fresh, 0)).toEqual({ ok: true, alarm: { ...first.alarm, raw: fresh } });
      }),
      { numRuns: 500 },
    );
  });

  it('a changed day mask or time replaces only its own field of the read string', () => {
    const hhmmOrColon = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.boolean())
      .map(
        ([h, m, colon]) => `${String(h).padStart(2, '0')}${colon ? ':' : ''}${String(m).padStart(2, '0')}`,
      );
    const readable = fc
      .tuple(
        fc.stringMatching(/^[01]{7}$/),
        hhmmOrColon,
        fc.oneof(token, fc.constant('')),
        fc.oneof(token, fc.constant('')),
        fc.oneof(token, fc.constant('')),
        fc.integer({ min: 0, max: 16 }).map(String),
        fc.option(fc.constantFrom('0', '1', ''), { nil: undefined }),
      )
      .map((fields) => fields.filter((field) => field !== undefined).join(','));
    const change = fc.record({
      days: fc.subarray([...ALARM_MASK_DAY_ORDER]),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(readable, change, (raw, next) => {
        const written = formatAlarm({ ...parsed(raw), ...next }, raw);
        const before = raw.split(',');
        const after = written.split(',');
        const back = parsed(written);
        expect([back.days, back.hour, back.minute]).toEqual([
          ALARM_MASK_DAY_ORDER.filter((day) => next.days.includes(day)),
          next.hour,
          next.minute,
        ]);
        expect(after.slice(2)).toEqual(before.slice(2));
        const old = parsed(raw);
        if (old.hour === next.hour && old.minute === next.minute) expect(after[1]).toBe(before[1]);
        else expect(after[1]).toMatch(/^\d{4}$/);
      }),
      { numRuns: 300 },
    );
  });
});
