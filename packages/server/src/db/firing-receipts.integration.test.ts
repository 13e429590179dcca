import { expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { alarmBody, describeOnDatabases, migratedDatabaseEach } from '../../test/support/cloud-api';
import { createAlarm } from './alarms-repository';
import { claimFirings } from './firing-claims-repository';
import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';
import { countingStatements } from '../../test/support/counting-statements';
import { ReceiptBatcher } from '../alarm-worker/receipt-batcher';
import { receiptOf, writeReceipts } from './firing-receipts-repository';
import { recordOfflineAtPrepare, recordOutcome } from './firings-repository';
import type { AlarmsTable } from './schema';

// A firing's receipt on both dialects (one statement on PostgreSQL, a transaction on SQLite): it
// lands on the firing and on the alarm once, a late loser changes nothing, the alarm keeps a later
// firing's receipt, a running lease keeps the sweep off, and the prepare window's note stays.

const CREATED = new Date('2026-06-09T12:00:00.000Z');
const DUE = '2026-06-10T07:00:00.000Z';
const NEXT = '2026-06-11T07:00:00.000Z';
const CLAIMED = '2026-06-10T06:59:59.350Z';
const LEASE_UNTIL = '2026-06-10T07:00:01.350Z';
const PLAYED = '2026-06-10T07:00:00.120Z';
const RECEIPT = '2026-06-10T07:00:00.800Z';

describeOnDatabases('writing a firing’s receipt', (open) => {
  const test = migratedDatabaseEach(open);

  /** An alarm of `user`'s `player` at 07:00 daily. */
  const dailyAlarm = (user: string, player: string): Promise<AlarmsTable> => {
    const body = alarmBody({ hour: 7, minute: 0, days: '1111111', yoto_device_id: player });
    return createAlarm(test.db, user, cloudAlarmCreateSchema.parse(body), CREATED);
  };
  /** Claims the alarm's firing at DUE for replica-a, its lease running to LEASE_UNTIL. */
  const claim = async (alarm: AlarmsTable): Promise<void> => {
    const won = await claimFirings(test.db, [
      {
        alarmId: alarm.id,
        alarm,
        dueAt: DUE,
        nextFireAt: NEXT,
        claimedBy: 'replica-a',
        at: CLAIMED,
        leaseUntil: LEASE_UNTIL,
      },
    ]);
    expect(won.size).toBe(1);
  };
  /** An alarm at 07:00 daily, claimed for DUE by replica-a. */
  const claimed = async (): Promise<AlarmsTable> => {
    const alarm = await dailyAlarm('user-1', 'player-1');
    await claim(alarm);
    return alarm;
  };
  const firing = (id: string) =>
    test.db
      .selectFrom('alarm_firings')
      .select(['outcome', 'outcome_at', 'detail', 'played_at', 'faded'])
      .where('alarm_id', '=', id)
      .where('due_at', '=', DUE)
      .executeTakeFirstOrThrow();
  const shown = (id: string) =>
    test.db
      .selectFrom('alarms')
      .select(['last_fired_at', 'last_outcome', 'last_outcome_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('lands on the firing and the alarm once; a late loser writes nothing', async () => {
    const alarm = await claimed();

    const wrote = await recordOutcome(test.db, alarm.id, DUE, 'played', RECEIPT, 'Wake up', {
      playedAt: PLAYED,
      faded: true,
    });

    expect(wrote).toBe(true);
    expect(await firing(alarm.id)).toEqual({
      outcome: 'played',
      outcome_at: RECEIPT,
      detail: 'Wake up',
      played_at: PLAYED,
      faded: 1,
    });
    expect(await shown(alarm.id)).toEqual({
      last_fired_at: DUE,
      last_outcome: 'played',
      last_outcome_at: RECEIPT,
    });

    const late = await recordOutcome(test.db, alarm.id, DUE, 'failed', '2026-06-10T07:02:00.000Z', 'late');
    expect(late).toBe(false);
    expect(await firing(alarm.id)).toMatchObject({ outcome: 'played', outcome_at: RECEIPT, faded: 1 });
    expect(await shown(alarm.id)).toMatchObject({ last_outcome: 'played', last_outcome_at: RECEIPT });
  });

  it('leaves the alarm showing a later firing; a firing whose alarm is gone still gets its receipt', async () => {
    const alarm = await claimed();
    await test.db
      .updateTable('alarms')
      .set({ last_fired_at: NEXT, last_outcome: 'played', last_outcome_at: NEXT })
      .where('id', '=', alarm.id)
      .execute();

    expect(await recordOutcome(test.db, alarm.id, DUE, 'no-response', RECEIPT)).toBe(true);
    expect(await firing(alarm.id)).toMatchObject({ outcome: 'no-response', detail: null, faded: 0 });
    expect(await shown(alarm.id)).toEqual({
      last_fired_at: NEXT,
      last_outcome: 'played',
      last_outcome_at: NEXT,
    });

    // A firing outlives its alarm (the history keeps it): its receipt is written all the same.
    const other = await claimedOther();
    await test.db.deleteFrom('alarms').where('id', '=', other).execute();
    expect(await recordOutcome(test.db, other, DUE, 'failed', RECEIPT)).toBe(true);
    expect(await firing(other)).toMatchObject({ outcome: 'failed', outcome_at: RECEIPT });
  });

  it('with onlyIfNoLeaseAt, waits while the lease runs and settles once it has lapsed', async () => {
    const alarm = await claimed();
    const during = '2026-06-10T07:00:01.000Z';
    const after = '2026-06-10T07:10:02.000Z';

    expect(await recordOutcome(test.db, alarm.id, DUE, 'failed', during, 'stopped', undefined, during)).toBe(
      false,
    );
    expect(await firing(alarm.id)).toMatchObject({ outcome: null });
    expect(await shown(alarm.id)).toMatchObject({ last_outcome: null });

    expect(await recordOutcome(test.db, alarm.id, DUE, 'failed', after, 'stopped', undefined, after)).toBe(
      true,
    );
    expect(await firing(alarm.id)).toMatchObject({ outcome: 'failed', outcome_at: after, detail: 'stopped' });
    expect(await shown(alarm.id)).toMatchObject({ last_outcome: 'failed', last_outcome_at: after });
  });

  it('keeps the moment the prepare window found the player off', async () => {
    const alarm = await dailyAlarm('user-1', 'player-1');
    const offAt = '2026-06-10T06:55:00.000Z';
    expect(await recordOfflineAtPrepare(test.db, alarm.id, DUE, offAt)).toBe(true);
    await claim(alarm);

    expect(await recordOutcome(test.db, alarm.id, DUE, 'player-offline', RECEIPT, 'no answer')).toBe(true);
    expect(await firing(alarm.id)).toMatchObject({
      outcome: 'player-offline',
      detail: `the player was already off at ${offAt}; no answer`,
    });
    expect(await shown(alarm.id)).toEqual({
      last_fired_at: DUE,
      last_outcome: 'player-offline',
      last_outcome_at: offAt,
    });
  });

  /** `n` alarms of n accounts at 07:00 daily, each claimed for DUE. */
  const claimedMany = async (n: number): Promise<AlarmsTable[]> => {
    const alarms: AlarmsTable[] = [];
    for (let i = 1; i <= n; i++) alarms.push(await dailyAlarm(`user-${i}`, `player-${i}`));
    for (const alarm of alarms) await claim(alarm);
    return alarms;
  };
  const receipt = (alarm: AlarmsTable, outcome: FiringOutcome) =>
    receiptOf(test.db, RECEIPT, { alarmId: alarm.id, dueAt: DUE, outcome, detail: null });

  it('writes the receipts that come together in one statement: each once, none over another', async () => {
    const [fresh, settled, movedOn] = await claimedMany(3);
    if (fresh === undefined || settled === undefined || movedOn === undefined) throw new Error('no alarms');
    await recordOutcome(test.db, settled.id, DUE, 'failed', RECEIPT, 'stopped');
    await test.db.updateTable('alarms').set({ last_fired_at: NEXT }).where('id', '=', movedOn.id).execute();
    const counted = countingStatements(test.db);
    const batcher = new ReceiptBatcher(counted.db);

    const wrote = await Promise.all([
      batcher.record(await receipt(fresh, 'played')),
      batcher.record(await receipt(settled, 'played')),
      batcher.record(await receipt(movedOn, 'played')),
      // A second receipt of one firing waits for the next statement, and finds it settled.
      batcher.record(await receipt(fresh, 'failed')),
    ]);

    expect(wrote).toEqual([true, false, true, false]);
    expect(await firing(fresh.id)).toMatchObject({ outcome: 'played' });
    expect(await shown(fresh.id)).toMatchObject({ last_fired_at: DUE, last_outcome: 'played' });
    expect(await firing(settled.id)).toMatchObject({ outcome: 'failed', detail: 'stopped' });
    expect(await firing(movedOn.id)).toMatchObject({ outcome: 'played' });
    expect(await shown(movedOn.id)).toEqual({
      last_fired_at: NEXT,
      last_outcome: null,
      last_outcome_at: null,
    });
    // PostgreSQL: one statement for the three, one for the second receipt (SQLite: a transaction each).
    if (test.location.kind === 'postgres') expect(counted.statements()).toBe(2);
  });

  it('gathers the receipts that come while a statement runs into the next one', async () => {
    const alarms = await claimedMany(4);
    const [first, ...rest] = alarms;
    if (first === undefined) throw new Error('no alarms');
    const counted = countingStatements(test.db);
    const batcher = new ReceiptBatcher(counted.db);
    const held = counted.holdNextResult();

    const firstWrote = batcher.record(await receipt(first, 'played'));
    await held.reached;
    const restWrote = rest.map(async (alarm) => batcher.record(await receipt(alarm, 'played')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    held.release();

    expect(await firstWrote).toBe(true);
    expect(await Promise.all(restWrote)).toEqual([true, true, true]);
    for (const alarm of alarms) expect(await shown(alarm.id)).toMatchObject({ last_outcome: 'played' });
    if (test.location.kind === 'postgres') expect(counted.statements()).toBe(2);
  });

  it('two replicas writing the same receipts at once, in opposite orders: each firing settled once', async () => {
    const alarms = await claimedMany(12);
    // SQLite serves one process: there the two writers share its connection, a transaction each.
    const other = test.location.kind === 'postgres' ? test.connectAgain() : test.db;
    const receipts = await Promise.all(alarms.map((alarm) => receipt(alarm, 'played')));

    const [mine, theirs] = await Promise.all([
      writeReceipts(test.db, receipts),
      writeReceipts(other, [...receipts].reverse()),
    ]);

    expect(mine.size + theirs.size).toBe(alarms.length);
    for (const key of mine) expect(theirs.has(key)).toBe(false);
    for (const alarm of alarms) {
      expect(await firing(alarm.id)).toMatchObject({ outcome: 'played' });
      expect(await shown(alarm.id)).toMatchObject({ last_fired_at: DUE, last_outcome: 'played' });
    }
  });

  /** A second alarm of another player, claimed like the first; its id. */
  const claimedOther = async (): Promise<string> => {
    const alarm = await dailyAlarm('user-2', 'player-2');
    await claim(alarm);
    return alarm.id;
  };
});
