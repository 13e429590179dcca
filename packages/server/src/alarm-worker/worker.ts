import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ARM_HORIZON_MS,
  PREPARE_WINDOW_MS,
  firingPlan,
  nextFireAfterFiring,
  type FiringOutcome,
} from '@playlist-alarms/core/cloud/alarm-firing';
import type { PassSummary } from '@playlist-alarms/core/cloud/alarm-firing-schemas';
import { leaseUntil } from '@playlist-alarms/core/cloud/firing-lease';
import { ORPHAN_GRACE_MS } from '@playlist-alarms/core/cloud/worker-roster';
import { firingKey } from '../db/firing-claims-repository';
import { receiptOf, type FiringSeen } from '../db/firing-receipts-repository';
import { findDueAlarms, findDueInstants, type DueAlarm } from '../db/firings-repository';
import type { AlarmsTable, Database } from '../db/schema';
import type { WorkerClock } from './clock';
import { noFaultHold, type FaultHold } from './fault-hold';
import { ClaimBatcher } from './claim-batcher';
import { ReceiptBatcher } from './receipt-batcher';
import { OpenFirings } from './open-firings';
import { recordPassedOver } from './passed-over';
import { ArmedAlarms } from './armed-alarms';
import { probeBeforeAlarms } from './prepare-probe';
import { ReplicaRoster } from './replica-roster';
import { ringRequestOf } from './ring-request';
import { CardStartWithheld, type Ringer } from './ringer';

// The alarm worker (docs/decisions/alarm-firing-claims.md). Every few seconds, and on every alarm write, it
// loads the alarms due soon: it arms an in-memory timer for each due within the minute and opens the player's
// link for each due within five. At the due instant it claims the firing in the database (one process wins),
// rings the player and records the receipt. A pass (start-up, /api/cron/check) fires whatever is already due:
// under 10 minutes late it rings, else it records "missed". The claim is a lease (docs/decisions/firing-leases.md),
// the holder renews it every half second while it rings; a replica that finds one lapsed takes the firing
// over, asks the player what it plays, and finishes it (open-firings.ts). With several replicas, each player's
// alarms are armed, prepared and rung by one of them (replica-roster.ts); the others ring an alarm only once it
// is a few seconds overdue and still unclaimed.

/** How often the worker reloads what is due. */
const REFRESH_MS = 5_000;
/**
 * The most alarms one look loads (this replica's shares'). Past it, the later ones of a crowded
 * window are armed only as the earlier ones fire (docs/scale.md).
 */
const LOOK_LIMIT = 20_000;
/** How often the worker records the ringings a skip or pause passed over (passed-over.ts). */
const PASSED_OVER_MS = 60_000;

type LogLevel = 'info' | 'warn' | 'error';

type FireResult =
  | { claimed: false }
  | { claimed: true; outcome: FiringOutcome; nextFireAt: string | null; outcomeAt: string };

interface AlarmWorkerOptions {
  db: Kysely<Database>;
  ringer: Ringer;
  clock: WorkerClock;
  log?: (level: LogLevel, message: string) => void;
  /**
   * Told of every receipt this process records, the sweep's of abandoned firings included (push
   * notifications); its failure fails nothing.
   */
  onReceipt?: (alarm: AlarmsTable, dueAt: string, outcome: FiringOutcome) => Promise<void>;
  /** Told when the prepare probe finds a player off before these alarms (push notifications). */
  onOfflineAtPrepare?: (alarms: readonly DueAlarm[], offlineAt: Date) => Promise<void>;
  /** The fault-injection seam of the fleet tests (fault-hold.ts); none by default. */
  faultHold?: FaultHold;
}

