import type { Kysely } from 'kysely';
import { ownTables, type TestDatabase } from '../support/test-databases';
import type { Database } from '../../src/db/schema';

// One user's rows in every table, as the database returns them. Typed over every table of
// schema.ts, so a new table does not compile until it says which of its rows are whose; and
// checked against the tables the database really has, so a table outside schema.ts fails too.

interface Owner {
  userId: string;
  /** Their alarms' ids as set up: firings are found by these, even should an alarm vanish. */
  alarmIds: readonly string[];
  /** Their players: what the server keeps per player (its own alarm list) is found by these. */
  deviceIds: readonly string[];
}

type Db = Kysely<Database>;

/** Tables no user has a row in (whose turn a worker job is: the replicas'), so no route reaches them. */
const UNOWNED_TABLES: readonly string[] = ['worker_leases'] satisfies (keyof Database)[];
type OwnedTable = Exclude<keyof Database, 'worker_leases'>;

const OWNED_ROWS: { [T in OwnedTable]: (db: Db, owner: Owner) => Promise<unknown[]> } = {
  users: (db, { userId }) => db.selectFrom('users').selectAll().where('yoto_user_id', '=', userId).execute(),
  sessions: (db, { userId }) =>
    db.selectFrom('sessions').selectAll().where('yoto_user_id', '=', userId).orderBy('id_hash').execute(),
  devices: (db, { userId }) =>
    db
      .selectFrom('devices')
      .selectAll()
      .where('yoto_user_id', '=', userId)
      .orderBy('yoto_device_id')
      .execute(),
  alarms: (db, { userId }) =>
    db.selectFrom('alarms').selectAll().where('yoto_user_id', '=', userId).orderBy('id').execute(),
  alarm_firings: (db, { alarmIds }) =>
    db
      .selectFrom('alarm_firings')
      .selectAll()
      .where('alarm_id', 'in', [...alarmIds])
      .orderBy('alarm_id')
      .orderBy('due_at')
      .execute(),
  favourites: (db, { userId }) =>
    db.selectFrom('favourites').selectAll().where('yoto_user_id', '=', userId).orderBy('card_id').execute(),
  alarm_holds: (db, { userId }) =>
    db
      .selectFrom('alarm_holds')
      .selectAll()
      .where('yoto_user_id', '=', userId)
      .orderBy('yoto_device_id')
      .orderBy('alarm')
      .execute(),
  household_players: (db, { userId }) =>
    db
      .selectFrom('household_players')
      .selectAll()
      .where('yoto_user_id', '=', userId)
      .orderBy('yoto_device_id')
      .execute(),
  device_alarm_ringings: (db, { userId }) =>
    db
      .selectFrom('device_alarm_ringings')
      .selectAll()
      .where('yoto_user_id', '=', userId)
      .orderBy('yoto_device_id')
      .orderBy('alarm')
      .orderBy('due_at')
      .execute(),
  device_alarm_plays: (db, { userId }) =>
    db
      .selectFrom('device_alarm_plays')
      .selectAll()
      .where('yoto_user_id', '=', userId)
      .orderBy('yoto_device_id')
      .orderBy('alarm')
      .orderBy('due_at')
      .execute(),
  player_own_alarms: (db, { deviceIds }) =>
    db
      .selectFrom('player_own_alarms')
      .selectAll()
      .where('yoto_device_id', 'in', [...deviceIds])
      .orderBy('yoto_device_id')
      .execute(),
  push_subscriptions: (db, { userId }) =>
    db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('yoto_user_id', '=', userId)
      .orderBy('endpoint')
      .execute(),
  notification_settings: (db, { userId }) =>
    db.selectFrom('notification_settings').selectAll().where('yoto_user_id', '=', userId).execute(),
  sent_notifications: (db, { userId }) =>
    db
      .selectFrom('sent_notifications')
      .selectAll()
      .where('yoto_user_id', '=', userId)
      .orderBy('dedup_key')
      .execute(),
  cloud_alarm_ringings: (db, { alarmIds }) =>
    db
      .selectFrom('cloud_alarm_ringings')
      .selectAll()
      .where('alarm_id', 'in', [...alarmIds])
      .orderBy('alarm_id')
      .orderBy('due_at')
      .execute(),
  pending_notifications: (db, { userId }) =>
    db
      .selectFrom('pending_notifications')
      .selectAll()
      .where('yoto_user_id', '=', userId)
      .orderBy('dedup_key')
      .execute(),
};

/** Every row of the owner, table by table, as one JSON text: equal texts mean byte-identical rows. */
export async function snapshotOwnedRows(db: Db, owner: Owner): Promise<string> {
  const tables: Record<string, unknown[]> = {};
  for (const [table, rows] of Object.entries(OWNED_ROWS)) tables[table] = await rows(db, owner);
  return JSON.stringify(tables, null, 1);
}

/** Tables the database holds that the snapshot does not read (the migrator's own excepted). */
export async function tablesNotSnapshotted(database: TestDatabase): Promise<string[]> {
  return (await ownTables(database))
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_') && !(name in OWNED_ROWS) && !UNOWNED_TABLES.includes(name));
}
