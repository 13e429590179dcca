// A player's day and night, as its config keeps them: when each starts ("HH:MM" in the player's
// zone), the light colour, the max-volume limit ("0"–"16", strings) and the display brightness of
// each, and the idle switch-off. The page edits only the fields the player keeps (a Mini keeps no
// light), and a write changes only the fields the parent changed: the rest of the block goes back
// exactly as read, because the config PUT replaces the whole block.
import { tzOffset } from '@date-fns/tz';
import * as z from 'zod/mini';
import { PLAYER_VOLUME_STEPS } from '../shared/constants';
import {
  BRIGHTNESS_AUTO,
  DAY_NIGHT_PROBLEMS,
  brightnessLevel,
  volumeOfScale,
} from '../texts/day-night-texts';

export const DAY_NIGHT_FIELDS = [
  'dayTime',
  'nightTime',
  'ambientColour',
  'nightAmbientColour',
  'maxVolumeLimit',
  'nightMaxVolumeLimit',
  'dayDisplayBrightness',
  'nightDisplayBrightness',
  'shutdownTimeout',
] as const;
export type DayNightField = (typeof DAY_NIGHT_FIELDS)[number];

/** The light's fields: a player without an ambient light (a Mini) shows and writes neither. */
export const COLOUR_FIELDS: readonly DayNightField[] = ['ambientColour', 'nightAmbientColour'];

/** The fields a player keeps, each as text; a field it lacks (or holds in a shape we cannot read) is absent. */
export type DayNightSettings = Partial<Record<DayNightField, string>>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COLOUR = /^#[0-9a-f]{6}$/i;
const VOLUME = /^(1[0-6]|\d)$/;
const BRIGHTNESS = /^(auto|100|[1-9]?\d)$/;
const SECONDS = /^\d{1,6}$/;

const FIELD_FORMAT: Record<DayNightField, { pattern: RegExp; problem: string }> = {
  dayTime: { pattern: TIME, problem: DAY_NIGHT_PROBLEMS.time },
  nightTime: { pattern: TIME, problem: DAY_NIGHT_PROBLEMS.time },
  ambientColour: { pattern: COLOUR, problem: DAY_NIGHT_PROBLEMS.colour },
  nightAmbientColour: { pattern: COLOUR, problem: DAY_NIGHT_PROBLEMS.colour },
  maxVolumeLimit: { pattern: VOLUME, problem: DAY_NIGHT_PROBLEMS.volume },
  nightMaxVolumeLimit: { pattern: VOLUME, problem: DAY_NIGHT_PROBLEMS.volume },
  dayDisplayBrightness: { pattern: BRIGHTNESS, problem: DAY_NIGHT_PROBLEMS.brightness },
  nightDisplayBrightness: { pattern: BRIGHTNESS, problem: DAY_NIGHT_PROBLEMS.brightness },
  shutdownTimeout: { pattern: SECONDS, problem: DAY_NIGHT_PROBLEMS.timeout },
};

// Real configs keep these as strings; a number is read too, and written back as a number.
const configValue = z.union([z.string(), z.number()]);

/** The day and night fields a config block keeps, readable ones only; a Mini's colours are left out. */
export function readDayNight(
  config: Readonly<Record<string, unknown>>,
  { hasLight }: { hasLight: boolean },
): DayNightSettings {
  const settings: DayNightSettings = {};
  for (const field of DAY_NIGHT_FIELDS) {
    if (!hasLight && COLOUR_FIELDS.includes(field)) continue;
    const parsed = configValue.safeParse(config[field]);
    if (!parsed.success) continue;
    const text = String(parsed.data);
    if (FIELD_FORMAT[field].pattern.test(text)) settings[field] = text;
  }
  return settings;
}

/** What is wrong with a draft, field by field (empty when it can be written). */
export function dayNightProblems(draft: DayNightSettings): Partial<Record<DayNightField, string>> {
  const problems: Partial<Record<DayNightField, string>> = {};
  for (const field of DAY_NIGHT_FIELDS) {
    const value = draft[field];
    if (value !== undefined && !FIELD_FORMAT[field].pattern.test(value)) {
      problems[field] = FIELD_FORMAT[field].problem;
    }
  }
  if (!problems.nightTime && draft.dayTime !== undefined && draft.dayTime === draft.nightTime) {
    problems.nightTime = DAY_NIGHT_PROBLEMS.sameTimes;
  }
  return problems;
}

const sameValue = (field: DayNightField, a: string, b: string): boolean =>
  COLOUR_FIELDS.includes(field) ? a.toLowerCase() === b.toLowerCase() : a === b;

