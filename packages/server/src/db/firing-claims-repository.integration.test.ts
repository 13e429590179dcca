import { expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { alarmBody, describeOnDatabases, migratedDatabaseEach } from '../../test/support/cloud-api';
import { ClaimBatcher } from '../alarm-worker/claim-batcher';
import { isPostgres } from './connect';
import { createAlarm } from './alarms-repository';
import { claimFirings, firingKey, type Claim } from './firing-claims-repository';
import type { AlarmsTable } from './schema';

// The batched claim on both dialects: what a one-by-one claim guaranteed holds for a batch: one
// winner per firing across racing replicas, no claim of an alarm edited or switched off since it
// was found due, the prepare window's note kept, and batches past SQLite's parameter limit.

const CREATED = new Date('2026-06-09T12:00:00.000Z');
/** 07:00 daily in UTC (the test users have no zone), the day after CREATED. */
const DUE = '2026-06-10T07:00:00.000Z';
const NEXT = '2026-06-11T07:00:00.000Z';

describeOnDatabases('claiming firings in batches', (open) => {
  const test = migratedDatabaseEach(open);

  /** `count` alarms at 07:00 daily, ten to a user (the per-user limit). */
  const alarms = async (count: number): Promise<AlarmsTable[]> => {
    const made: AlarmsTable[] = [];
    for (let index = 0; index < count; index += 1) {
      const body = alarmBody({ hour: 7, minute: 0, days: '1111111', yoto_device_id: `player-${index}` });
      made.push(
        await createAlarm(
          test.db,
          `user-${Math.floor(index / 10)}`,
          cloudAlarmCreateSchema.parse(body),
          CREATED,
        ),
      );
    }
    expect(made.every((alarm) => alarm.next_fire_at === DUE)).toBe(true);
    return made;
  };
  const claimOf = (alarm: AlarmsTable, claimedBy: string): Claim => ({
    alarmId: alarm.id,
    alarm,
    dueAt: DUE,
    nextFireAt: NEXT,
    claimedBy,
    at: '2026-06-10T06:59:59.350Z',
    leaseUntil: '2026-06-10T07:00:01.350Z',
  });
  const stored = (id: string) =>
    test.db.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('claims the due alarms, moves each on and writes its lease; not one edited or switched off since', async () => {
    const [due, edited, off] = await alarms(3);
    if (due === undefined || edited === undefined || off === undefined) throw new Error('three alarms');
    await test.db.updateTable('alarms').set({ next_fire_at: NEXT }).where('id', '=', edited.id).execute();
    await test.db.updateTable('alarms').set({ is_enabled: 0 }).where('id', '=', off.id).execute();

    const won = await claimFirings(
      test.db,
      [due, edited, off].map((alarm) => claimOf(alarm, 'replica-a')),
    );

    expect([...won]).toEqual([firingKey(due.id, DUE)]);
    expect(await stored(due.id)).toMatchObject({
      next_fire_at: NEXT,
      last_fired_at: DUE,
      last_outcome: null,
    });
    expect(await stored(edited.id)).toMatchObject({ next_fire_at: NEXT, last_fired_at: null });
    const firings = await test.db.selectFrom('alarm_firings').selectAll().execute();
    expect(firings).toEqual([
      expect.objectContaining({
        alarm_id: due.id,
        due_at: DUE,
        claimed_by: 'replica-a',
        lease_owner: 'replica-a',
        lease_until: '2026-06-10T07:00:01.350Z',
        outcome: null,
        yoto_user_id: 'user-0',
        yoto_device_id: due.yoto_device_id,
        alarm_name: due.alarm_name,
        alarm_type: 'wakeup',
      }),
    ]);
  });

  // PostgreSQL reads a batch as text arrays: what an array literal quotes must come back as written.
  it('copies the alarm’s words as written (quotes, commas, braces, backslashes), and moves a last firing to none', async () => {
    const [alarm] = await alarms(1);
    if (alarm === undefined) throw new Error('one alarm');
    const name = 'Wake "up", {Sam} \\ NULL';
    await test.db.updateTable('alarms').set({ alarm_name: name }).where('id', '=', alarm.id).execute();
    const read = await stored(alarm.id);

    const won = await claimFirings(test.db, [{ ...claimOf(read, 'replica-a'), nextFireAt: null }]);

    expect([...won]).toEqual([firingKey(alarm.id, DUE)]);
    expect(await stored(alarm.id)).toMatchObject({ next_fire_at: null, last_fired_at: DUE });
    const firing = await test.db.selectFrom('alarm_firings').selectAll().executeTakeFirstOrThrow();
    expect(firing).toMatchObject({ alarm_id: alarm.id, alarm_name: name, claimed_by: 'replica-a' });
  });

  it('gives each of 40 firings to exactly one of three replicas claiming the same batch', async () => {
    const made = await alarms(40);
    const replicas = [test.db, test.connectAgain(), test.connectAgain()];
    const claimAll = (db: (typeof replicas)[number], index: number) =>
      claimFirings(
        db,
        made.map((alarm) => claimOf(alarm, `replica-${index}`)),
      );
    // PostgreSQL: at once. SQLite's replicas are processes taking turns on the file's write lock;
    // in one process its synchronous driver would wait on itself, so they go in turn.
    const results =
      test.location.kind === 'postgres'
        ? await Promise.all(replicas.map(claimAll))
        : [
            await claimAll(test.db, 0),
            await claimAll(replicas[1] ?? test.db, 1),
            await claimAll(replicas[2] ?? test.db, 2),
          ];
    for (const alarm of made) {
      const winners = results.filter((won) => won.has(firingKey(alarm.id, DUE)));
      expect(winners, alarm.id).toHaveLength(1);
    }
    const firings = await test.db.selectFrom('alarm_firings').select(['alarm_id', 'claimed_by']).execute();
    expect(firings).toHaveLength(40);
    for (const firing of firings) {
      const index = Number(firing.claimed_by.replace('replica-', ''));
      expect(results[index]?.has(firingKey(firing.alarm_id, DUE))).toBe(true);
    }
  });

  it('keeps the prepare window’s “player was off” for its own firing, and clears an older receipt', async () => {
    const [noted, older] = await alarms(2);
    if (noted === undefined || older === undefined) throw new Error('two alarms');
    await test.db
      .updateTable('alarms')
      .set({
        last_fired_at: DUE,
        last_outcome: 'player-offline',
        last_outcome_at: '2026-06-10T06:55:00.000Z',
      })
      .where('id', '=', noted.id)
      .execute();
    await test.db
      .updateTable('alarms')
      .set({
        last_fired_at: '2026-06-09T07:00:00.000Z',
        last_outcome: 'played',
        last_outcome_at: '2026-06-09T07:00:01.000Z',
      })
      .where('id', '=', older.id)
      .execute();

    await claimFirings(
      test.db,
      [noted, older].map((alarm) => claimOf(alarm, 'replica-a')),
    );

    expect(await stored(noted.id)).toMatchObject({
      last_fired_at: DUE,
      last_outcome: 'player-offline',
      last_outcome_at: '2026-06-10T06:55:00.000Z',
    });
    expect(await stored(older.id)).toMatchObject({
      last_fired_at: DUE,
      last_outcome: null,
      last_outcome_at: null,
    });
  });

  it('claims a batch bigger than one statement takes (1,100 firings), each once', async () => {
    const made = await alarms(1_100);
    const won = await claimFirings(
      test.db,
      made.map((alarm) => claimOf(alarm, 'replica-a')),
    );
    expect(won.size).toBe(1_100);
    const { count } = await test.db
      .selectFrom('alarm_firings')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1_100);
  });

  it('batches the claims of one turn into one; the same firing asked twice is won by the first ask only', async () => {
    const made = await alarms(3);
    let statements = 0;
    const counted = test.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const batcher = new ClaimBatcher(counted);
    const asks = [...made, made[0]].map((alarm) => batcher.claim(claimOf(alarm as AlarmsTable, 'replica-a')));
    // The second ask of the same firing hears "not yours" only once the first's claim is written.
    const second = asks[3]?.then(async (won) => ({
      won,
      stored: await test.db
        .selectFrom('alarm_firings')
        .select('alarm_id')
        .where('alarm_id', '=', made[0]?.id ?? '')
        .execute(),
    }));
    expect(await second).toEqual({ won: false, stored: [{ alarm_id: made[0]?.id }] });
    expect(await Promise.all(asks)).toEqual([true, true, true, false]);
    // One statement for all three on PostgreSQL (the alarms' locks in id order, the insert and the
    // update as CTEs; docs/decisions/alarm-firing-claims.md), the insert and the update on SQLite.
    // One by one, it would be three of each.
    expect(statements).toBe(isPostgres(test.db) ? 1 : 2);
    // A later turn: already claimed, so not won again.
    expect(await batcher.claim(claimOf(made[1] as AlarmsTable, 'replica-a'))).toBe(false);
  });
});
