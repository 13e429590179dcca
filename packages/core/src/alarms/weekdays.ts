// Day rules users see: dialog order, defaults, and the toast's daily/weekdays/days wording.
import type { Weekday } from '../shared/entities';

/** Days run sunday to saturday (JavaScript's getDay() order). */
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const satisfies readonly Weekday[];

/** The Create Alarm dialog lists Monday first. */
export const DIALOG_DAY_ORDER: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

export const DEFAULT_ALARM_DAYS: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
];

export const WEEKDAY_SHORT_LABELS: Readonly<Record<Weekday, string>> = {
  sunday: 'Sun',
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
};

/** getDay() index (0 = Sunday) → name. */
export const weekdayFromIndex = (index: number): Weekday => WEEKDAYS[((index % 7) + 7) % 7] ?? 'sunday';

/** Distinct days in dialog order (Monday first). */
export const sortDays = (days: readonly Weekday[]): Weekday[] =>
  DIALOG_DAY_ORDER.filter((day) => days.includes(day));

/**
 * "Exactly 5 days including Monday and Friday", read strictly: exactly Monday to
 * Friday. Read literally, Mon Wed Fri Sat Sun would be announced to a parent as "weekdays".
 */
export const isWeekdaySelection = (days: readonly Weekday[]): boolean => {
  const distinct = new Set(days);
  return distinct.size === 5 && DEFAULT_ALARM_DAYS.every((day) => distinct.has(day));
};

/** The toast's "{daily|weekdays|days}": all 7 → daily; weekdays rule → weekdays; else the days listed. */
export const daysWording = (days: readonly Weekday[]): string => {
  if (new Set(days).size === 7) return 'daily';
  if (isWeekdaySelection(days)) return 'weekdays';
  return sortDays(days)
    .map((day) => WEEKDAY_SHORT_LABELS[day])
    .join(', ');
};