/** The fields the draft changes among those the player keeps (a field it lacks is never written). */
export function dayNightChanges(before: DayNightSettings, draft: DayNightSettings): DayNightSettings {
  const changes: DayNightSettings = {};
  for (const field of DAY_NIGHT_FIELDS) {
    const was = before[field];
    const now = draft[field];
    if (was !== undefined && now !== undefined && !sameValue(field, was, now)) changes[field] = now;
  }
  return changes;
}

/**
 * The config block with `changes` in it, applied to the block as read at write time: only keys the
 * block has change, a number stays a number, and every other key keeps its value and its place.
 */
export function applyDayNight<C extends Readonly<Record<string, unknown>>>(
  config: C,
  changes: DayNightSettings,
): C {
  const next: Record<string, unknown> = { ...config };
  for (const field of DAY_NIGHT_FIELDS) {
    const value = changes[field];
    if (value === undefined || !Object.hasOwn(config, field)) continue;
    next[field] = typeof config[field] === 'number' ? Number(value) : value;
  }
  // Safe: the same keys as C, each changed value of the type the key held.
  return next as C;
}

/**
 * The OK-to-wake preset, as sleep lights for children set it: a dim orange "stay in bed" light
 * from 19:00 and a green "time to get up" light from 07:00. Orange rather than a bright red
 * because it is gentle on a waking child's eyes; the times are a common bedtime and wake-up.
 */
export const OK_TO_WAKE_PRESET = {
  nightTime: '19:00',
  dayTime: '07:00',
  nightAmbientColour: '#b34700',
  ambientColour: '#22c55e',
} as const satisfies DayNightSettings;

/** The draft with the preset in the fields the player keeps (a Mini gets the times only). */
export function withOkToWakePreset(draft: DayNightSettings): DayNightSettings {
  const next = { ...draft };
  for (const [field, value] of Object.entries(OK_TO_WAKE_PRESET) as [DayNightField, string][]) {
    if (next[field] !== undefined) next[field] = value;
  }
  return next;
}

const minutesOf = (hhmm: string): number => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Night runs from `nightTime` up to `dayTime`, across midnight when night starts later; equal times mean no night. */
export function isNightAtMinute(times: { dayTime: string; nightTime: string }, minuteOfDay: number): boolean {
  const day = minutesOf(times.dayTime);
  const night = minutesOf(times.nightTime);
  if (day === night) return false;
  return day < night ? minuteOfDay < day || minuteOfDay >= night : minuteOfDay >= night && minuteOfDay < day;
}

/** Minutes since midnight on a clock in `timeZone` at `instantMs`. */
export function minuteOfDayIn(timeZone: string, instantMs: number): number {
  const local = new Date(instantMs + tzOffset(timeZone, new Date(instantMs)) * 60_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** Whether it is night on the player now (`nowMs` from the caller: core keeps no clock). */
export const isNightNow = (
  times: { dayTime: string; nightTime: string },
  timeZone: string,
  nowMs: number,
): boolean => isNightAtMinute(times, minuteOfDayIn(timeZone, nowMs));

/** "HH:MM", `minutes` after `hhmm` round the clock (a journey sets night to start a minute from now). */
export function addMinutes(hhmm: string, minutes: number): string {
  const total = (((minutesOf(hhmm) + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** "8 of 16": a limit on the player's scale. */
export const volumeLimitLabel = (limit: string | number): string =>
  volumeOfScale(Number(limit), PLAYER_VOLUME_STEPS);

/** "Auto" or "60 %". */
export const brightnessLabel = (value: string): string =>
  value === 'auto' ? BRIGHTNESS_AUTO : brightnessLevel(Number(value));

/** The brightness choices: auto, then 10 to 100 in tens, plus a level the player holds that is not among them. */
export function brightnessChoices(current: string | undefined): string[] {
  const levels = Array.from({ length: 10 }, (_, i) => String((i + 1) * 10));
  const choices = ['auto', ...levels];
  if (current !== undefined && !choices.includes(current)) choices.push(current);
  return choices;
}

/** Idle switch-off choices in seconds, plus the player's own value when it is another. */
export function shutdownChoices(current: string | undefined): string[] {
  const choices = ['300', '600', '900', '1800', '3600', '7200'];
  if (current !== undefined && !choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => Number(a) - Number(b));
}

/** A draft against what the player holds: what a save would write, what is wrong, and whether Save is on. */
export function dayNightDraft(before: DayNightSettings, draft: DayNightSettings) {
  const changes = dayNightChanges(before, draft);
  const problems = dayNightProblems(draft);
  const canSave = Object.keys(changes).length > 0 && Object.keys(problems).length === 0;
  return { changes, problems, canSave };
}
