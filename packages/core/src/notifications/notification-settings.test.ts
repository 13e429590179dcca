import { describe, expect, it } from 'vitest';
import {
  CLOCK_TIME_PATTERN,
  isClockTime,
  notificationKindSwitches,
  quietHoursValid,
  switchKind,
} from './notification-settings';
import { NOTIFICATION_KINDS } from './parent-notification';

describe('the clock of quiet hours', () => {
  it('takes HH:MM from 00:00 to 23:59', () => {
    for (const time of ['00:00', '07:05', '19:30', '23:59']) expect(isClockTime(time), time).toBe(true);
  });

  it('refuses anything else', () => {
    for (const time of ['24:00', '7:05', '07:60', '07:5', '0705', '', ' 07:05', '07:05 ', '07:05:00'])
      expect(isClockTime(time), JSON.stringify(time)).toBe(false);
  });

  it('captures the hours and the minutes', () => {
    expect(CLOCK_TIME_PATTERN.exec('21:45')?.slice(1)).toEqual(['21', '45']);
  });
});

describe('quietHoursValid', () => {
  it('holds when both ends are clock times, across midnight or equal', () => {
    expect(quietHoursValid({ start: '21:00', end: '07:00' })).toBe(true);
    expect(quietHoursValid({ start: '08:00', end: '08:00' })).toBe(true);
  });

  it('fails for none, or an end the time field left empty or half typed', () => {
    expect(quietHoursValid(null)).toBe(false);
    expect(quietHoursValid({ start: '', end: '07:00' })).toBe(false);
    expect(quietHoursValid({ start: '21:00', end: '7:0' })).toBe(false);
  });
});

describe('the kinds a browser is switched on for', () => {
  it('lists every kind in its fixed order, with its words and whether it is on', () => {
    const switches = notificationKindSwitches(['low-battery', 'alarm-not-played']);
    expect(switches.map((s) => s.kind)).toEqual([...NOTIFICATION_KINDS]);
    expect(switches.filter((s) => s.on).map((s) => s.kind)).toEqual(['alarm-not-played', 'low-battery']);
    expect(switches.find((s) => s.kind === 'player-offline')?.label).toBe('a player goes offline');
  });

  it('adds a kind switched on at the end, once', () => {
    expect(switchKind(['low-battery'], 'alarm-at-risk', true)).toEqual(['low-battery', 'alarm-at-risk']);
    expect(switchKind(['alarm-at-risk', 'low-battery'], 'alarm-at-risk', true)).toEqual([
      'low-battery',
      'alarm-at-risk',
    ]);
  });

  it('removes a kind switched off, keeping the others in order', () => {
    expect(
      switchKind(['alarm-not-played', 'player-offline', 'low-battery'], 'player-offline', false),
    ).toEqual(['alarm-not-played', 'low-battery']);
    expect(switchKind([], 'low-battery', false)).toEqual([]);
  });
});
