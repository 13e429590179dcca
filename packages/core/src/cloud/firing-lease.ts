// A claimed cloud alarm firing is a lease (docs/decisions/firing-leases.md), pure: how long a lease
// lasts and how often it is renewed, whether the holder may still send card/start, what becomes of
// a firing with no receipt (still under way, taken over by another replica, or settled), and what a
// replica that took a firing over does once the player said what it plays.
import { firingPlan } from './alarm-firing';

/** A lease lasts this long from its last renewal: a dead holder's firing is taken over this soon. */
export const FIRING_LEASE_MS = 2_000;
/**
 * How often a holder renews its leases, and how often a replica looks for lapsed ones while a
 * firing may be open: a lapsed lease is taken over within FIRING_LEASE_MS + this of its holder's death.
 */
export const FIRING_LEASE_TICK_MS = 500;
/**
 * card/start goes only while the lease has this much left: a holder whose renewals stalled (a slow
 * database, a paused process) stops before another replica may take the firing over.
 */
const CARD_START_MARGIN_MS = 500;
/** A claim made before leases existed (no lease) is settled this long after it was claimed. */
export const UNLEASED_ABANDONED_AFTER_MS = 2 * 60_000;

/** Until when a lease taken or renewed at `now` holds. */
export const leaseUntil = (now: Date): Date => new Date(now.getTime() + FIRING_LEASE_MS);

/** The holder may send card/start: its lease was last confirmed until `heldUntilMs`, with the margin to spare. */
export const mayStartCard = (heldUntilMs: number, now: Date): boolean =>
  now.getTime() < heldUntilMs - CARD_START_MARGIN_MS;

/** A firing without a receipt, as stored. */
export interface OpenFiring {
  due_at: string;
  claimed_at: string;
  /** Null: claimed before leases (migration 0015). */
  lease_until: string | null;
}

/**
 * What becomes of a firing without a receipt at `now`:
 * - 'under-way': its holder's lease runs (or, unleased, it is younger than two minutes);
 * - 'take-over': the lease lapsed (its holder died) while the alarm is still worth ringing
 *   (under ten minutes late, firingPlan): another replica asks the player and finishes it;
 * - 'settle': nobody can finish it (ten minutes late or more, or an unleased claim two minutes
 *   old): its receipt says failed, once.
 */
export function openFiringFate(firing: OpenFiring, now: Date): 'under-way' | 'take-over' | 'settle' {
  if (firing.lease_until === null) {
    const abandoned = now.getTime() - Date.parse(firing.claimed_at) > UNLEASED_ABANDONED_AFTER_MS;
    return abandoned ? 'settle' : 'under-way';
  }
  if (Date.parse(firing.lease_until) > now.getTime()) return 'under-way';
  return firingPlan(new Date(firing.due_at), now) === 'fire' ? 'take-over' : 'settle';
}

/** What a player said it plays (its events, merged), or null when it said nothing. */
export interface NowPlaying {
  cardId: string | null;
  playbackStatus: string | null;
}

/**
 * A replica that took a firing over asked the player first. Playing (or loading) the alarm's card:
 * the first card/start reached it, so the receipt says played and nothing is sent again. Anything
 * else (another card, stopped, paused, no answer): it rings as the claimant would have.
 */
export function takeOverStep(alarmCardId: string, heard: NowPlaying | null): 'record-played' | 'ring' {
  if (heard === null || heard.cardId !== alarmCardId) return 'ring';
  return heard.playbackStatus === 'playing' || heard.playbackStatus === 'loading' ? 'record-played' : 'ring';
}
