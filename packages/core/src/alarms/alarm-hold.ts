// "Skip next" and "Pause until…" of an alarm the player keeps (docs/decisions/device-alarm-holds.md).
// The player knows nothing of either, so the server holds the alarm: it switches it off on the
// player, and back on at `switchOnAt`, after the last silenced ringing and before the next one.
import type { DeviceAlarm } from '../shared/entities';
import { SKIP_PAUSE_TEXTS } from '../texts/skip-pause-texts';
import { parseAlarm, rewriteAlarm } from './alarm-codec';
import { nextOccurrence } from './next-alarm';
import { parseLocalDate, pauseDateAllowed, pauseEndsAt } from './skip-pause';

/**
 * How long after a silenced ringing the alarm goes back on (the player's clock may be a little
 * off ours), and how long before the first ringing after a pause at the latest. One alarm rings
 * at most once a day, so the two never meet.
 */
export const SWITCH_ON_MARGIN_MS = 2 * 60_000;

/** What the page asks of the server for a player's alarm. */
export type AlarmHoldChange =
  { action: 'skip' } | { action: 'pause'; through: string } | { action: 'resume' };

/** A hold's marks, as a cloud alarm keeps them (skip-pause.ts reads both kinds alike). */
export interface AlarmHoldMarks {
  /** UTC ISO instant of the silenced ringing (a skip). */
  skip_until: string | null;
  /** Last silent local date, YYYY-MM-DD, in the player's zone (a pause). */
  paused_through: string | null;
}

export type AlarmHoldPlan =
  { ok: true; marks: AlarmHoldMarks; switchOnAt: Date } | { ok: false; error: string };

export const ALARM_HOLD_TEXTS = {
  alarmOff: 'This alarm is off: switch it on before skipping or pausing it',
  notHeld: 'This alarm is not skipped or paused',
} as const;

/**
 * The marks of a skip or a pause of `alarm` at `now`, and when the server switches it back on:
 * a skip silences the next ringing and ends `marginMs` after it; a pause silences every ringing
 * through its last day and ends at local midnight after it, or `marginMs` before a ringing that
 * falls right after that midnight. Refused for an alarm that is off or has no ringing ahead.
 */
export function planAlarmHold(
  alarm: Pick<DeviceAlarm, 'hour' | 'minute' | 'days' | 'enabled'>,
  change: Exclude<AlarmHoldChange, { action: 'resume' }>,
  now: Date,
  timeZone: string,
  marginMs = SWITCH_ON_MARGIN_MS,
): AlarmHoldPlan {
  if (!alarm.enabled) return { ok: false, error: ALARM_HOLD_TEXTS.alarmOff };
  const next = nextOccurrence(alarm, now, timeZone);
  if (next === null) return { ok: false, error: SKIP_PAUSE_TEXTS.nothingToSkip };
  if (change.action === 'skip')
    return {
      ok: true,
      marks: { skip_until: next.toISOString(), paused_through: null },
      switchOnAt: new Date(next.getTime() + marginMs),
    };
  if (parseLocalDate(change.through) === null) return { ok: false, error: SKIP_PAUSE_TEXTS.badDate };
  if (!pauseDateAllowed(change.through, now, timeZone))
    return { ok: false, error: SKIP_PAUSE_TEXTS.pastDate };
  const end = pauseEndsAt(change.through, timeZone);
  if (end === null) return { ok: false, error: SKIP_PAUSE_TEXTS.badDate };
  const after = nextOccurrence(alarm, new Date(end.getTime() - 1), timeZone);
  const switchOn = Math.min(end.getTime(), after === null ? Infinity : after.getTime() - marginMs);
  return {
    ok: true,
    marks: { skip_until: null, paused_through: change.through },
    switchOnAt: new Date(Math.max(now.getTime(), switchOn)),
  };
}

/** What switching a held alarm back on does to the player's list. */
export type SwitchOn =
  /** The list to write: the held string switched on, every other string as read. */
  | { kind: 'write'; alarms: string[] }
  /** Someone switched it on already (on the player or in the app): nothing to write. */
  | { kind: 'already-on' }
  /** The held string is no longer there (edited or deleted since): the hold has nothing to do. */
  | { kind: 'gone' };

/** `held` is the alarm's string as the server left it (switched off). */
export function switchHeldAlarmOn(current: readonly string[], held: string): SwitchOn {
  const parsed = parseAlarm(held, 0);
  if (!parsed.ok) return { kind: 'gone' };
  const on = rewriteAlarm(parsed.alarm, { enabled: true });
  const index = current.indexOf(held);
  if (index < 0) return current.includes(on) ? { kind: 'already-on' } : { kind: 'gone' };
  const alarms = [...current];
  alarms[index] = on;
  return { kind: 'write', alarms };
}

/** The string a held alarm is left as: the alarm as read, switched off. */
export const heldAlarmString = (alarm: DeviceAlarm): string => rewriteAlarm(alarm, { enabled: false });
