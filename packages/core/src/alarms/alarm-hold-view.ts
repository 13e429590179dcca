// What a player's alarm row shows of a hold (docs/decisions/device-alarm-holds.md): the server
// keeps a skipped or paused alarm switched off on the player, so the row reads the hold beside it.
import type { DeviceAlarm } from '../shared/entities';
import type { AlarmHoldChange } from './alarm-hold';
import type { AlarmHold } from './alarm-hold-answers';
import { alarmIndexFromId } from './alarm-codec';
import { nextOccurrence } from './next-alarm';
import { skipPauseLine } from './skip-pause';

export const ALARM_HOLD_VIEW_TEXTS = {
  /** Held, its skipped ringing or pause over: the server switches it on within moments. */
  backOnSoon: 'Back on shortly',
} as const;

/**
 * skip-pause: "Skip next" and "Pause until…" (Skip disabled with no ringing ahead);
 * resume: "Resume"; none: both shown disabled, for an alarm that is off and not held.
 */
export type HoldActions = 'skip-pause' | 'resume' | 'none';

export interface AlarmHoldView {
  hold: AlarmHold | null;
  /** "Skipping tomorrow", "Paused until Mon 3 Aug", or null when not held. */
  status: string | null;
  actions: HoldActions;
  /** Whether "Skip next" has a ringing to skip. */
  canSkip: boolean;
  /** What the switch shows: a held alarm is off on the player. */
  switchedOn: boolean;
}

/** The hold of an alarm: the one whose string is the alarm's as read (the held, switched-off one). */
export const holdOf = (alarm: Pick<DeviceAlarm, 'raw'>, holds: readonly AlarmHold[]): AlarmHold | null =>
  holds.find((hold) => hold.alarm === alarm.raw) ?? null;

/** The row's hold, status line and actions at `now`; `timeZone` is the one the player rings in. */
export function alarmHoldView(
  alarm: DeviceAlarm,
  holds: readonly AlarmHold[],
  now: Date,
  timeZone: string,
): AlarmHoldView {
  const hold = holdOf(alarm, holds);
  if (hold)
    return {
      hold,
      status: skipPauseLine(hold, now, hold.time_zone) ?? ALARM_HOLD_VIEW_TEXTS.backOnSoon,
      actions: 'resume',
      canSkip: false,
      switchedOn: false,
    };
  return {
    hold: null,
    status: null,
    actions: alarm.enabled ? 'skip-pause' : 'none',
    canSkip: alarm.enabled && nextOccurrence(alarm, now, timeZone) !== null,
    switchedOn: alarm.enabled,
  };
}

/** What the switch does: on a held alarm, switching it on resumes it (the server ends the hold). */
export type SwitchMeaning = { kind: 'resume' } | { kind: 'set-enabled'; enabled: boolean };

export const switchMeaning = (view: Pick<AlarmHoldView, 'hold'>, on: boolean): SwitchMeaning =>
  view.hold && on ? { kind: 'resume' } : { kind: 'set-enabled', enabled: on };

/** How a player's alarm is named on its skip, pause and resume buttons and in the pause dialog. */
/**
 * The alarm an edit starts from. A held alarm is edited as the alarm it was before the hold
 * (switched on): a saved edit is a new schedule, as a cloud alarm's is, so it is written on and
 * the hold ends (the server finds its string gone and drops it).
 */
export const alarmToEdit = (alarm: DeviceAlarm, view: Pick<AlarmHoldView, 'hold'>): DeviceAlarm =>
  view.hold ? { ...alarm, enabled: true } : alarm;

export const deviceAlarmName = (alarm: Pick<DeviceAlarm, 'time'>): string => `alarm at ${alarm.time}`;

/** The POST body: the alarm's string and place as the page read them. */
export interface AlarmHoldRequest {
  alarm: string;
  index: number;
  change: AlarmHoldChange;
}

export function alarmHoldRequest(
  alarm: Pick<DeviceAlarm, 'id' | 'raw'>,
  change: AlarmHoldChange,
): AlarmHoldRequest {
  const index = alarmIndexFromId(alarm.id);
  if (index === null) throw new Error(`not an alarm of the player's list: ${alarm.id}`);
  return { alarm: alarm.raw, index, change };
}

/** "Failed to skip alarm: {the server's words}", as the list's other failures read. */
export const holdFailed = (action: AlarmHoldChange['action'], message: string): string =>
  `Failed to ${action} alarm: ${message}`;

/** How long after a hold's switch-on the page looks again: the runner's pass (every 5 s) and its write. */
export const HOLD_RECHECK_AFTER_MS = 10_000;
/** A hold past its switch-on (the player was off, say) is looked at again this often. */
export const OVERDUE_RECHECK_MS = 60_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/**
 * When the page reads the holds and the player's list again, so that a row goes back on by itself
 * once the server switches its alarm on: null with no holds to wait for.
 */
export function holdsRecheckIn(holds: readonly Pick<AlarmHold, 'switch_on_at'>[], now: Date): number | null {
  const times = holds.map((hold) => Date.parse(hold.switch_on_at)).filter(Number.isFinite);
  if (times.length === 0) return null;
  const wait = Math.min(...times) + HOLD_RECHECK_AFTER_MS - now.getTime();
  return wait <= 0 ? OVERDUE_RECHECK_MS : Math.min(wait, LONGEST_WAIT_MS);
}

/** The zone a pause's "today" is read in: the player's, else the page's (as the list shows times). */
export const holdZone = (playerZone: string | null, pageZone: string): string => playerZone ?? pageZone;
