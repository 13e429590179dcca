import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

// The migrations of the household, the alarm history and Web Push (0009 to 0014), appended to the
// list in migrations.ts. As there: append new ones; never edit one that has shipped.
export const householdHistoryPushMigrations: Record<string, Migration> = {
  // A shared household (docs/decisions/shared-household.md): alarms stay keyed by the parent who set
  // them (now read as the creator), and each user's players as the provider last listed them are
  // kept, so a family's other parents are found by player. Starts empty: a user's list is written
  // the next time the server asks the provider for it, and until then each alarm is its creator's.
  '0009_household_players': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('household_players')
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('yoto_device_id', 'text', (c) => c.notNull())
        .addColumn('listed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('household_players_user_device', ['yoto_user_id', 'yoto_device_id'])
        .execute();
      await db.schema
        .createIndex('household_players_device_idx')
        .on('household_players')
        .column('yoto_device_id')
        .execute();
      await db.schema.createIndex('alarms_device_idx').on('alarms').column('yoto_device_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('alarms_device_idx').execute();
      await db.schema.dropTable('household_players').execute();
    },
  },
  // The alarm history (docs/decisions/alarm-history.md). A firing keeps what the history shows, so
  // it still reads after its alarm is deleted: the player, owner, alarm name and type (backfilled
  // from the alarm where it still exists), when card/start went out, and whether a fade-in ran.
  // A player's own alarms that the server skipped or paused get rows of their own.
  '0010_alarm_history': {
    async up(db: Kysely<unknown>) {
      for (const column of ['yoto_user_id', 'yoto_device_id', 'alarm_name', 'alarm_type', 'played_at'])
        await db.schema.alterTable('alarm_firings').addColumn(column, 'text').execute();
      await db.schema
        .alterTable('alarm_firings')
        .addColumn('faded', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const column of ['yoto_user_id', 'yoto_device_id', 'alarm_name', 'alarm_type'])
        await sql`update alarm_firings set ${sql.ref(column)} = (select alarms.${sql.ref(column)} from alarms where alarms.id = alarm_firings.alarm_id)`.execute(
          db,
        );
      await db.schema
        .createIndex('alarm_firings_device_due_idx')
        .on('alarm_firings')
        .columns(['yoto_device_id', 'due_at'])
        .execute();
      await db.schema
        .createTable('device_alarm_ringings')
        .addColumn('yoto_device_id', 'text', (c) => c.notNull())
        .addColumn('alarm', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('alarm_name', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('skipped', 'paused')`))
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('device_alarm_ringings_key', ['yoto_device_id', 'alarm', 'due_at'])
        .execute();
      await db.schema
        .createIndex('device_alarm_ringings_due_idx')
        .on('device_alarm_ringings')
        .column('due_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('device_alarm_ringings').execute();
      await db.schema.dropIndex('alarm_firings_device_due_idx').execute();
      for (const column of [
        'faded',
        'played_at',
        'alarm_type',
        'alarm_name',
        'yoto_device_id',
        'yoto_user_id',
      ])
        await db.schema.alterTable('alarm_firings').dropColumn(column).execute();
    },
  },
  // Web Push (docs/decisions/push-notifications.md): each parent's browsers' subscriptions with the
  // kinds each wants, the parent's quiet hours, and the log of what was sent. The log's key is one
  // piece of news per parent: of two replicas that try to send it, one insert wins.
  '0011_push_notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('kinds', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('push_subscriptions_user_endpoint', ['yoto_user_id', 'endpoint'])
        .execute();
      await db.schema
        .createTable('notification_settings')
        .addColumn('yoto_user_id', 'text', (c) => c.primaryKey())
        .addColumn('quiet_start', 'text', (c) => c.notNull())
        .addColumn('quiet_end', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sent_notifications')
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('dedup_key', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('sent_notifications_user_key', ['yoto_user_id', 'dedup_key'])
        .execute();
      await db.schema
        .createIndex('sent_notifications_sent_at_idx')
        .on('sent_notifications')
        .column('sent_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sent_notifications').execute();
      await db.schema.dropTable('notification_settings').execute();
      await db.schema.dropTable('push_subscriptions').execute();
    },
  },
  // The delivery rules (docs/push-rules.md): the sent log learns which player each message was
  // about (the per-player rate limit), and news held by quiet hours or the rate limit waits in
  // pending_notifications until its time, leased by one replica when it is asked again.
  '0012_push_delivery': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sent_notifications').addColumn('device_id', 'text').execute();
      await db.schema
        .createTable('pending_notifications')
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('dedup_key', 'text', (c) => c.notNull())
        .addColumn('notification', 'text', (c) => c.notNull())
        .addColumn('until', 'text', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pending_notifications_user_key', ['yoto_user_id', 'dedup_key'])
        .execute();
      await db.schema
        .createIndex('pending_notifications_until_idx')
        .on('pending_notifications')
        .column('until')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('pending_notifications').execute();
      await db.schema.alterTable('sent_notifications').dropColumn('device_id').execute();
    },
  },
  // Work that must run once across replicas on a schedule (the hourly history and push purge): one
  // row per job names the replica whose turn it is and until when; a replica takes the turn with
  // one insert-or-update that only succeeds once the last turn has run out.
  '0013_worker_leases': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('worker_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('held_by', 'text', (c) => c.notNull())
        .addColumn('held_until', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('worker_leases').execute();
    },
  },
  // The alarm history's skipped and paused cloud ringings (docs/decisions/alarm-history.md): a
  // ringing a skip or pause passed over has no firing (the worker never claims it), so the worker
  // records it here once its time has come, keeping what the history shows as a firing does.
  '0014_cloud_alarm_ringings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cloud_alarm_ringings')
        .addColumn('alarm_id', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('yoto_device_id', 'text', (c) => c.notNull())
        .addColumn('alarm_name', 'text', (c) => c.notNull())
        .addColumn('alarm_type', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('skipped', 'paused')`))
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('cloud_alarm_ringings_key', ['alarm_id', 'due_at'])
        .execute();
      await db.schema
        .createIndex('cloud_alarm_ringings_device_due_idx')
        .on('cloud_alarm_ringings')
        .columns(['yoto_device_id', 'due_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cloud_alarm_ringings').execute();
    },
  },
};