export class AlarmWorker {
  /** Unique per process: who holds a claim, in the logs and the firings table. */
  readonly id = `worker-${crypto.randomUUID()}`;
  private readonly inFlight = new Set<Promise<unknown>>();
  private refreshTimer: unknown = null;
  private running = false;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  private lastPass: PassSummary | null = null;
  private passedOverAt = -Infinity;
  private readonly passedOver = new Set<string>();
  /** Leases held, take-overs and the sweep of firings without a receipt (open-firings.ts). */
  private readonly open: OpenFirings;
  /** This process's claims, a due instant's together (claim-batcher.ts). */
  private readonly claims: ClaimBatcher;
  /** This process's receipts, those that come together written together (receipt-batcher.ts). */
  private readonly receipts: ReceiptBatcher;
  /** Which shares of accounts are this replica's to arm (replica-roster.ts). */
  private readonly roster: ReplicaRoster;
  /** The last look's timers, claim watches and prepares (armed-alarms.ts). */
  private readonly armed: ArmedAlarms;
  private stopped = false;

  constructor(private readonly options: AlarmWorkerOptions) {
    this.claims = new ClaimBatcher(options.db);
    this.receipts = new ReceiptBatcher(options.db);
    this.roster = new ReplicaRoster(options.db, options.clock, this.id);
    const probe = { ...options, log: (level: LogLevel, message: string) => this.log(level, message) };
    this.armed = new ArmedAlarms({
      clock: options.clock,
      roster: this.roster,
      fire: (alarm) => {
        this.open.watchAfterTimer();
        void this.track(this.fire(alarm, alarm.next_fire_at)).catch((error: unknown) =>
          this.log('error', `alarm ${alarm.id} firing failed: ${String(error)}`),
        );
      },
      watch: () => {
        this.open.watchAfterTimer();
        this.open.scheduleTick();
      },
      prepare: (alarms) => {
        void this.track(probeBeforeAlarms(probe, alarms)).catch((error: unknown) =>
          this.log('error', `prepare for alarm ${alarms[0]?.id ?? '?'} failed: ${String(error)}`),
        );
      },
    });
    this.open = new OpenFirings({
      db: options.db,
      clock: options.clock,
      ringer: options.ringer,
      owner: this.id,
      ring: (alarm, dueAt, foundAt) => this.ringAndRecord(alarm, dueAt, foundAt, false),
      tell: (alarm, dueAt, outcome) => this.tell(alarm, dueAt, outcome),
      track: (work) => this.track(work),
      armedCount: () => this.armed.size,
      log: (level, message) => this.log(level, message),
    });
  }

  get armedCount(): number {
    return this.armed.size;
  }

