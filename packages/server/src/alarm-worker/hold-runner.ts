import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { switchHeldAlarmOn } from '@playlist-alarms/core/alarms/alarm-hold';
import { recordHoldSilenced } from '../alarm-history/silenced-record';
import {
  claimDueHolds,
  deleteLeasedHold,
  leasedHold,
  releaseHold,
  type HoldKey,
} from '../db/alarm-holds-repository';
import type { AlarmHoldsTable, Database } from '../db/schema';
import { isOnline, providerClient, type PlayerConfigAccess } from '../alarm-holds/player-config';
import type { AccessTokenSource } from './access-token-source';
import type { WorkerClock } from './clock';
import { PeriodicRunner } from './periodic-pass';
import { rememberOwnAlarms } from '../db/player-own-alarms-repository';

// Switches held player alarms back on (docs/decisions/device-alarm-holds.md). Every few seconds
// it leases the holds that are due (one replica each), reads the player's config with the holder's
// token and writes the alarm on. A player that is off gets the write in the cloud but may bring
// its own old list when it comes back, so such a hold waits ('awaiting-player') and is checked
// each minute until the player is online with the alarm on. Failures wait longer each time.

const PASS_MS = 5_000;
/** Longer than any switch-on takes; a process that dies mid-way frees its holds after it. */
const LEASE_MS = 60_000;
const RECHECK_MS = 60_000;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 15 * 60_000;

/** The wait after the `attempts`-th failure in a row: 10 s, doubling, at most 15 min. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 16)));

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

interface HoldRunnerOptions {
  db: Kysely<Database>;
  clock: WorkerClock;
  tokens: AccessTokenSource;
  players: PlayerConfigAccess;
  log?: Log;
}

/** Someone switched it on or changed it between our read and our write. */
class NoLongerHeld extends Error {
  constructor(readonly kind: 'already-on' | 'gone') {
    super(kind);
  }
}

export class HoldRunner extends PeriodicRunner {
  readonly id = `holds-${crypto.randomUUID()}`;

  constructor(private readonly options: HoldRunnerOptions) {
    super({
      clock: options.clock,
      intervalMs: PASS_MS,
      onError: (error) => options.log?.('error', `hold pass failed: ${String(error)}`),
    });
  }

  /** Leases every due hold and works on each; returns how many it leased. */
  async pass(): Promise<number> {
    const { db, clock } = this.options;
    const now = clock.now();
    const due = await claimDueHolds(db, this.id, now, new Date(now.getTime() + LEASE_MS));
    await Promise.all(due.map((hold) => this.handle(hold)));
    return due.length;
  }

  private async handle(claimed: AlarmHoldsTable): Promise<void> {
    const { db, players, tokens, clock } = this.options;
    const key: HoldKey = { yoto_device_id: claimed.yoto_device_id, alarm: claimed.alarm };
    const what = `alarm hold on ${key.yoto_device_id} (switch-on ${claimed.switch_on_at})`;
    const release = (change: Parameters<typeof releaseHold>[3]) =>
      releaseHold(db, key, this.id, change, clock.now());
    const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    try {
      await players.queue.run(key.yoto_device_id, async () => {
        // A route may have replaced the hold since the claim (its new hold has no lease).
        const hold = await leasedHold(db, key, this.id);
        if (hold === undefined) return;
        const client = providerClient(players, () => tokens.accessTokenFor(hold.yoto_user_id));
        const config = await client.getDeviceConfig(key.yoto_device_id);
        await rememberOwnAlarms(db, key.yoto_device_id, config, clock.now());
        if (hold.state === 'awaiting-player' && !isOnline(config)) {
          await release({ attempts: 0, next_attempt_at: later(RECHECK_MS) });
          return;
        }
        try {
          const first = switchHeldAlarmOn(config.device.config.alarms, key.alarm);
          if (first.kind !== 'write') throw new NoLongerHeld(first.kind);
          const written = await client.changeDeviceConfig(key.yoto_device_id, (block) => {
            const on = switchHeldAlarmOn(block.alarms, key.alarm);
            if (on.kind !== 'write') throw new NoLongerHeld(on.kind);
            return { ...block, alarms: on.alarms };
          });
          await recordHoldSilenced(db, hold, clock.now());
          await rememberOwnAlarms(db, key.yoto_device_id, written, clock.now());
          if (isOnline(written)) {
            await deleteLeasedHold(db, key, this.id);
            this.log('info', `${what}: switched back on`);
          } else {
            await release({ state: 'awaiting-player', attempts: 0, next_attempt_at: later(RECHECK_MS) });
            this.log('info', `${what}: switched on while the player is off; checked again when it is back`);
          }
        } catch (error) {
          if (!(error instanceof NoLongerHeld)) throw error;
          await deleteLeasedHold(db, key, this.id);
          const why = error.kind === 'gone' ? 'no longer on the player' : 'already on';
          this.log('info', `${what}: ${why}; the hold is over`);
        }
      });
    } catch (error) {
      const attempts = claimed.attempts + 1;
      const retryAt = later(retryDelayMs(attempts));
      await release({ attempts, next_attempt_at: retryAt }).catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      this.log('warn', `${what}: switch-on failed (attempt ${attempts}, next at ${retryAt}): ${reason}`);
    }
  }

  private log(level: 'info' | 'warn' | 'error', message: string): void {
    this.options.log?.(level, message);
  }
}
