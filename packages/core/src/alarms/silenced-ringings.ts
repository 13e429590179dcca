// Which ringings a skip or a pause silenced (docs/decisions/alarm-history.md), for the alarm
// history. A player's alarm held by the server: a skip silenced the one at skip_until; a pause
// every ringing from when it was set until the alarm went back on (the player rings on its own, so
// these are the only ringings of its own alarms the server knows of). A cloud alarm: the ringings
// of its schedule that its marks passed over, so the worker never rang them.
import { parseAlarm } from './alarm-codec';
import type { AlarmHoldMarks } from './alarm-hold';
import { deviceAlarmName } from './alarm-hold-view';
import { nextOccurrence } from './next-alarm';
import { localDateOf, type SkipPause } from './skip-pause';
import type { Weekday } from '../shared/entities';

export interface SilencedRinging {
  dueAt: string;
  outcome: 'skipped' | 'paused';
}

export interface SilencedBy {
  /** The held string (the alarm switched off). */
  alarm: string;
  marks: AlarmHoldMarks;
  /** When the hold began, and when the alarm went back on. */
  from: Date;
  until: Date;
  timeZone: string;
}

/** A pause runs some weeks at most; this bounds the walk should a row be odd. */
const MAX_RINGINGS = 400;

export function silencedRingings(hold: SilencedBy): SilencedRinging[] {
  if (hold.marks.skip_until !== null) {
    const at = new Date(hold.marks.skip_until);
    return at.getTime() <= hold.until.getTime() ? [{ dueAt: at.toISOString(), outcome: 'skipped' }] : [];
  }
  if (hold.marks.paused_through === null) return [];
  const parsed = parseAlarm(hold.alarm, 0);
  if (!parsed.ok) return [];
  const found: SilencedRinging[] = [];
  let after = hold.from;
  while (found.length < MAX_RINGINGS) {
    const next = nextOccurrence(parsed.alarm, after, hold.timeZone);
    if (next === null || next.getTime() > hold.until.getTime()) break;
    found.push({ dueAt: next.toISOString(), outcome: 'paused' });
    after = next;
  }
  return found;
}

/** The history's name of a player's alarm ("alarm at 07:00"): the player's alarms have no names. */
export function silencedAlarmName(alarm: string): string {
  const parsed = parseAlarm(alarm, 0);
  return parsed.ok ? deviceAlarmName(parsed.alarm) : 'alarm';
}

export interface CloudSilenceWindow {
  /** The alarm's schedule, without its marks (days from the cloud alarm's mask: maskToDays). */
  schedule: { hour: number; minute: number; days: readonly Weekday[] };
  marks: SkipPause;
  /** Ringings strictly after this (when the marks were last written, or its last firing) … */
  after: Date;
  /** … up to this instant (now) … */
  until: Date;
  /** … and before the alarm's next_fire_at (null: none), the first ringing the marks let through. */
  nextFireAt: Date | null;
  /** The alarm's zone, in which a pause's last date is read. */
  timeZone: string;
}

/**
 * The ringings of a cloud alarm's schedule that its skip or pause passed over in the window,
 * oldest first. A pause covers a skip inside it (as the alarm's status line shows the pause). A
 * ringing neither mark covers is not silenced (the worker rang it, or will find it missed).
 */
export function silencedCloudRingings(window: CloudSilenceWindow): SilencedRinging[] {
  const { marks, timeZone } = window;
  const { days } = window.schedule;
  if (days.length === 0 || (!marks.skip_until && !marks.paused_through)) return [];
  const skipped = marks.skip_until ? new Date(marks.skip_until).getTime() : null;
  const found: SilencedRinging[] = [];
  let after = window.after;
  for (let walked = 0; walked < MAX_RINGINGS; walked += 1) {
    const next = nextOccurrence({ ...window.schedule, days: [...days] }, after, timeZone);
    if (next === null || next.getTime() > window.until.getTime()) break;
    if (window.nextFireAt !== null && next.getTime() >= window.nextFireAt.getTime()) break;
    if (marks.paused_through && localDateOf(next, timeZone) <= marks.paused_through)
      found.push({ dueAt: next.toISOString(), outcome: 'paused' });
    else if (next.getTime() === skipped) found.push({ dueAt: next.toISOString(), outcome: 'skipped' });
    after = next;
  }
  return found;
}
