import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { DELETED_ALARM_RETENTION_MS, FIRING_RETENTION_MS } from '@playlist-alarms/core/cloud/alarm-history';
import { OWN_ALARMS_KEEP_MS } from '@playlist-alarms/core/notifications/player-offline';
import { purgeHistory } from '../db/alarm-history-repository';
import { prunePushRecords } from '../db/pending-notifications-repository';
import { purgeOwnAlarms } from '../db/player-own-alarms-repository';
import type { Database } from '../db/schema';
import { claimLease } from '../db/worker-leases-repository';
import type { WorkerClock } from './clock';
import { PeriodicRunner } from './periodic-pass';

// The alarm history's retention (docs/decisions/alarm-history.md): once an hour across replicas,
// firings and silenced ringings older than 90 days go, and a deleted alarm's firings after 30; in
// the same pass the push tables keep only what the delivery rules still need, and a player's own
// alarm list no config read has refreshed for 30 days goes (docs/push-rules.md).
// Every replica looks every few minutes whether the hour's turn is free (worker_leases); the one
// that takes it purges, the others wait for the next hour. The turn is not given back, so a
// replica that dies mid-purge leaves the rest to whoever takes the next hour (the DELETEs are
// idempotent).

/** How often the purge runs, across all replicas. */
export const PURGE_EVERY_MS = 60 * 60_000;
/** How often each replica asks for the turn: the purge runs at most this late after its hour. */
const CHECK_MS = 5 * 60_000;
// The lease's name predates the push tables joining the purge; kept, as deployed databases hold it.
export const PURGE_LEASE = 'history-purge';

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

export class RetentionPurge extends PeriodicRunner {
  readonly id = `purge-${crypto.randomUUID()}`;

  constructor(private readonly options: { db: Kysely<Database>; clock: WorkerClock; log?: Log }) {
    super({
      clock: options.clock,
      intervalMs: CHECK_MS,
      pass: async () => {
        const count = await this.pass();
        if (count !== null && count > 0) options.log?.('info', `alarm history: purged ${count} old rows`);
      },
      onError: (error) => options.log?.('warn', `retention purge failed: ${String(error)}`),
    });
  }

  /**
   * Takes the hour's turn if it is free and deletes what the retention rules say is due at the
   * clock's now (history, then the push log and stale own-alarm lists); returns how many rows, or null when another
   * replica has this hour.
   */
  async pass(): Promise<number | null> {
    const { db, clock } = this.options;
    const now = clock.now();
    if (!(await claimLease(db, PURGE_LEASE, this.id, now, new Date(now.getTime() + PURGE_EVERY_MS))))
      return null;
    const history = await purgeHistory(db, {
      allBefore: new Date(now.getTime() - FIRING_RETENTION_MS).toISOString(),
      deletedBefore: new Date(now.getTime() - DELETED_ALARM_RETENTION_MS).toISOString(),
    });
    const push = await prunePushRecords(db, now);
    const ownAlarms = await purgeOwnAlarms(db, new Date(now.getTime() - OWN_ALARMS_KEEP_MS));
    return history + push.sent + push.pending + ownAlarms;
  }
}
