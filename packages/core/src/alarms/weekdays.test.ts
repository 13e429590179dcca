import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALARM_DAYS,
  DIALOG_DAY_ORDER,
  WEEKDAYS,
  daysWording,
  isWeekdaySelection,
  sortDays,
  weekdayFromIndex,
} from './weekdays';

describe('days: sunday to saturday; the dialog lists Monday first', () => {
  it('orders', () => {
    expect(WEEKDAYS[0]).toBe('sunday');
    expect(WEEKDAYS[6]).toBe('saturday');
    expect(DIALOG_DAY_ORDER[0]).toBe('monday');
    expect(DIALOG_DAY_ORDER[6]).toBe('sunday');
    expect(sortDays(['sunday', 'friday', 'monday', 'friday'])).toEqual(['monday', 'friday', 'sunday']);
  });
  it('maps getDay() indexes to names', () => {
    expect(weekdayFromIndex(0)).toBe('sunday');
    expect(weekdayFromIndex(6)).toBe('saturday');
    expect(weekdayFromIndex(7)).toBe('sunday');
  });
});

describe('default days Monday to Friday', () => {
  it('is Mon–Fri', () => {
    expect(DEFAULT_ALARM_DAYS).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
  });
});

describe('weekdays: exactly Monday to Friday', () => {
  it('detects Monday to Friday', () => {
    expect(isWeekdaySelection(DEFAULT_ALARM_DAYS)).toBe(true);
  });
  it('needs exactly five distinct days', () => {
    expect(isWeekdaySelection(['monday', 'tuesday', 'wednesday', 'thursday'])).toBe(false);
    expect(isWeekdaySelection([...DEFAULT_ALARM_DAYS, 'saturday'])).toBe(false);
    expect(isWeekdaySelection(['monday', 'monday', 'tuesday', 'wednesday', 'friday'])).toBe(false);
  });
  it('needs Monday and Friday among them', () => {
    expect(isWeekdaySelection(['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'])).toBe(false);
    expect(isWeekdaySelection(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'])).toBe(false);
  });
  it('five days with Monday and Friday but a weekend day are not weekdays', () => {
    expect(isWeekdaySelection(['monday', 'wednesday', 'friday', 'saturday', 'sunday'])).toBe(false);
    expect(daysWording(['monday', 'tuesday', 'wednesday', 'friday', 'saturday'])).toBe(
      'Mon, Tue, Wed, Fri, Sat',
    );
  });
});

describe('toast wording {daily|weekdays|days}', () => {
  it('daily for all seven', () => {
    expect(daysWording([...WEEKDAYS])).toBe('daily');
  });
  it('weekdays for the weekday rule', () => {
    expect(daysWording(['friday', 'thursday', 'wednesday', 'tuesday', 'monday'])).toBe('weekdays');
  });
  it('else the days, Monday first', () => {
    expect(daysWording(['sunday', 'monday', 'wednesday'])).toBe('Mon, Wed, Sun');
  });
});
