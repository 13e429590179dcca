import { describe, expect, it } from 'vitest';
import { silencedAlarmName, silencedCloudRingings, silencedRingings } from './silenced-ringings';

// Monday to Friday at 07:00, held (switched off); London is on BST (UTC+1) in August.
const WEEKDAYS_SEVEN = '1111100,0700,card-1,,,6,0';

describe('the ringings a hold silenced', () => {
  it('a skip silenced its one ringing', () => {
    expect(
      silencedRingings({
        alarm: WEEKDAYS_SEVEN,
        marks: { skip_until: '2026-08-04T06:00:00.000Z', paused_through: null },
        from: new Date('2026-08-03T20:00:00.000Z'),
        until: new Date('2026-08-04T06:02:00.000Z'),
        timeZone: 'Europe/London',
      }),
    ).toEqual([{ dueAt: '2026-08-04T06:00:00.000Z', outcome: 'skipped' }]);
  });

  it('a pause silenced each weekday ringing from when it was set until the alarm went back on', () => {
    // Set Friday evening, paused through Tuesday: Monday and Tuesday were silenced, not the weekend.
    expect(
      silencedRingings({
        alarm: WEEKDAYS_SEVEN,
        marks: { skip_until: null, paused_through: '2026-08-11' },
        from: new Date('2026-08-07T18:00:00.000Z'),
        until: new Date('2026-08-11T23:00:00.000Z'),
        timeZone: 'Europe/London',
      }),
    ).toEqual([
      { dueAt: '2026-08-10T06:00:00.000Z', outcome: 'paused' },
      { dueAt: '2026-08-11T06:00:00.000Z', outcome: 'paused' },
    ]);
  });

  it('nothing for a held string it cannot read, or a skip whose ringing is still ahead', () => {
    const base = { from: new Date('2026-08-03T20:00:00.000Z'), until: new Date('2026-08-04T05:00:00.000Z') };
    const paused = { skip_until: null, paused_through: '2026-08-11' };
    expect(silencedRingings({ ...base, alarm: 'junk', marks: paused, timeZone: 'UTC' })).toEqual([]);
    const ahead = { skip_until: '2026-08-04T06:00:00.000Z', paused_through: null };
    expect(silencedRingings({ ...base, alarm: WEEKDAYS_SEVEN, marks: ahead, timeZone: 'UTC' })).toEqual([]);
  });

  it('names a player’s alarm by its time', () => {
    expect(silencedAlarmName(WEEKDAYS_SEVEN)).toBe('alarm at 07:00');
    expect(silencedAlarmName('junk')).toBe('alarm');
  });
});

describe('the ringings a cloud alarm’s skip or pause passed over', () => {
  // Weekdays at 07:00 in London (BST, UTC+1, in August).
  const schedule = {
    hour: 7,
    minute: 0,
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const,
  };
  const at = (iso: string) => new Date(iso);

  it('a skip passed over its one ringing, once that ringing’s time has come', () => {
    const window = {
      schedule,
      marks: { skip_until: '2026-08-04T06:00:00.000Z', paused_through: null },
      after: at('2026-08-03T20:00:00.000Z'),
      nextFireAt: at('2026-08-05T06:00:00.000Z'),
      timeZone: 'Europe/London',
    };
    expect(silencedCloudRingings({ ...window, until: at('2026-08-04T05:59:59.000Z') })).toEqual([]);
    expect(silencedCloudRingings({ ...window, until: at('2026-08-04T06:00:00.000Z') })).toEqual([
      { dueAt: '2026-08-04T06:00:00.000Z', outcome: 'skipped' },
    ]);
  });

  it('a pause passed over every weekday ringing through its last date, and not the next one', () => {
    // Set Friday evening through Tuesday; Wednesday is next_fire_at.
    expect(
      silencedCloudRingings({
        schedule,
        marks: { skip_until: null, paused_through: '2026-08-11' },
        after: at('2026-08-07T18:00:00.000Z'),
        until: at('2026-08-12T09:00:00.000Z'),
        nextFireAt: at('2026-08-12T06:00:00.000Z'),
        timeZone: 'Europe/London',
      }),
    ).toEqual([
      { dueAt: '2026-08-10T06:00:00.000Z', outcome: 'paused' },
      { dueAt: '2026-08-11T06:00:00.000Z', outcome: 'paused' },
    ]);
  });

  it('a pause covers a skip inside it; a ringing neither mark covers is not silenced', () => {
    expect(
      silencedCloudRingings({
        schedule,
        marks: { skip_until: '2026-08-10T06:00:00.000Z', paused_through: '2026-08-10' },
        after: at('2026-08-07T18:00:00.000Z'),
        until: at('2026-08-11T09:00:00.000Z'),
        nextFireAt: null,
        timeZone: 'Europe/London',
      }),
    ).toEqual([{ dueAt: '2026-08-10T06:00:00.000Z', outcome: 'paused' }]);
  });

  it('nothing before `after` (the marks were written later), nor without marks or days', () => {
    const base = {
      schedule,
      until: at('2026-08-04T09:00:00.000Z'),
      nextFireAt: at('2026-08-05T06:00:00.000Z'),
      timeZone: 'Europe/London',
    };
    const skip = { skip_until: '2026-08-04T06:00:00.000Z', paused_through: null };
    expect(silencedCloudRingings({ ...base, marks: skip, after: at('2026-08-04T06:00:00.000Z') })).toEqual(
      [],
    );
    const after = at('2026-08-03T20:00:00.000Z');
    expect(
      silencedCloudRingings({ ...base, marks: { skip_until: null, paused_through: null }, after }),
    ).toEqual([]);
    expect(
      silencedCloudRingings({ ...base, schedule: { ...schedule, days: [] }, marks: skip, after }),
    ).toEqual([]);
  });
});
