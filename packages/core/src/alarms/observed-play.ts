// A player's own alarm that a page saw play (docs/decisions/alarm-history.md): the player starts
// the alarm's card by its own clock and tells no one, so the only witness is an open page that
// saw the card start at the alarm's minute. The page finds which ringing it saw; the server checks
// the claim against the player's list before it keeps it.
import type { DeviceAlarm } from '../shared/entities';
import { isValidTimeZone } from './local-time';
import { parseAlarm } from './alarm-codec';
import { heldAlarmString } from './alarm-hold';
import { nextOccurrence } from './next-alarm';

/** A card start counts for a ringing from this long before it (a clock a little fast)… */
export const OBSERVED_EARLY_MS = 60_000;
/** …to this long after it (a slow start, a page that saw the status late). */
export const OBSERVED_LATE_MS = 10 * 60_000;
/** The server takes an observation of a ringing at most this old. */
export const OBSERVED_MAX_AGE_MS = 3_600_000;
/** What the server allows a page's clock to be ahead of its own. */
const CLOCK_SKEW_MS = 60_000;

/** The ringing of `alarm` (enabled) a card start at `startedAt` belongs to, or null. */
export function ringingStartedAt(
  alarm: Pick<DeviceAlarm, 'hour' | 'minute' | 'days' | 'enabled'>,
  startedAt: Date,
  timeZone: string,
): Date | null {
  if (!alarm.enabled) return null;
  const at = nextOccurrence(alarm, new Date(startedAt.getTime() - OBSERVED_LATE_MS - 1), timeZone);
  return at !== null && at.getTime() <= startedAt.getTime() + OBSERVED_EARLY_MS ? at : null;
}

/** What a page posts of a play it saw (observed-play-schemas.ts checks it at the server). */
export interface ObservedPlayRequest {
  /** The alarm's string as the page read it. */
  alarm: string;
  /** The ringing's instant (UTC ISO). */
  due_at: string;
  /** When the page saw the player start the alarm's card (UTC ISO). */
  started_at: string;
  /** The zone the page read the alarm in (the player's own, or the page's when it has none). */
  time_zone?: string;
}

/**
 * The zone the server checks an observation in: the player's own; for a player without one, the
 * zone the page read the alarm in (where the page showed and scheduled it), else the parent's.
 */
export function observationZone(p: {
  player: unknown;
  page: string | undefined;
  parent: () => Promise<string>;
}): Promise<string> {
  if (typeof p.player === 'string' && isValidTimeZone(p.player)) return Promise.resolve(p.player);
  if (p.page !== undefined && isValidTimeZone(p.page)) return Promise.resolve(p.page);
  return p.parent();
}

export interface SeenRinging {
  alarm: DeviceAlarm;
  dueAt: Date;
}

/** Which of the player's alarms rang when its card `cardId` started at `startedAt`; the first in the list. */
export function observedRinging(
  alarms: readonly DeviceAlarm[],
  cardId: string,
  startedAt: Date,
  timeZone: string,
): SeenRinging | null {
  for (const alarm of alarms) {
    if (alarm.cardId !== cardId) continue;
    const dueAt = ringingStartedAt(alarm, startedAt, timeZone);
    if (dueAt !== null) return { alarm, dueAt };
  }
  return null;
}

export const OBSERVED_PLAY_TEXTS = {
  notInList: 'alarm is not one of the player’s alarms now',
  notARinging: 'due_at is not a ringing of that alarm in the player’s time zone',
  tooOld: 'due_at must be within the last hour',
  notYet: 'due_at has not come yet',
  startOutside: 'started_at must be from 1 minute before to 10 minutes after due_at',
} as const;

export type ObservedPlayCheck = { ok: true; alarm: DeviceAlarm; dueAt: Date } | { ok: false; error: string };

/**
 * Whether a page's observation is believable: the alarm is in the player's list as sent, is on, and
 * `dueAt` is one of its ringings in the player's zone, within the last hour, with the card's start
 * in the ringing's window. `timeZone` is the player's (geoTimezone), or the stand-in zone.
 */
export function checkObservedPlay(p: {
  list: readonly unknown[];
  alarm: string;
  dueAt: Date;
  startedAt: Date;
  now: Date;
  timeZone: string;
}): ObservedPlayCheck {
  const fail = (error: string): ObservedPlayCheck => ({ ok: false, error });
  const index = p.list.indexOf(p.alarm);
  const parsed = index < 0 ? null : parseAlarm(p.alarm, index);
  if (parsed === null || !parsed.ok) return fail(OBSERVED_PLAY_TEXTS.notInList);
  const zone = isValidTimeZone(p.timeZone) ? p.timeZone : 'UTC';
  const due = p.dueAt.getTime();
  if (due > p.now.getTime() + CLOCK_SKEW_MS) return fail(OBSERVED_PLAY_TEXTS.notYet);
  if (due < p.now.getTime() - OBSERVED_MAX_AGE_MS) return fail(OBSERVED_PLAY_TEXTS.tooOld);
  const ringing = parsed.alarm.enabled ? nextOccurrence(parsed.alarm, new Date(due - 1), zone) : null;
  if (ringing?.getTime() !== due) return fail(OBSERVED_PLAY_TEXTS.notARinging);
  const started = p.startedAt.getTime();
  if (
    started < due - OBSERVED_EARLY_MS ||
    started > due + OBSERVED_LATE_MS ||
    started > p.now.getTime() + CLOCK_SKEW_MS
  )
    return fail(OBSERVED_PLAY_TEXTS.startOutside);
  return { ok: true, alarm: parsed.alarm, dueAt: p.dueAt };
}

/**
 * Whether a play a page saw and a ringing a hold silenced are one ringing of one alarm: the same
 * instant, and the held string is the one a hold writes for the played alarm. The history then
 * shows the play (what was heard wins over what the server meant to happen).
 */
export function playMeetsSilenced(
  play: { alarm: string; due_at: string },
  silenced: { alarm: string; due_at: string },
): boolean {
  if (play.due_at !== silenced.due_at) return false;
  const parsed = parseAlarm(play.alarm, 0);
  if (!parsed.ok) return false;
  try {
    return heldAlarmString(parsed.alarm) === silenced.alarm;
  } catch {
    // A string the codec would not write back (a volume above the limit) was never held.
    return false;
  }
}
