import type { Kysely } from 'kysely';
import { deliveryDecision, type DeliveryDecision } from '@playlist-alarms/core/notifications/delivery';
import {
  NOTIFICATION_KINDS,
  type ParentNotification,
} from '@playlist-alarms/core/notifications/parent-notification';
import {
  deletePending,
  holdNotification,
  recentSends,
  timeZoneOf,
} from '../db/pending-notifications-repository';
import { listSubscriptions, quietHoursOf } from '../db/push-repository';
import type { Database } from '../db/schema';
import type { ParentNotifier } from './parent-notifier';

// Every piece of news goes through here (docs/push-rules.md): core's deliveryDecision over the
// parent's quiet hours (in their zone), the kinds their browsers want and what they were sent
// lately. Send: the notifier claims the key (one replica sends) and pushes. Hold: the news waits
// in pending_notifications until its time, when the pending runner brings it back here. Drop:
// nothing, said at debug level.

export type DeliveryLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

/** What became of one piece of news: the rules' decision, or no browser of the parent's at all. */
export type DeliveryResult = DeliveryDecision | { action: 'no-subscription' };

export interface NotificationDelivery {
  deliver(userId: string, notification: ParentNotification): Promise<DeliveryResult>;
  /** The same news to each parent in turn: one parent's failure (a database error) stops no other's. */
  deliverToEach(userIds: readonly string[], notification: ParentNotification): Promise<void>;
}

export function createNotificationDelivery(options: {
  db: Kysely<Database>;
  notifier: ParentNotifier;
  now: () => Date;
  log: DeliveryLog;
}): NotificationDelivery {
  const { db, notifier, now, log } = options;
  const delivery: NotificationDelivery = {
    async deliverToEach(userIds, notification) {
      for (const userId of userIds) {
        try {
          await delivery.deliver(userId, notification);
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          log('warn', `push ${notification.kind} for ${notification.deviceId}: one parent failed (${why})`);
        }
      }
    },
    async deliver(userId, notification) {
      const at = now();
      const subscriptions = await listSubscriptions(db, userId);
      if (subscriptions.length === 0) {
        await deletePending(db, userId, notification.dedupKey);
        return { action: 'no-subscription' };
      }
      // A kind is on when any browser of the parent's wants it; the notifier then pushes to those.
      const enabled = NOTIFICATION_KINDS.filter((kind) => subscriptions.some((s) => s.kinds.includes(kind)));
      const decision = deliveryDecision(notification, at, {
        timeZone: (await timeZoneOf(db, userId)) ?? 'UTC',
        quiet: await quietHoursOf(db, userId),
        enabled,
        sent: await recentSends(db, userId, at),
      });
      const what = `${notification.kind} for ${notification.deviceId}`;
      if (decision.action === 'send') {
        const delivered = await notifier.notify(userId, notification);
        await deletePending(db, userId, notification.dedupKey);
        log('info', `push ${what}: sent to ${delivered} browser(s)`);
      } else if (decision.action === 'hold') {
        await holdNotification(db, userId, notification, decision.until, at);
        log('info', `push ${what}: held until ${decision.until.toISOString()} (${decision.reason})`);
      } else {
        await deletePending(db, userId, notification.dedupKey);
        log('debug', `push ${what}: dropped (${decision.reason})`);
      }
      return decision;
    },
  };
  return delivery;
}
