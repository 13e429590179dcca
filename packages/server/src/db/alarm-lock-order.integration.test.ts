import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { createAlarm, deleteAlarms } from './alarms-repository';
import { claimFirings, type Claim } from './firing-claims-repository';
import { receiptOf, writeReceipts } from './firing-receipts-repository';
import { migrateToLatest } from './migrations';
import type { AlarmsTable } from './schema';
import { saveUserProfile } from './users-repository';
import { alarmBody, describeOnPostgres } from '../../test/support/cloud-api';
import { holdTransaction, waitUntilBlockedBy } from '../../test/support/held-transaction';
import type { TestDatabase } from '../../test/support/test-databases';

// Writers that lock several alarms of one household take the row locks in id order
// (docs/decisions/alarm-firing-claims.md, "Lock order"). Two writers that took them in different
// orders could each hold one and wait for the other: PostgreSQL ends that deadlock by aborting one
// (a claim batch ringing up to a pass late, a batch of receipts lost, or a zone change or delete
// failing). The proof is
// deterministic: another transaction holds the lowest id; a writer in id order then waits holding
// nothing, so the higher id stays free. Taken in the table's scan order, it would hold that first.

const USER = 'auth0|lock-order';
const NOW = new Date('2026-06-10T06:00:00.000Z');
const DUE = '2026-06-10T07:00:00.000Z';

describeOnPostgres('alarm row locks are taken in id order', (open) => {
  let test: TestDatabase;
  let low: AlarmsTable;
  let high: AlarmsTable;

  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
    const body = cloudAlarmCreateSchema.parse(alarmBody({ hour: 7, minute: 0, days: '1111111' }));
    const made = [await createAlarm(test.db, USER, body, NOW), await createAlarm(test.db, USER, body, NOW)];
    [low, high] = made.sort((a, b) => (a.id < b.id ? -1 : 1)) as [AlarmsTable, AlarmsTable];
    // A new row version goes after the other row, so a scan meets the higher id first.
    await sql`update alarms set volume = volume where id = ${low.id}`.execute(test.db);
    const scanned = await sql<{ id: string }>`select id from alarms`.execute(test.db);
    expect(scanned.rows.map((r) => r.id)).toEqual([high.id, low.id]);
  });
  afterEach(() => test.dispose());

  /**
   * Holds the lower id's row lock in another connection while `writer` starts; once the writer
   * waits for it, tries the higher id without waiting. Returns whether that id was free, and the
   * writer's result after the lock is let go.
   */
  async function whileLowIsHeld<T>(writer: () => Promise<T>): Promise<{ highWasFree: boolean; result: T }> {
    const holder = await holdTransaction(test, async (trx) => {
      await sql`select id from alarms where id = ${low.id} for update`.execute(trx);
    });
    const written = writer();
    await waitUntilBlockedBy(test.db, holder.pid);
    const highWasFree = await test.db
      .transaction()
      .execute(async (trx) => {
        await sql`select id from alarms where id = ${high.id} for update nowait`.execute(trx);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof Error && /could not obtain lock/.test(error.message)) return false;
        throw error;
      });
    await holder.release();
    return { highWasFree, result: await written };
  }

  it('a time zone change', async () => {
    const { highWasFree, result } = await whileLowIsHeld(() =>
      saveUserProfile(test.db, USER, { timezone: 'Europe/Paris' }, NOW),
    );
    expect(highWasFree).toBe(true);
    expect(result.timezone).toBe('Europe/Paris');
    const times = await test.db.selectFrom('alarms').select('next_fire_at').execute();
    expect(times.map((t) => t.next_fire_at)).toEqual([
      '2026-06-11T05:00:00.000Z',
      '2026-06-11T05:00:00.000Z',
    ]);
  });

  it('a delete of all the alarms', async () => {
    const { highWasFree, result } = await whileLowIsHeld(() => deleteAlarms(test.db, USER));
    expect(highWasFree).toBe(true);
    expect(result).toBe(2);
  });

  const claimOf = (alarm: AlarmsTable): Claim => ({
    alarmId: alarm.id,
    alarm,
    dueAt: DUE,
    nextFireAt: '2026-06-11T07:00:00.000Z',
    claimedBy: 'worker-a',
    at: NOW.toISOString(),
    leaseUntil: new Date(NOW.getTime() + 60_000).toISOString(),
  });

  it('a claim batch, whatever order its claims come in', async () => {
    const [lowNow, highNow] = await Promise.all(
      [low, high].map((a) =>
        test.db.selectFrom('alarms').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow(),
      ),
    );
    if (!lowNow || !highNow) throw new Error('the alarms went missing');
    const { highWasFree, result } = await whileLowIsHeld(() =>
      claimFirings(test.db, [claimOf(highNow), claimOf(lowNow)]),
    );
    expect(highWasFree).toBe(true);
    expect(result.size).toBe(2);
  });

  it('a batch of receipts, whatever order they come in', async () => {
    // Claimed one at a time, the higher id first: a scan of the firings meets its firing first.
    for (const alarm of [high, low]) expect((await claimFirings(test.db, [claimOf(alarm)])).size).toBe(1);
    const receipts = await Promise.all(
      [high, low].map((alarm) =>
        receiptOf(test.db, NOW.toISOString(), {
          alarmId: alarm.id,
          dueAt: DUE,
          outcome: 'played',
          detail: null,
        }),
      ),
    );
    const { highWasFree, result } = await whileLowIsHeld(() => writeReceipts(test.db, receipts));
    expect(highWasFree).toBe(true);
    expect(result.size).toBe(2);
    const shown = await test.db.selectFrom('alarms').select('last_outcome').execute();
    expect(shown.map((row) => row.last_outcome)).toEqual(['played', 'played']);
  });
});
