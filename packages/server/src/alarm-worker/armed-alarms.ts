import { ARM_HORIZON_MS, RING_LEAD_MS, prepareMomentMs } from '@playlist-alarms/core/cloud/alarm-firing';
import { shareOfAlarm } from '@playlist-alarms/core/cloud/worker-roster';
import type { DueAlarm } from '../db/firings-repository';
import type { WorkerClock } from './clock';
import type { ReplicaRoster } from './replica-roster';

interface ArmedAlarmsDeps {
  clock: WorkerClock;
  /** Whose each share of accounts is, by the roster's last beat. */
  roster: Pick<ReplicaRoster, 'partIn'>;
  /** An armed alarm's timer ran out: claim and ring it (the lead ahead of its instant). */
  fire: (alarm: DueAlarm) => void;
  /** Another replica's alarm came to its claim: look for a lapsed lease every tick for a while. */
  watch: () => void;
  /** A player of this replica has alarms due within the prepare window: open its link and probe it. */
  prepare: (alarms: readonly DueAlarm[]) => void;
}

/** One player's alarms at one instant share a prepare (and, in the ringer, a link). */
const ringKey = (alarm: DueAlarm) =>
  `${alarm.yoto_user_id}\u0000${alarm.yoto_device_id}@${alarm.next_fire_at}`;
/** An edit changes the key, so the next look arms the timer again with the edited row. */
const firingTimerKey = (alarm: DueAlarm) => `${alarm.id}@${alarm.next_fire_at}@${alarm.updated_at}`;

/**
 * What a look of the alarm worker leaves behind (worker.ts): a timer for each of this replica's
 * alarms due within the minute, a watch on the claim of each other replica's, and one prepare per
 * player and instant within the prepare window, at its account's moment in the window's first
 * 30 s. Each look replaces the last one's picture: an alarm edited, disabled, deleted or now
 * another replica's loses its timer (the claim re-checks next_fire_at and updated_at in any case).
 */
export class ArmedAlarms {
  private readonly timers = new Map<string, unknown>();
  private readonly watchTimers = new Map<string, unknown>();
  private readonly prepared = new Set<string>();

  constructor(private readonly deps: ArmedAlarmsDeps) {}

  /** Timers armed now (the lease tick runs while there are any). */
  get size(): number {
    return this.timers.size;
  }

  /**
   * Arms, watches and prepares from `soon`, what a look found due within the prepare window, and
   * watches the claims of `othersDue`, the instants other replicas' alarms are due at (a look that
   * asks only for its own shares does not see those alarms).
   */
  arm(soon: readonly DueAlarm[], now: Date, othersDue: readonly string[] = []): void {
    const nowMs = now.getTime();
    const sameRings = new Map<string, DueAlarm[]>();
    for (const alarm of soon)
      sameRings.set(ringKey(alarm), [...(sameRings.get(ringKey(alarm)) ?? []), alarm]);
    const wanted = new Set<string>();
    const watched = new Set<string>();
    for (const alarm of soon) {
      const dueMs = new Date(alarm.next_fire_at).getTime();
      const key = firingTimerKey(alarm);
      // Another replica's share: left to it, unless its alarm is overdue and unclaimed (it died).
      // By the account's share, so that all of a family's players share the one replica's MQTT session.
      const part = this.deps.roster.partIn(shareOfAlarm(alarm), dueMs, nowMs);
      if (part === 'other') {
        if (dueMs - nowMs <= ARM_HORIZON_MS) this.watchClaim(key, dueMs, nowMs, watched);
        continue;
      }
      const ring = ringKey(alarm);
      // At the account's moment in the window (the first look at or after it): a minute's logins
      // are spread over its first 30 s.
      const prepareNow = nowMs >= prepareMomentMs(dueMs, alarm.yoto_user_id);
      if (part === 'own' && prepareNow && !this.prepared.has(ring)) {
        this.prepared.add(ring);
        this.deps.prepare(sameRings.get(ring) ?? [alarm]);
      }
      if (dueMs - nowMs > ARM_HORIZON_MS) continue;
      wanted.add(key);
      if (!this.timers.has(key)) this.armTimer(key, alarm, dueMs, nowMs);
    }
    for (const instant of othersDue) {
      const dueMs = new Date(instant).getTime();
      if (dueMs - nowMs <= ARM_HORIZON_MS) this.watchClaim(`at ${instant}`, dueMs, nowMs, watched);
    }
    this.dropAllBut(this.timers, wanted);
    this.dropAllBut(this.watchTimers, watched);
    // Only a bound on memory: a ring forgotten here is at most prepared once more.
    if (this.prepared.size > 10_000) this.prepared.clear();
  }

  /** Every timer cleared (the worker stops). */
  clear(): void {
    for (const handle of [...this.timers.values(), ...this.watchTimers.values()]) {
      this.deps.clock.clearTimeout(handle);
    }
    this.timers.clear();
    this.watchTimers.clear();
  }

  private armTimer(key: string, alarm: DueAlarm, dueMs: number, nowMs: number): void {
    // Early by the lead: claim and volume/set first, so card/start lands on the minute.
    const handle = this.deps.clock.setTimeout(
      () => {
        this.timers.delete(key);
        this.deps.fire(alarm);
      },
      Math.max(0, dueMs - RING_LEAD_MS - nowMs),
    );
    this.timers.set(key, handle);
  }

  /**
   * Another replica's alarm due within the minute: when its owner claims it, this replica looks for
   * open firings every lease tick for a while, as a replica that armed it would, so a lease its
   * owner leaves lapsing (it died after the claim) is taken over within the tick, not the next look.
   */
  private watchClaim(key: string, dueMs: number, nowMs: number, watched: Set<string>): void {
    watched.add(key);
    if (this.watchTimers.has(key)) return;
    const handle = this.deps.clock.setTimeout(
      () => {
        this.watchTimers.delete(key);
        this.deps.watch();
      },
      Math.max(0, dueMs - RING_LEAD_MS - nowMs),
    );
    this.watchTimers.set(key, handle);
  }

  private dropAllBut(timers: Map<string, unknown>, keep: ReadonlySet<string>): void {
    for (const [key, handle] of [...timers]) {
      if (keep.has(key)) continue;
      this.deps.clock.clearTimeout(handle);
      timers.delete(key);
    }
  }
}
