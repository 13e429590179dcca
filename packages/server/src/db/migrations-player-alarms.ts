import type { Kysely, Migration } from 'kysely';

// The migrations of what the server learns of a player's own alarms (0016 on), appended to the
// list in migrations.ts. As there: append new ones; never edit one that has shipped.
export const playerAlarmMigrations: Record<string, Migration> = {
  // A player's own alarm that an open page saw play (docs/decisions/alarm-history.md): keyed by
  // player, the alarm's string and the ringing, so a second page or a retry writes nothing new.
  // Apart from device_alarm_ringings (what a hold silenced): the history lets a play win there.
  '0016_device_alarm_plays': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('device_alarm_plays')
        .addColumn('yoto_device_id', 'text', (c) => c.notNull())
        .addColumn('alarm', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('yoto_user_id', 'text', (c) => c.notNull())
        .addColumn('alarm_name', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('device_alarm_plays_key', ['yoto_device_id', 'alarm', 'due_at'])
        .execute();
      await db.schema
        .createIndex('device_alarm_plays_due_idx')
        .on('device_alarm_plays')
        .column('due_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('device_alarm_plays').execute();
    },
  },
  // Each player's own alarm list as the server last read its config anyway (the player watch, the
  // hold routes and runner), so the player watch knows when they ring without reading every
  // player's config every pass (docs/push-rules.md). One row per player: the raw strings as JSON,
  // the player's geoTimezone, and when they were read.
  '0017_player_own_alarms': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('player_own_alarms')
        .addColumn('yoto_device_id', 'text', (c) => c.primaryKey())
        .addColumn('alarms', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text')
        .addColumn('read_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('player_own_alarms').execute();
    },
  },
  // The card a firing's claimant rang (docs/decisions/firing-leases.md): a replica taking the firing
  // over asks the player whether it plays that card, not the alarm's card of now, which an edit
  // after the claim may have changed (it sent a second card/start). Null on older firings, which
  // fall back to the alarm's.
  '0018_firing_card': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('alarm_firings').addColumn('playlist_id', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('alarm_firings').dropColumn('playlist_id').execute();
    },
  },
};
