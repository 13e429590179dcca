import type { Kysely } from 'kysely';
import { MISSED_FIRING_LIMIT_MS } from '@playlist-alarms/core/cloud/alarm-firing';
import { leaseUntil, mayStartCard } from '@playlist-alarms/core/cloud/firing-lease';
import { firingKey } from '../db/firing-claims-repository';
import { renewFiringLease, renewFiringLeases, type FiringKey } from '../db/firing-leases-repository';
import type { Database } from '../db/schema';
import type { WorkerClock } from './clock';

// The leases on firings this process rings now (docs/decisions/firing-leases.md), and until when
// each is surely its own: what the claim or take-over wrote, then each renewal. A firing a renewal
// no longer returns is another replica's (or settled): this process must send it nothing more.

interface HeldLease {
  firing: FiringKey;
  untilMs: number;
  /** When this process noted it (after its write committed). */
  sinceMs: number;
}

export class HeldLeases {
  private readonly leases = new Map<string, HeldLease>();
  /** The renewal under way, which concurrent callers share. */
  private renewing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: WorkerClock,
    /** This process's worker id: the lease_owner it writes. */
    private readonly owner: string,
  ) {}

  get size(): number {
    return this.leases.size;
  }

  has(key: string): boolean {
    return this.leases.has(key);
  }

  /** A lease this process wrote (claim or take-over), held until `until`. */
  hold(firing: FiringKey, until: Date): void {
    this.leases.set(firingKey(firing.alarm_id, firing.due_at), {
      firing,
      untilMs: until.getTime(),
      sinceMs: this.clock.now().getTime(),
    });
  }

  /** The firing has its receipt, or this process gave it up. */
  drop(key: string): void {
    this.leases.delete(key);
  }

  /**
   * card/start may go for this firing now: at once while the lease last confirmed has the margin
   * to spare (core's mayStartCard); otherwise (renewals stalled behind a slow database or a busy
   * process) only once the database confirms it is still this process's, extended.
   */
  async mayStart(key: string): Promise<boolean> {
    const lease = this.leases.get(key);
    if (lease === undefined) return false;
    if (mayStartCard(lease.untilMs, this.clock.now())) return true;
    // A due instant's many ringings ask at once: one renewal of every lease answers them all,
    // where one statement each would queue for the pool and make them late.
    await this.renew();
    if (mayStartCard(lease.untilMs, this.clock.now())) return true;
    // The shared renewal began too long ago (it waited for the database): this lease alone, now.
    const until = leaseUntil(this.clock.now());
    const still = await renewFiringLease(this.db, this.owner, lease.firing, until);
    lease.untilMs = still ? until.getTime() : 0;
    return still && mayStartCard(lease.untilMs, this.clock.now());
  }

  /**
   * Extends every lease held (one statement), and marks lost those the database no longer gives
   * this process. Only firings under ten minutes late are renewed: a ring stuck longer lets its
   * lease lapse, and the sweep settles it. Callers at once share one renewal.
   */
  renew(): Promise<void> {
    this.renewing ??= this.renewAll().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  private async renewAll(): Promise<void> {
    if (this.leases.size === 0) return;
    const now = this.clock.now();
    const until = leaseUntil(now);
    // No ringing takes ten minutes from its claim: one that does is stuck, and let go.
    const claimedAfter = new Date(now.getTime() - MISSED_FIRING_LIMIT_MS);
    const kept = await renewFiringLeases(this.db, this.owner, until, claimedAfter);
    const keptKeys = new Set(kept.map((firing) => firingKey(firing.alarm_id, firing.due_at)));
    for (const [key, lease] of this.leases) {
      if (keptKeys.has(key)) lease.untilMs = until.getTime();
      // Not renewed though noted before this renewal began: another replica has it now.
      else if (lease.sinceMs < now.getTime()) lease.untilMs = 0;
    }
  }
}
