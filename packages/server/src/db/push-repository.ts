import type { Kysely } from 'kysely';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type QuietHours,
} from '@playlist-alarms/core/notifications/parent-notification';
import { DEFAULT_QUIET_HOURS } from '@playlist-alarms/core/notifications/push-subscription-schemas';
import type { Database, PushSubscriptionsTable } from './schema';

// Web Push storage (docs/decisions/push-notifications.md): a parent's browsers' subscriptions, the
// parent's quiet hours, and the sent log that keeps each piece of news to one message per parent.
// Every query of a parent's rows takes the parent's id: one parent never reaches another's.

type Db = Kysely<Database>;

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds: NotificationKind[];
  createdAt: string;
}

const isKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);

const fromRow = (row: PushSubscriptionsTable): StoredSubscription => ({
  endpoint: row.endpoint,
  p256dh: row.p256dh,
  auth: row.auth,
  kinds: row.kinds.split(',').filter(isKind),
  createdAt: row.created_at,
});

/** Adds the browser's subscription, or updates its keys and kinds when the parent has it already. */
export async function saveSubscription(
  db: Db,
  userId: string,
  subscription: { endpoint: string; p256dh: string; auth: string; kinds: readonly NotificationKind[] },
  now: Date,
): Promise<StoredSubscription> {
  const at = now.toISOString();
  const kinds = NOTIFICATION_KINDS.filter((kind) => subscription.kinds.includes(kind)).join(',');
  await db
    .insertInto('push_subscriptions')
    .values({
      yoto_user_id: userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      kinds,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['yoto_user_id', 'endpoint'])
        .doUpdateSet({ p256dh: subscription.p256dh, auth: subscription.auth, kinds, updated_at: at }),
    )
    .execute();
  const row = await db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('yoto_user_id', '=', userId)
    .where('endpoint', '=', subscription.endpoint)
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

export async function listSubscriptions(db: Db, userId: string): Promise<StoredSubscription[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('yoto_user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('endpoint')
    .execute();
  return rows.map(fromRow);
}

/** True when the parent had that subscription. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('yoto_user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function quietHoursOf(db: Db, userId: string): Promise<QuietHours> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['quiet_start', 'quiet_end'])
    .where('yoto_user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? { ...DEFAULT_QUIET_HOURS } : { start: row.quiet_start, end: row.quiet_end };
}

export async function saveQuietHours(db: Db, userId: string, quiet: QuietHours, now: Date): Promise<void> {
  const values = { quiet_start: quiet.start, quiet_end: quiet.end, updated_at: now.toISOString() };
  await db
    .insertInto('notification_settings')
    .values({ yoto_user_id: userId, ...values })
    .onConflict((oc) => oc.column('yoto_user_id').doUpdateSet(values))
    .execute();
}

/**
 * Claims one piece of news for one parent: true for the one caller whose insert wins (another
 * replica, or the same receipt recorded twice, gets false and sends nothing).
 */
export async function claimNotification(
  db: Db,
  userId: string,
  notification: { dedupKey: string; kind: NotificationKind; deviceId: string },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('sent_notifications')
    .values({
      yoto_user_id: userId,
      dedup_key: notification.dedupKey,
      kind: notification.kind,
      sent_at: now.toISOString(),
      device_id: notification.deviceId,
    })
    .onConflict((oc) => oc.columns(['yoto_user_id', 'dedup_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
