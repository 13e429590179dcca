import type { Kysely } from 'kysely';
import type { ParentNotification } from '@playlist-alarms/core/notifications/parent-notification';
import { claimNotification, deleteSubscription, listSubscriptions } from '../db/push-repository';
import type { Database } from '../db/schema';
import type { PushSender } from './push-sender';

// Tells one parent one piece of news on every browser of theirs that wants its kind. The sent
// log's claim comes first: of two replicas (or two receipts of one firing) only one sends. A
// browser the push service no longer knows (404, 410) loses its subscription.

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

export interface ParentNotifier {
  /** How many browsers took the message (0 also when it was sent before or nobody wants it). */
  notify(userId: string, notification: ParentNotification): Promise<number>;
}

/** The endpoint's host only: its path identifies a browser and belongs in no log. */
const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'an unparsable endpoint';
  }
};

export function createParentNotifier(options: {
  db: Kysely<Database>;
  sender: PushSender;
  now: () => Date;
  log: Log;
}): ParentNotifier {
  const { db, sender, now, log } = options;
  return {
    async notify(userId, notification) {
      const wanting = (await listSubscriptions(db, userId)).filter((subscription) =>
        subscription.kinds.includes(notification.kind),
      );
      if (wanting.length === 0) return 0;
      if (!(await claimNotification(db, userId, notification, now()))) return 0;
      let delivered = 0;
      for (const subscription of wanting) {
        const result = await sender.send(subscription, notification);
        if (result.status === 'sent') delivered += 1;
        else if (result.status === 'gone') {
          await deleteSubscription(db, userId, subscription.endpoint);
          log('info', `push subscription at ${hostOf(subscription.endpoint)} is gone: deleted`);
        } else {
          log('warn', `push to ${hostOf(subscription.endpoint)} failed: ${result.reason}`);
        }
      }
      return delivered;
    },
  };
}
