import { afterEach, beforeEach, expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { shareOf } from '@playlist-alarms/core/cloud/worker-roster';
import { alarmBody, describeOnDatabases } from '../../test/support/cloud-api';
import type { TestDatabase } from '../../test/support/test-databases';
import { newAlarmRow } from './alarms-repository';
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

  it("gives every alarm its account's share, and the look can ask for shares", async () => {
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

    // And back: the column and its index go.
    await migrateTo(db, '0018_firing_card');
    const after = await db.selectFrom('alarms').selectAll().execute();
    expect(after).toHaveLength(ACCOUNTS + 1);
    expect(after[0]).not.toHaveProperty('share');
  });
});
