// The alarm worker's rules (docs/decisions/alarm-firing-claims.md), pure: when a due firing is still
// worth ringing,
// where next_fire_at moves after it, which outcome the player's answers add up to, and the volume
// the player is sent. The server's worker supplies the clock and the I/O.
import { nextFireAt, type CloudAlarmSchedule } from './cloud-next-fire';
import { FIRING_OUTCOMES, TIMINGS_MS, type FiringOutcome } from '../shared/constants';
import { alarmLevelToPercent } from '../device/volume';
import { hash32 } from './worker-roster';

/** A firing found later than this (every process was down) is recorded as missed, not rung. */
export const MISSED_FIRING_LIMIT_MS = 10 * 60_000;
/** Alarms due within this horizon get an in-memory timer. */
export const ARM_HORIZON_MS = 60_000;
/** The prepare window: the player's connection is opened this long before the alarm. */
export const PREPARE_WINDOW_MS = TIMINGS_MS.alarmPrepare;
/**
 * The logins of a minute's alarms are spread over the first this-long of their prepare window, not
 * all made at its start: a zone waking at 07:00 would otherwise ask the broker for every family's
 * login in the same second (docs/scale.md, step 3).
 */
export const PREPARE_SPREAD_MS = 30_000;

/**
 * When an account's alarm due at `dueMs` is prepared: at a moment in the first PREPARE_SPREAD_MS of
 * its window, the same for all of the account's players (they share one login), different from
 * account to account.
 */
export function prepareMomentMs(dueMs: number, accountId: string): number {
  return dueMs - PREPARE_WINDOW_MS + (hash32(`prepare\u0000${accountId}`) % PREPARE_SPREAD_MS);
}
/** Between volume/set and card/start, as the page's scheduler waits: the volume lands first. */
export const VOLUME_TO_CARD_DELAY_MS = TIMINGS_MS.afterAlarmVolumeSet;
/**
 * The worker's timer fires this long before the alarm: the claim, events/request and volume/set go
 * first and card/start waits for the alarm's minute. Three seconds, not just VOLUME_TO_CARD_DELAY_MS:
 * on a minute that a thousand alarms share, the broker is done with that first burst before the
 * card/starts come (measured by `npm run bench:same-minute`). The firing lease (2 s) is renewed in
 * between, as for any ringing.
 */
export const RING_LEAD_MS = 3_000;
/** How long the player's events may take to say that it plays the alarm's card. */
export const PLAY_CONFIRM_TIMEOUT_MS = 10_000;

export { FIRING_OUTCOMES, type FiringOutcome };

/** 'fire' while the due instant is less than MISSED_FIRING_LIMIT_MS ago, else 'missed'. */
export function firingPlan(dueAt: Date, now: Date): 'fire' | 'missed' {
  return now.getTime() - dueAt.getTime() < MISSED_FIRING_LIMIT_MS ? 'fire' : 'missed';
}

/**
 * next_fire_at once the firing at `dueAt` is done (or missed): the alarm's next instant after both
 * the due time and now, in the user's zone. After the due time, so a local time shown twice
 * (fall back) fires once; after now, so a server that was down for days does not replay every
 * day it missed.
 */
export function nextFireAfterFiring(
  alarm: CloudAlarmSchedule,
  dueAt: Date,
  now: Date,
  timeZone: string | null | undefined,
): Date | null {
  const from = now.getTime() > dueAt.getTime() ? now : dueAt;
  return nextFireAt(alarm, from, timeZone);
}

/** A cloud alarm's stored 1–10 → the 0–100 that volume/set takes (shown as value × 10 %). */
export const alarmVolumeForPlayer = (level: number): number =>
  Math.min(100, Math.max(0, alarmLevelToPercent(level)));

/** What the device link saw between card/start and the confirmation deadline. */
interface FiringObservation {
  /** The link reached the broker and subscribed to the player's topics. */
  connected: boolean;
  /** Any message from the player (events, status, response) since the link connected. */
  heardFromPlayer: boolean;
  /** The player's events said it plays the alarm's card (playbackStatus 'playing'). */
  playingCard: boolean;
  /** The player's response to card/start, when one came. */
  cardStartResponse: 'OK' | 'FAIL' | null;
}

/** The firing's receipt from what was observed. */
export function firingOutcome(seen: FiringObservation): FiringOutcome {
  if (!seen.connected) return 'player-offline';
  // The player's `card: OK` is its own word that the card started, as good as its events.
  if (seen.playingCard || seen.cardStartResponse === 'OK') return 'played';
  if (seen.cardStartResponse === 'FAIL') return 'failed';
  return seen.heardFromPlayer ? 'no-response' : 'player-offline';
}
