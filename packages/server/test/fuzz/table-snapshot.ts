import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type {
  AlarmFiringsTable,
  AlarmHoldsTable,
  AlarmsTable,
  Database,
  DevicesTable,
  FavouritesTable,
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
  alarm_firings: AlarmFiringsTable[];
  sessions: SessionsTable[];
  favourites: FavouritesTable[];
  alarm_holds: AlarmHoldsTable[];
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
  };
}

/** Makes the tables hold exactly `rows` again (no foreign keys: any order works). */
export async function restoreTables(db: Kysely<Database>, rows: TableRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').execute();
    await trx.deleteFrom('favourites').execute();
    await trx.deleteFrom('alarm_holds').execute();
    await trx.deleteFrom('alarm_firings').execute();
    await trx.deleteFrom('alarms').execute();
    await trx.deleteFrom('devices').execute();
    await trx.deleteFrom('users').execute();
    if (rows.users.length > 0) await trx.insertInto('users').values(rows.users).execute();
    if (rows.devices.length > 0) await trx.insertInto('devices').values(rows.devices).execute();
    if (rows.alarms.length > 0) await trx.insertInto('alarms').values(rows.alarms).execute();
    if (rows.alarm_firings.length > 0) {
      await trx.insertInto('alarm_firings').values(rows.alarm_firings).execute();
    }
    if (rows.sessions.length > 0) await trx.insertInto('sessions').values(rows.sessions).execute();
    if (rows.favourites.length > 0) await trx.insertInto('favourites').values(rows.favourites).execute();
    if (rows.alarm_holds.length > 0) await trx.insertInto('alarm_holds').values(rows.alarm_holds).execute();
  });
}
