import type { Kysely } from 'kysely';
import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';
import { FIRING_LEASE_TICK_MS, leaseUntil, openFiringFate } from '@playlist-alarms/core/cloud/firing-lease';
import { firingKey } from '../db/firing-claims-repository';
import { settleOpenFiring } from '../db/firings-repository';
import {
  findOpenFirings,
  takeOverFiring,
  type FiringKey,
  type OpenFiringRow,
} from '../db/firing-leases-repository';
import type { AlarmsTable, Database } from '../db/schema';
import type { WorkerClock } from './clock';
import { HeldLeases } from './held-leases';
import type { Ringer } from './ringer';
import { finishTakenOver } from './take-over';

// The firings that have no receipt yet, as one worker process tends them
// (docs/decisions/firing-leases.md): it renews the leases it holds, takes over those whose holder
// died, and settles those nobody can finish. The worker (worker.ts) claims and rings; this module
// keeps the claims alive and picks up the ones left behind.

/**
 * After a timer fires, open firings are looked at often for this long even when none is seen yet
 * (another replica's claim may not have committed at the first look).
 */
const WATCH_AFTER_TIMER_MS = 30_000;

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

export interface OpenFiringsDeps {
  db: Kysely<Database>;
  clock: WorkerClock;
  ringer: Pick<Ringer, 'nowPlaying' | 'finishExtras'>;
  /** This process's worker id: the lease owner it writes. */
  owner: string;
  /** Rings a firing taken over as its claimant would have, and records its receipt. */
  ring: (alarm: AlarmsTable, dueAt: string, foundAt: Date) => Promise<unknown>;
  /** A receipt this process wrote, for the listener. */
  tell: (alarm: AlarmsTable, dueAt: string, outcome: FiringOutcome) => void;
  /** Work the worker waits for at shutdown. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** How many alarms the worker has armed within the minute (a firing may open soon). */
  armedCount: () => number;
  log: Log;
}

export class OpenFirings {
  /** The firings this process rings now, with how long their leases surely hold. */
  readonly held: HeldLeases;
  /** Take-overs under way (before their lease is known to be this process's). */
  private readonly takingOver = new Set<string>();
  private tickTimer: unknown = null;
  private tending: Promise<number> | null = null;
  /** The last look found firings that are not this process's: keep looking often. */
  private othersOpen = false;
  private watchUntilMs = -Infinity;
  private stopped = false;

  constructor(private readonly deps: OpenFiringsDeps) {
    this.held = new HeldLeases(deps.db, deps.clock, deps.owner);
  }

  /** Notes a lease this process took until `until`, and keeps renewing it. */
  hold(firing: FiringKey, until: Date): void {
    this.held.hold(firing, until);
    this.scheduleTick();
  }

  /** A timer of the worker fired: another replica's claim on the same alarm may open any moment. */
  watchAfterTimer(): void {
    this.watchUntilMs = this.deps.clock.now().getTime() + WATCH_AFTER_TIMER_MS;
  }

  stop(): void {
    this.stopped = true;
    if (this.tickTimer !== null) this.deps.clock.clearTimeout(this.tickTimer);
    this.tickTimer = null;
  }

  /**
   * Every firing without a receipt, once: renews this process's leases (marking lost the ones it no
   * longer holds), takes over those whose lease lapsed, and settles as failed those nobody can
   * finish (core's openFiringFate), telling of those this process settled as of any other receipt.
   * Returns how many it settled. Concurrent callers share one look.
   */
  tend(): Promise<number> {
    this.tending ??= this.look().finally(() => {
      this.tending = null;
    });
    return this.tending;
  }

  /**
   * Looks at open firings every FIRING_LEASE_TICK_MS while one may be open here or elsewhere: this
   * process holds a lease, has an alarm armed within the minute, fired one or saw another
   * replica's come to its claim in the last 30 s (the worker's watchAfterTimer), or the last look
   * found another's open firing. Otherwise the worker's
   * 5 s refresh looks (a page's trigger is seen there first), and nothing is polled faster.
   */
  scheduleTick(): void {
    const { clock, track, log } = this.deps;
    if (this.tickTimer !== null || this.stopped) return;
    const watching = clock.now().getTime() < this.watchUntilMs;
    if (this.held.size === 0 && this.deps.armedCount() === 0 && !this.othersOpen && !watching) return;
    this.tickTimer = clock.setTimeout(() => {
      this.tickTimer = null;
      void track(
        this.tend()
          .catch((error: unknown) => log('error', `tending open firings failed: ${String(error)}`))
          .then(() => this.scheduleTick()),
      );
    }, FIRING_LEASE_TICK_MS);
  }

  private async look(): Promise<number> {
    const { db, clock, track, log } = this.deps;
    const now = clock.now();
    await this.held.renew();
    let settled = 0;
    let othersOpen = false;
    for (const firing of await findOpenFirings(db)) {
      if (this.held.has(firingKey(firing.alarm_id, firing.due_at))) continue;
      const fate = openFiringFate(firing, now);
      if (fate !== 'settle') othersOpen = true;
      if (fate === 'take-over') {
        void track(this.takeOver(firing)).catch((error: unknown) =>
          log('error', `taking over alarm ${firing.alarm_id} failed: ${String(error)}`),
        );
      } else if (fate === 'settle' && (await this.settle(firing, now))) {
        settled += 1;
      }
    }
    this.othersOpen = othersOpen;
    return settled;
  }

  /** Settles as failed a firing nobody can finish; true when this call did (then it tells). */
  private async settle(firing: FiringKey & { lease_until: string | null }, now: Date): Promise<boolean> {
    const settled = await settleOpenFiring(this.deps.db, firing, now);
    if (settled === null) return false;
    this.deps.log(
      'warn',
      `firing of alarm ${firing.alarm_id} due ${firing.due_at}: failed (its process stopped)`,
    );
    if (settled.alarm !== null) this.deps.tell(settled.alarm, firing.due_at, 'failed');
    return true;
  }

  /**
   * A firing whose holder's lease lapsed: take it over (one replica's conditional update wins), ask
   * the player what it plays, and record "played" when it already plays the claimed card (the first
   * card/start got there), or else ring as the claimant would have.
   */
  private async takeOver(firing: OpenFiringRow): Promise<void> {
    const { db, clock, ringer, owner } = this.deps;
    const key = firingKey(firing.alarm_id, firing.due_at);
    if (this.held.has(key) || this.takingOver.has(key)) return;
    this.takingOver.add(key);
    try {
      const now = clock.now();
      const lease = leaseUntil(now);
      if (!(await takeOverFiring(db, firing, owner, now, lease))) return;
      this.hold(firing, lease);
      try {
        await finishTakenOver(
          {
            db,
            clock,
            ringer,
            ring: (alarm) => this.deps.ring(alarm, firing.due_at, now),
            told: (alarm, outcome) => this.deps.tell(alarm, firing.due_at, outcome),
            log: this.deps.log,
          },
          firing,
        );
      } finally {
        this.held.drop(key);
      }
    } finally {
      this.takingOver.delete(key);
    }
  }
}
