import type SQLite from 'better-sqlite3';
import type { Kysely, Selectable } from 'kysely';
import type {
  AlarmFiringsTable,
  AlarmHoldsTable,
  AlarmsTable,
  Database,
  DeviceAlarmPlaysTable,
  DeviceAlarmRingingsTable,
  DevicesTable,
  FavouritesTable,
  NotificationSettingsTable,
  PushSubscriptionsTable,
  SentNotificationsTable,
  PendingNotificationsTable,
  SessionsTable,
  UsersTable,
} from '../../src/db/schema';

// Every table the write routes can touch, read whole and in a fixed order, so two reads compare as
// strings. The fuzz keeps the tables tiny (a handful of rows), so a read per request is cheap; it
// reads through SQLite's own prepared statements, a fraction of a millisecond for all of them.

const SNAPSHOT_QUERIES = [
  'select * from users order by yoto_user_id',
  'select * from devices order by yoto_user_id, yoto_device_id',
  'select * from alarms order by id',
  'select * from alarm_firings order by alarm_id, due_at',
  'select * from sessions order by id_hash',
  'select * from favourites order by yoto_user_id, card_id',
  'select * from alarm_holds order by yoto_device_id, alarm',
  'select * from device_alarm_ringings order by yoto_device_id, alarm, due_at',
  'select * from device_alarm_plays order by yoto_device_id, alarm, due_at',
  'select * from push_subscriptions order by yoto_user_id, endpoint',
  'select * from notification_settings order by yoto_user_id',
  'select * from sent_notifications order by yoto_user_id, dedup_key',
  'select * from pending_notifications order by yoto_user_id, dedup_key',
];

/** A function that reads all the tables as one string (byte-identical for identical rows). */
export function tableSnapshotter(sqlite: SQLite.Database): () => string {
  const statements = SNAPSHOT_QUERIES.map((query) => sqlite.prepare(query));
  return () => JSON.stringify(statements.map((statement) => statement.all()));
}

const USER_QUERIES = [
  'select * from users where yoto_user_id = ?',
  'select * from devices where yoto_user_id = ? order by yoto_device_id',
  'select * from alarms where yoto_user_id = ? order by id',
  'select * from alarm_firings where alarm_id in (select id from alarms where yoto_user_id = ?) order by alarm_id, due_at',
  'select * from sessions where yoto_user_id = ? order by id_hash',
  'select * from favourites where yoto_user_id = ? order by card_id',
  'select * from alarm_holds where yoto_user_id = ? order by yoto_device_id, alarm',
  'select * from device_alarm_ringings where yoto_user_id = ? order by yoto_device_id, alarm, due_at',
  'select * from device_alarm_plays where yoto_user_id = ? order by yoto_device_id, alarm, due_at',
  'select * from push_subscriptions where yoto_user_id = ? order by endpoint',
  'select * from notification_settings where yoto_user_id = ?',
  'select * from sent_notifications where yoto_user_id = ? order by dedup_key',
  'select * from pending_notifications where yoto_user_id = ? order by dedup_key',
];

/** Like tableSnapshotter, but only the rows that belong to one user. */
export function userRowsSnapshotter(sqlite: SQLite.Database): (userId: string) => string {
  const statements = USER_QUERIES.map((query) => sqlite.prepare(query));
  return (userId) => JSON.stringify(statements.map((statement) => statement.all(userId)));
}

interface TableRows {
  users: UsersTable[];
  devices: DevicesTable[];
  alarms: AlarmsTable[];
  alarm_firings: Selectable<AlarmFiringsTable>[];
  sessions: SessionsTable[];
  favourites: FavouritesTable[];
  alarm_holds: AlarmHoldsTable[];
  device_alarm_ringings: DeviceAlarmRingingsTable[];
  device_alarm_plays: DeviceAlarmPlaysTable[];
  push_subscriptions: PushSubscriptionsTable[];
  notification_settings: NotificationSettingsTable[];
  sent_notifications: SentNotificationsTable[];
  pending_notifications: PendingNotificationsTable[];
}

export async function readTables(db: Kysely<Database>): Promise<TableRows> {
  return {
    users: await db.selectFrom('users').selectAll().execute(),
    devices: await db.selectFrom('devices').selectAll().execute(),
    alarms: await db.selectFrom('alarms').selectAll().execute(),
    alarm_firings: await db.selectFrom('alarm_firings').selectAll().execute(),
    sessions: await db.selectFrom('sessions').selectAll().execute(),
    favourites: await db.selectFrom('favourites').selectAll().execute(),
    alarm_holds: await db.selectFrom('alarm_holds').selectAll().execute(),
    device_alarm_ringings: await db.selectFrom('device_alarm_ringings').selectAll().execute(),
    device_alarm_plays: await db.selectFrom('device_alarm_plays').selectAll().execute(),
    push_subscriptions: await db.selectFrom('push_subscriptions').selectAll().execute(),
    notification_settings: await db.selectFrom('notification_settings').selectAll().execute(),
    sent_notifications: await db.selectFrom('sent_notifications').selectAll().execute(),
    pending_notifications: await db.selectFrom('pending_notifications').selectAll().execute(),
  };
}

/** Makes the tables hold exactly `rows` again (no foreign keys: any order works). */
export async function restoreTables(db: Kysely<Database>, rows: TableRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').execute();
    await trx.deleteFrom('favourites').execute();
    await trx.deleteFrom('alarm_holds').execute();
    await trx.deleteFrom('device_alarm_ringings').execute();
    await trx.deleteFrom('device_alarm_plays').execute();
    await trx.deleteFrom('alarm_firings').execute();
    await trx.deleteFrom('alarms').execute();
    await trx.deleteFrom('devices').execute();
    await trx.deleteFrom('users').execute();
    await trx.deleteFrom('push_subscriptions').execute();
    await trx.deleteFrom('notification_settings').execute();
    await trx.deleteFrom('sent_notifications').execute();
    await trx.deleteFrom('pending_notifications').execute();
    if (rows.users.length > 0) await trx.insertInto('users').values(rows.users).execute();
    if (rows.devices.length > 0) await trx.insertInto('devices').values(rows.devices).execute();
    if (rows.alarms.length > 0) await trx.insertInto('alarms').values(rows.alarms).execute();
    if (rows.alarm_firings.length > 0) {
      await trx.insertInto('alarm_firings').values(rows.alarm_firings).execute();
    }
    if (rows.sessions.length > 0) await trx.insertInto('sessions').values(rows.sessions).execute();
    if (rows.favourites.length > 0) await trx.insertInto('favourites').values(rows.favourites).execute();
    if (rows.alarm_holds.length > 0) await trx.insertInto('alarm_holds').values(rows.alarm_holds).execute();
    if (rows.device_alarm_ringings.length > 0)
      await trx.insertInto('device_alarm_ringings').values(rows.device_alarm_ringings).execute();
    if (rows.device_alarm_plays.length > 0)
      await trx.insertInto('device_alarm_plays').values(rows.device_alarm_plays).execute();
    const pushTables = [
      'push_subscriptions',
      'notification_settings',
      'sent_notifications',
      'pending_notifications',
    ] as const;
    for (const table of pushTables) {
      const tableRows = rows[table];
      if (tableRows.length > 0) await trx.insertInto(table).values(tableRows).execute();
    }
  });
}
