import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  NOTIFICATION_KINDS,
  type ParentNotification,
} from '@playlist-alarms/core/notifications/parent-notification';
import { SENT_RECORD_KEEP_MS, type SentNotification } from '@playlist-alarms/core/notifications/send-record';
import type { Database } from './schema';

// What the delivery rules read and keep (docs/push-rules.md): what a parent was sent lately (dedup
// and the rate limit), the parent's zone, and the news held back until quiet hours end or the rate
// limit frees a place. Held news is leased by the replica that asks again, so one replica sends it.

type Db = Kysely<Database>;

/** What was sent to the parent in the time the rules still look back on, oldest first. */
export async function recentSends(db: Db, userId: string, now: Date): Promise<SentNotification[]> {
  const rows = await db
    .selectFrom('sent_notifications')
    .select(['dedup_key', 'device_id', 'sent_at'])
    .where('yoto_user_id', '=', userId)
    .where('sent_at', '>', new Date(now.getTime() - SENT_RECORD_KEEP_MS).toISOString())
    .orderBy('sent_at')
    .execute();
  return rows.map((row) => ({ dedupKey: row.dedup_key, deviceId: row.device_id ?? '', sentAt: row.sent_at }));
}

/** The parent's stored zone (null: none; core reads that as UTC). */
export async function timeZoneOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('timezone')
    .where('yoto_user_id', '=', userId)
    .executeTakeFirst();
  return row?.timezone ?? null;
}

/** Holds the news until `until`, or moves the time of news already held (and frees its lease). */
export async function holdNotification(
  db: Db,
  userId: string,
  notification: ParentNotification,
  until: Date,
  now: Date,
): Promise<void> {
  const values = {
    notification: JSON.stringify(notification),
    until: until.toISOString(),
    lease_owner: null,
    lease_until: null,
  };
  await db
    .insertInto('pending_notifications')
    .values({
      yoto_user_id: userId,
      dedup_key: notification.dedupKey,
      created_at: now.toISOString(),
      ...values,
    })
    .onConflict((oc) => oc.columns(['yoto_user_id', 'dedup_key']).doUpdateSet(values))
    .execute();
}

export async function deletePending(db: Db, userId: string, dedupKey: string): Promise<void> {
  await db
    .deleteFrom('pending_notifications')
    .where('yoto_user_id', '=', userId)
    .where('dedup_key', '=', dedupKey)
    .execute();
}

const storedNotificationSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  dedupKey: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  deviceId: z.string(),
  alarmAt: z.string().nullable(),
});

export interface DuePending {
  userId: string;
  notification: ParentNotification;
}

/**
 * Leases the held news whose time has come (and whose lease, if any, ran out) to `owner` until
 * `leaseUntil`: each row's conditional update lets one replica win it. A row that no longer
 * parses is deleted: it can never be sent.
 */
export async function leaseDuePending(
  db: Db,
  owner: string,
  now: Date,
  leaseUntil: Date,
  limit = 200,
): Promise<DuePending[]> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom('pending_notifications')
    .selectAll()
    .where('until', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .orderBy('until')
    .limit(limit)
    .execute();
  const leased: DuePending[] = [];
  for (const row of candidates) {
    const taken = await db
      .updateTable('pending_notifications')
      .set({ lease_owner: owner, lease_until: leaseUntil.toISOString() })
      .where('yoto_user_id', '=', row.yoto_user_id)
      .where('dedup_key', '=', row.dedup_key)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) continue;
    const parsed = storedNotificationSchema.safeParse(safeJson(row.notification));
    if (!parsed.success) {
      await deletePending(db, row.yoto_user_id, row.dedup_key);
      continue;
    }
    leased.push({ userId: row.yoto_user_id, notification: parsed.data });
  }
  return leased;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The parents with at least one browser subscribed: the only ones the watch runner reads players for. */
export async function subscribedUsers(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('push_subscriptions').select('yoto_user_id').distinct().execute();
  return rows.map((row) => row.yoto_user_id).sort();
}

/**
 * The push tables' retention (docs/push-rules.md), run with the hourly purge: the sent log keeps
 * what the rules still look back on (SENT_RECORD_KEEP_MS: dedup and both rate limits), and held
 * news first held that long ago goes too (it is stale by then: news of a ringing is worth sending
 * for hours, not days), unless a replica holds its lease right now. Returns how many rows.
 */
export async function prunePushRecords(db: Db, now: Date): Promise<{ sent: number; pending: number }> {
  const before = new Date(now.getTime() - SENT_RECORD_KEEP_MS).toISOString();
  const at = now.toISOString();
  const sent = await db.deleteFrom('sent_notifications').where('sent_at', '<', before).executeTakeFirst();
  const pending = await db
    .deleteFrom('pending_notifications')
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .executeTakeFirst();
  return { sent: Number(sent.numDeletedRows), pending: Number(pending.numDeletedRows) };
}
