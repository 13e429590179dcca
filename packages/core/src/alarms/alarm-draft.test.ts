import { describe, expect, it } from 'vitest';
import { parseAlarm } from './alarm-codec';
import {
  alarmCreatedMessage,
  canCreateAlarm,
  defaultAlarmDraft,
  draftToAlarmString,
  parseTimeOfDay,
  startAlarmFromPlaylist,
  toggleDay,
  type AlarmDraft,
} from './alarm-draft';
import type { Device } from '../shared/entities';
import { makeDevice } from '../../test/fixtures/builders';

const device = (deviceId: string, online: boolean) => makeDevice(deviceId, deviceId, online);

// A Wednesday, 06:05 local time.
const wednesdayMorning = new Date(2025, 0, 8, 6, 5, 30);

const draft = (overrides: Partial<AlarmDraft> = {}): AlarmDraft => ({
  ...defaultAlarmDraft('p1'),
  ...overrides,
});

describe('Create Alarm defaults', () => {
  it('07:00, Monday to Friday, volume 70, wakeup', () => {
    expect(defaultAlarmDraft()).toEqual({
      deviceId: null,
      time: '07:00',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      volumePercent: 70,
      alarmType: 'wakeup',
    });
  });
});

describe('set alarm from a playlist', () => {
  it('refuses when there are no players', () => {
    expect(startAlarmFromPlaylist([], wednesdayMorning)).toEqual({
      ok: false,
      error: 'No devices available. Please set up your Yoto player first.',
    });
  });

  it('refuses when no player is online', () => {
    expect(startAlarmFromPlaylist([device('a', false), device('b', false)], wednesdayMorning)).toEqual({
      ok: false,
      error: 'No online devices found. Please ensure your Yoto player is connected.',
    });
  });

  it('prefills the first online player, the current time and today', () => {
    const result = startAlarmFromPlaylist(
      [device('a', false), device('b', true), device('c', true)],
      wednesdayMorning,
    );
    expect(result).toEqual({
      ok: true,
      draft: { deviceId: 'b', time: '06:05', days: ['wednesday'], volumePercent: 70, alarmType: 'wakeup' },
    });
  });

  it('reads the current time and day on the player’s clock when its zone is known', () => {
    // 06:05 UTC on a Wednesday is 01:05 in New York and 15:05 in Tokyo, the same Wednesday.
    const instant = new Date(Date.UTC(2025, 0, 15, 6, 5));
    const zones: Record<string, string> = { b: 'America/New_York', c: 'Asia/Tokyo' };
    const start = (devices: Device[]) => startAlarmFromPlaylist(devices, instant, (id) => zones[id] ?? null);
    expect(start([device('b', true)])).toMatchObject({ draft: { time: '01:05', days: ['wednesday'] } });
    expect(start([device('c', true)])).toMatchObject({ draft: { time: '15:05', days: ['wednesday'] } });
    // 23:30 in New York is already Thursday in Tokyo.
    const late = new Date(Date.UTC(2025, 0, 16, 4, 30));
    expect(startAlarmFromPlaylist([device('c', true)], late, () => 'Asia/Tokyo')).toMatchObject({
      draft: { time: '13:30', days: ['thursday'] },
    });
    expect(startAlarmFromPlaylist([device('b', true)], late, () => 'America/New_York')).toMatchObject({
      draft: { time: '23:30', days: ['wednesday'] },
    });
  });

  it('reads Sunday as getDay() 0', () => {
    const result = startAlarmFromPlaylist([device('a', true)], new Date(2025, 0, 12, 23, 59));
    expect(result.ok && result.draft).toMatchObject({ time: '23:59', days: ['sunday'] });
  });
});

describe('time of day', () => {
  it.each([
    ['07:00', { hour: 7, minute: 0 }],
    ['7:05', { hour: 7, minute: 5 }],
    ['23:59:30', { hour: 23, minute: 59 }],
  ])('reads %s', (text, expected) => {
    expect(parseTimeOfDay(text)).toEqual(expected);
  });

  it.each(['', '24:00', '12:60', '0700', 'noon', '12:5'])('refuses %j', (text) => {
    expect(parseTimeOfDay(text)).toBeNull();
  });
});

describe('days', () => {
  it('toggles a day on and off, keeping Monday first', () => {
    expect(toggleDay(['sunday'], 'monday')).toEqual(['monday', 'sunday']);
    expect(toggleDay(['monday', 'sunday'], 'monday')).toEqual(['sunday']);
  });
});

describe('Create Alarm disabled rule', () => {
  it('allows a complete draft', () => {
    expect(canCreateAlarm(draft(), false)).toBe(true);
  });
  it('is disabled while creating', () => {
    expect(canCreateAlarm(draft(), true)).toBe(false);
  });
  it('is disabled with no day', () => {
    expect(canCreateAlarm(draft({ days: [] }), false)).toBe(false);
  });
  it('is disabled with no device', () => {
    expect(canCreateAlarm(draft({ deviceId: null }), false)).toBe(false);
  });
  it('is disabled with a cleared time', () => {
    expect(canCreateAlarm(draft({ time: '' }), false)).toBe(false);
  });
});

describe('the alarm string a draft writes', () => {
  it('is Monday-first, HHMM, the card, empty chapter and track (none was chosen), the level of 8, enabled', () => {
    const text = draftToAlarmString(
      draft({ time: '06:30', days: ['sunday', 'monday'], volumePercent: 85 }),
      'abcde',
    );
    expect(text).toBe('1000001,0630,abcde,,,7,1');
    const parsed = parseAlarm(text, 0);
    expect(parsed.ok && parsed.alarm).toMatchObject({
      hour: 6,
      minute: 30,
      days: ['monday', 'sunday'],
      volume: 7,
      cardId: 'abcde',
      enabled: true,
    });
  });

  it("maps the slider's 10–100 % onto levels 1–8, never above Yoto's alarm limit of 8", () => {
    const level = (volumePercent: number) => draftToAlarmString(draft({ volumePercent }), 'x').split(',')[5];
    expect(level(10)).toBe('1');
    expect(level(50)).toBe('4');
    expect(level(70)).toBe('6');
    expect(level(100)).toBe('8');
    for (let percent = 10; percent <= 100; percent += 5)
      expect(Number(level(percent))).toBeLessThanOrEqual(8);
  });

  it('refuses a draft Create would not allow', () => {
    expect(() => draftToAlarmString(draft({ days: [] }), 'x')).toThrow(RangeError);
    expect(() => draftToAlarmString(draft({ time: '' }), 'x')).toThrow(RangeError);
  });
});

describe('alarm created toast', () => {
  const message = (days: AlarmDraft['days']) =>
    alarmCreatedMessage({
      title: 'Bedtime Songs',
      device: 'Bedroom Player',
      draft: draft({ time: '19:30', days }),
    });

  it('says daily for all 7 days', () => {
    expect(message(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'])).toBe(
      '✅ Alarm created! "Bedtime Songs" will play on "Bedroom Player" at 19:30 on daily.',
    );
  });
  it('says weekdays for Monday to Friday', () => {
    expect(message(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])).toBe(
      '✅ Alarm created! "Bedtime Songs" will play on "Bedroom Player" at 19:30 on weekdays.',
    );
  });
  it('lists other days Monday first', () => {
    expect(message(['sunday', 'wednesday', 'monday'])).toBe(
      '✅ Alarm created! "Bedtime Songs" will play on "Bedroom Player" at 19:30 on Mon, Wed, Sun.',
    );
  });
});
