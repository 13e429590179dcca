import type { Kysely } from 'kysely';
import {
  REPLICA_ALIVE_MS,
  ownerOfShare,
  rosterPart,
  sharesOf,
} from '@playlist-alarms/core/cloud/worker-roster';
import { beatRoster, leaveRoster } from '../db/worker-leases-repository';
import type { Database } from '../db/schema';
import type { WorkerClock } from './clock';

/** Beats closer together than this reuse the last list (an alarm write asks for a look each time). */
const MIN_BEAT_GAP_MS = 1_000;
/** How often a replica also deletes the rows of replicas long gone (one more statement). */
const FORGET_EVERY_MS = 60_000;

/**
 * This replica's place among the live alarm workers (docs/decisions/worker-roster.md): it says it is
 * alive on every look and learns who else is, so each account's alarms are armed, prepared and rung
 * by one replica instead of all of them.
 */
export class ReplicaRoster {
  private live: readonly string[] = [];
  /** This replica's shares by `live`, worked out again only when the list changes. */
  private own: { of: string; shares: readonly number[] | null } = { of: '', shares: null };
  private beatAt = -Infinity;
  private forgotAt = -Infinity;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: WorkerClock,
    private readonly self: string,
  ) {}

  /** Beats (at most once a second) and returns the live replicas. */
  async beat(): Promise<readonly string[]> {
    const now = this.clock.now();
    if (now.getTime() - this.beatAt < MIN_BEAT_GAP_MS) return this.live;
    const forget = now.getTime() - this.forgotAt >= FORGET_EVERY_MS;
    const until = new Date(now.getTime() + REPLICA_ALIVE_MS);
    this.live = await beatRoster(this.db, this.self, now, until, forget);
    if (forget) this.forgotAt = now.getTime();
    this.beatAt = now.getTime();
    return this.live;
  }

  /** What this replica does with an alarm of `share` due at `dueMs`, by the last list read. */
  partIn(share: number, dueMs: number, nowMs: number): 'own' | 'orphan' | 'other' {
    return rosterPart(this.self, ownerOfShare(share, this.live), dueMs, nowMs);
  }

  /**
   * The shares this replica owns by the last list read, for the look to ask for; null when it owns
   * them all (it is alone, or no list was read yet), so the look asks for every alarm.
   */
  ownShares(): readonly number[] | null {
    const of = this.live.join('\u0000');
    if (this.own.of !== of) {
      const alone = this.live.length === 0 || (this.live.length === 1 && this.live[0] === this.self);
      this.own = { of, shares: alone ? null : sharesOf(this.self, this.live) };
    }
    return this.own.shares;
  }

  /** Off the roster: the others take this replica's players on their next look. */
  async leave(): Promise<void> {
    this.live = [];
    await leaveRoster(this.db, this.self);
  }
}