  get lastPassSummary(): PassSummary | null {
    return this.lastPass;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Fires what start-up finds due (or records it missed), then keeps the timers fresh. */
  async start(): Promise<void> {
    this.running = true;
    await this.track(this.pass());
    await this.track(this.refresh());
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopped = true;
    if (this.refreshTimer !== null) this.options.clock.clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    this.open.stop();
    this.faultHold.release();
    this.armed.clear();
    // Off the roster at once, so the other replicas arm this one's players on their next look.
    await this.roster
      .leave()
      .catch((error: unknown) => this.log('warn', `leaving the worker roster failed: ${String(error)}`));
    await this.whenIdle();
    await this.options.ringer.close();
  }

  /** An alarm was written: reload now rather than at the next refresh. */
  notify(): void {
    if (this.running) void this.track(this.refresh());
  }

  /** Resolves when every firing started so far has its receipt (tests and shutdown wait on it). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * One idempotent pass: takes over firings whose holder died, settles those nobody can finish,
   * fires every due alarm this process can claim.
   */
  async pass(): Promise<PassSummary> {
    const started = this.options.clock.now();
    const summary = { fired: 0, missed: 0, already_claimed: 0, recovered: 0 };
    summary.recovered = await this.open.tend();
    const due = await findDueAlarms(this.options.db, started);
    const results = await Promise.all(due.map((alarm) => this.track(this.fire(alarm, alarm.next_fire_at))));
    for (const result of results) {
      if (!result.claimed) summary.already_claimed += 1;
      else if (result.outcome === 'missed') summary.missed += 1;
      else summary.fired += 1;
    }
    this.lastPass = {
      started_at: started.toISOString(),
      finished_at: this.options.clock.now().toISOString(),
      ...summary,
    };
    return this.lastPass;
  }

  /**
   * Claims the firing of `alarm` at `dueAt` and, if this caller won, rings it (or records it missed
   * when 10 minutes late or more). The trigger route calls this too: the same claim.
   */
  async fire(alarm: DueAlarm, dueAt: string): Promise<FireResult> {
    const { clock } = this.options;
    const now = clock.now();
    const due = new Date(dueAt);
    const next = nextFireAfterFiring({ ...alarm, is_enabled: true }, due, now, alarm.timezone);
    const nextFireAt = next?.toISOString() ?? null;
    const lease = leaseUntil(now);
    const claimed = await this.claims.claim({
      alarmId: alarm.id,
      alarm,
      dueAt,
      nextFireAt,
      claimedBy: this.id,
      at: now.toISOString(),
      leaseUntil: lease.toISOString(),
    });
    if (!claimed) return { claimed: false };
    const key = firingKey(alarm.id, dueAt);
    this.open.hold({ alarm_id: alarm.id, due_at: dueAt }, lease);
    try {
      await this.faultHold.at('after-claim', { workerId: this.id, alarmId: alarm.id, dueAt });
      // Released by stop(): leave the firing as a dying process would, for another to take over.
      if (this.stopped) return { claimed: false };
      const receipt = await this.ringAndRecord(alarm, dueAt, now, true);
      return receipt === null ? { claimed: false } : { claimed: true, nextFireAt, ...receipt };
    } finally {
      this.open.held.drop(key);
    }
  }

  /**
   * Rings the held firing (or records it missed when 10 minutes late or more) and writes its receipt,
   * telling the listener when this call wrote it. Null when card/start was withheld because the lease
   * was no longer surely this process's: then another replica finishes the firing.
   */
  private async ringAndRecord(
    alarm: AlarmsTable,
    dueAt: string,
    foundAt: Date,
    claimant: boolean,
  ): Promise<{ outcome: FiringOutcome; outcomeAt: string } | null> {
    const { db, clock, ringer } = this.options;
    const due = new Date(dueAt);
    const key = firingKey(alarm.id, dueAt);
    let outcome: FiringOutcome = 'missed';
    let detail: string | null = `due ${dueAt}, found at ${foundAt.toISOString()}`;
    let seen: FiringSeen = { playedAt: null, faded: false };
    if (firingPlan(due, clock.now()) === 'fire') {
      try {
        const rang = await ringer.ring(ringRequestOf(alarm, dueAt), {
          mayStart: () => this.open.held.mayStart(key),
          ...(claimant
            ? {
                afterCardStart: () =>
                  this.faultHold.at('after-card-start', { workerId: this.id, alarmId: alarm.id, dueAt }),
              }
            : {}),
        });
        ({ outcome, detail } = rang);
        seen = {
          playedAt: rang.startedAt === undefined ? null : new Date(rang.startedAt).toISOString(),
          faded: rang.faded === true,
        };
      } catch (error) {
        if (error instanceof CardStartWithheld) {
          this.log('warn', `alarm ${alarm.id} due ${dueAt}: lease lost before card/start; left to another`);
          return null;
        }
        outcome = 'failed';
        detail = error instanceof Error ? error.message : String(error);
      }
    }
    const outcomeAt = clock.now().toISOString();
    const receipt = await receiptOf(db, outcomeAt, { alarmId: alarm.id, dueAt, outcome, detail }, seen);
    const wrote = await this.receipts.record(receipt);
    this.log(outcome === 'played' ? 'info' : 'warn', `alarm ${alarm.id} due ${dueAt}: ${outcome}`);
    // A receipt another wrote first (a replica that took the firing over) is told by that one.
    if (wrote) this.tell(alarm, dueAt, outcome);
    return { outcome, outcomeAt };
  }

  /** Hands a receipt to the listener: tracked, so shutdown and tests wait for the message; not
   * awaited, so the receipt is not held. */
  private tell(alarm: AlarmsTable, dueAt: string, outcome: FiringOutcome): void {
    const { onReceipt } = this.options;
    if (onReceipt === undefined) return;
    void this.track(onReceipt(alarm, dueAt, outcome)).catch((error: unknown) =>
      this.log('error', `notifying about alarm ${alarm.id} failed: ${String(error)}`),
    );
  }

  private async refresh(): Promise<void> {
    if (this.refreshing !== null) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = this.reload()
      .catch((error: unknown) => this.log('error', `alarm refresh failed: ${String(error)}`))
      .finally(() => {
        this.refreshing = null;
        if (this.refreshAgain) {
          this.refreshAgain = false;
          void this.track(this.refresh());
        }
      });
    return this.refreshing;
  }

  private async reload(): Promise<void> {
    const { clock } = this.options;
    if (this.refreshTimer !== null) clock.clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    if (!this.running) return;
    try {
      await this.look(clock.now());
    } finally {
      // Armed whatever the look did: a database out for a moment must not end the refreshes.
      if (this.running && this.refreshTimer === null)
        this.refreshTimer = clock.setTimeout(() => void this.track(this.refresh()), REFRESH_MS);
    }
  }

  /** One refresh: arms the alarms due soon, prepares their players, tends open firings. */
  private async look(now: Date): Promise<void> {
    const { db } = this.options;
    await this.roster.beat();
    const { soon, othersDue } = await this.lookUp(now);
    this.armed.arm(soon, now, othersDue);
    // A link a ringing, a fade or a prepare used in the last ten minutes stays; others close (a
    // player now another replica's, or whose alarm has rung).
    await this.options.ringer
      .closeIdle()
      .catch((error: unknown) => this.log('warn', `closing idle player links failed: ${String(error)}`));
    await this.open.tend();
    this.open.scheduleTick();
    if (now.getTime() - this.passedOverAt >= PASSED_OVER_MS) {
      this.passedOverAt = now.getTime();
      // Caught here: the rest of the look has run; its failure is only logged.
      await recordPassedOver(db, now, this.passedOver).catch((error: unknown) =>
        this.log('error', `recording passed-over ringings failed: ${String(error)}`),
      );
    }
  }

  /**
   * What a look arms from: the alarms of this replica's shares due within the prepare window, and
   * any other replica's still unclaimed ORPHAN_GRACE_MS after its instant (their owner died); and
   * the instants the others' alarms are due at within the minute, to watch their claims. Alone, it
   * owns every share: one query for every alarm due.
   */
  private async lookUp(now: Date): Promise<{ soon: DueAlarm[]; othersDue: string[] }> {
    const { db } = this.options;
    const until = new Date(now.getTime() + PREPARE_WINDOW_MS);
    const shares = this.roster.ownShares();
    if (shares === null) return { soon: await findDueAlarms(db, until, LOOK_LIMIT), othersDue: [] };
    const own = await findDueAlarms(db, until, LOOK_LIMIT, shares);
    const overdue = await findDueAlarms(db, new Date(now.getTime() - ORPHAN_GRACE_MS), LOOK_LIMIT);
    const ownIds = new Set(own.map((alarm) => alarm.id));
    return {
      soon: [...own, ...overdue.filter((alarm) => !ownIds.has(alarm.id))],
      othersDue: await findDueInstants(db, now, new Date(now.getTime() + ARM_HORIZON_MS)),
    };
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  private get faultHold(): FaultHold {
    return this.options.faultHold ?? noFaultHold;
  }

  private log(level: LogLevel, message: string): void {
    this.options.log?.(level, message);
  }
}
