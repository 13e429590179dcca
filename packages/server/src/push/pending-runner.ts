import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { leaseDuePending } from '../db/pending-notifications-repository';
import type { Database } from '../db/schema';
import type { WorkerClock } from '../alarm-worker/clock';
import { PeriodicRunner } from '../alarm-worker/periodic-pass';
import type { DeliveryLog, NotificationDelivery } from './notification-delivery';

// Sends held news when its time has come (docs/push-rules.md). Every pass it leases the pending
// rows that are due (one replica each) and asks the delivery rules again: the quiet hours may
// have ended, the rate limit freed a place, or the news gone stale.

/** How often held news is looked at. */
export const PENDING_PASS_MS = 30_000;
/** Longer than a pass takes; a replica that dies mid-way frees its rows after it. */
const LEASE_MS = 2 * 60_000;

export class PendingNotificationRunner extends PeriodicRunner {
  readonly id = `pending-${crypto.randomUUID()}`;

  constructor(
    private readonly options: {
      db: Kysely<Database>;
      clock: WorkerClock;
      delivery: NotificationDelivery;
      log: DeliveryLog;
      intervalMs?: number;
    },
  ) {
    super({
      clock: options.clock,
      intervalMs: options.intervalMs ?? PENDING_PASS_MS,
      onError: (error) => options.log('error', `pending push pass failed: ${String(error)}`),
    });
  }

  /** Asks again for every due row this replica leased; returns how many it leased. */
  async pass(): Promise<number> {
    const { db, clock, delivery } = this.options;
    const now = clock.now();
    const due = await leaseDuePending(db, this.id, now, new Date(now.getTime() + LEASE_MS));
    for (const { userId, notification } of due) {
      // Delivery deletes the row (sent, dropped) or holds it again with a new time and no lease.
      await delivery
        .deliver(userId, notification)
        .catch((error: unknown) =>
          this.options.log('warn', `held ${notification.kind} push failed: ${String(error)}`),
        );
    }
    return due.length;
  }
}
