import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { NO_SHARE, shareOf } from '@playlist-alarms/core/cloud/worker-roster';
import { alarmBody, describeOnDatabases } from '../../test/support/cloud-api';
import { createSqliteTestDatabase, type TestDatabase } from '../../test/support/test-databases';
import { newAlarmRow, updateAlarm } from './alarms-repository';
import { findDueAlarms } from './firings-repository';
import { migrateTo, migrateToLatest } from './migrations';
import type { AlarmsTable } from './schema';

// Migration 0019 on a database that already holds alarms: each gets its account's share, computed
// by the same hash the roster uses, over more accounts than one backfill statement takes.

const NOW = new Date('2026-06-09T12:00:00.000Z');
/** Past ACCOUNTS_PER_STATEMENT (500) twice: three backfill statements. */
const ACCOUNTS = 1_201;

describeOnDatabases('migration 0019_alarm_shares', (open) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
  });
  afterEach(() => test.dispose());

  it("gives every alarm its account's share; the look asks for shares and for alarms without one", async () => {
    const { db } = test;
    await migrateTo(db, '0018_firing_card');
    const input = cloudAlarmCreateSchema.parse(alarmBody({ hour: 7, minute: 0, days: '1111111' }));
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => `auth0|before-shares-${i}`);
    // The rows as they were then: no share column. The first account has two alarms.
    const rows = [...accounts, accounts[0] ?? ''].map((account) => {
      const { share: _share, ...row } = newAlarmRow(account, input, null, NOW);
      return row;
    });
    for (let from = 0; from < rows.length; from += 100) {
      await db
        .insertInto('alarms')
        .values(rows.slice(from, from + 100) as AlarmsTable[])
        .execute();
    }

    expect(await migrateToLatest(db)).toContain('0019_alarm_shares');

    const stored = await db.selectFrom('alarms').select(['yoto_user_id', 'share']).execute();
    expect(stored).toHaveLength(ACCOUNTS + 1);
    for (const row of stored) expect(row.share, row.yoto_user_id).toBe(shareOf(row.yoto_user_id));
    // Not all in one share: the hash spreads them.
    expect(new Set(stored.map((row) => row.share)).size).toBeGreaterThan(ACCOUNTS / 2);

    const first = shareOf(accounts[0] ?? '');
    const due = await findDueAlarms(db, new Date('2026-06-11T00:00:00.000Z'), 5_000, [first]);
    expect(due.map((alarm) => alarm.yoto_user_id)).toEqual(
      stored.filter((row) => row.share === first).map((row) => row.yoto_user_id),
    );
    expect(await findDueAlarms(db, new Date('2026-06-11T00:00:00.000Z'), 5_000, [])).toEqual([]);

    // An older replica, still running during the deploy, writes an alarm without a share: every
    // look reads it, and its first edit gives it its account's.
    const late = 'auth0|written-by-an-older-replica';
    const { share: _share, ...row } = newAlarmRow(late, input, null, NOW);
    await db
      .insertInto('alarms')
      .values(row as AlarmsTable)
      .execute();
    const unshared = await findDueAlarms(db, new Date('2026-06-11T00:00:00.000Z'), 5_000, [first]);
    expect(unshared.find((alarm) => alarm.id === row.id)?.share).toBe(NO_SHARE);
    await updateAlarm(db, late, row.id, { volume: 5 }, NOW);
    const edited = await db.selectFrom('alarms').select('share').where('id', '=', row.id).executeTakeFirst();
    expect(edited?.share).toBe(shareOf(late));

    // And back: the column and its index go.
    await migrateTo(db, '0018_firing_card');
    const after = await db.selectFrom('alarms').selectAll().execute();
    expect(after).toHaveLength(ACCOUNTS + 2);
    expect(after[0]).not.toHaveProperty('share');
  });
});

describe('migration 0019_alarm_shares on SQLite, after a start that died in its backfill', () => {
  it('finds the column there, and fills in the shares', async () => {
    const test = createSqliteTestDatabase();
    try {
      const { db } = test;
      await migrateTo(db, '0018_firing_card');
      const input = cloudAlarmCreateSchema.parse(alarmBody({ hour: 7, minute: 0, days: '1111111' }));
      const { share: _share, ...row } = newAlarmRow('auth0|resumed', input, null, NOW);
      await db
        .insertInto('alarms')
        .values(row as AlarmsTable)
        .execute();
      // SQLite ran the column's step and died before the migration was recorded.
      await sql`alter table alarms add column share integer not null default ${sql.lit(NO_SHARE)}`.execute(
        db,
      );

      expect(await migrateToLatest(db)).toContain('0019_alarm_shares');
      const stored = await db.selectFrom('alarms').select('share').executeTakeFirstOrThrow();
      expect(stored.share).toBe(shareOf('auth0|resumed'));
    } finally {
      await test.dispose();
    }
  });
});
