import { expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { createAlarm, updateAlarm } from '../db/alarms-repository';
import { findAlarm } from '../../test/support/stored-rows';
import { RING_LEAD_MS } from '@playlist-alarms/core/cloud/alarm-firing';
import { findFiring } from '../db/firings-repository';
import { alarmBody, describeOnDatabases } from '../../test/support/cloud-api';
import { useWorkerFleet } from '../../test/support/worker-fleet';

// Scheduling and the claim on a hand-driven clock and a real database (both dialects). The ringer
// is the recording twin; the MQTT firing is proven against the sandbox in firing.integration.test.

const USER = 'auth0|worker-test';
const START = new Date('2026-06-10T06:58:30.000Z'); // a Wednesday; the alarm is at 07:00 UTC

describeOnDatabases('alarm worker: timers, claim, missed firings', (open) => {
  const fleet = useWorkerFleet(open, START);
  const { spawn, processes, idle } = fleet;
  const rings = () => processes.flatMap((p) => p.ringer.rings);
  const newAlarm = (overrides: Record<string, unknown> = {}) =>
    createAlarm(
      fleet.test.db,
      USER,
      cloudAlarmCreateSchema.parse(
        alarmBody({ hour: 7, minute: 0, days: '1111111', volume: 6, ...overrides }),
      ),
      fleet.clock.now(),
    );

  it('arms a timer within the minute and rings exactly at the due instant, once', async () => {
    const alarm = await newAlarm();
    const { worker, ringer } = spawn(fleet.test.db);
    await worker.start();
    // 90 s ahead: inside the prepare window (link opened), outside the arm horizon.
    expect(ringer.prepared).toEqual([{ userId: USER, deviceId: 'player-1', at: START.toISOString() }]);
    expect(worker.armedCount).toBe(0);
    expect(ringer.idleClosings).toBe(1); // every look closes the links idle for ten minutes

    await fleet.clock.advance(30_000); // 06:59:00: the 5 s refresh arms it
    expect(worker.armedCount).toBe(1);
    // The timer runs RING_LEAD_MS early (claim, volume/set); card/start is for the due instant.
    await fleet.clock.advance(59_999 - RING_LEAD_MS);
    expect(ringer.rings).toHaveLength(0);
    await fleet.clock.advance(1);
    expect(ringer.rings).toEqual([
      {
        userId: USER,
        deviceId: 'player-1',
        cardId: 'card-1',
        volume: 6,
        at: '2026-06-10T07:00:00.000Z',
      },
    ]);
    await fleet.clock.advance(60_000);
    expect(ringer.rings).toHaveLength(1);

    const stored = await findAlarm(fleet.test.db, USER, alarm.id);
    expect(stored).toMatchObject({
      next_fire_at: '2026-06-11T07:00:00.000Z',
      last_fired_at: '2026-06-10T07:00:00.000Z',
      last_outcome: 'played',
      last_outcome_at: new Date(Date.parse('2026-06-10T07:00:00.000Z') - RING_LEAD_MS).toISOString(),
    });
    expect(await findFiring(fleet.test.db, alarm.id, '2026-06-10T07:00:00.000Z')).toMatchObject({
      claimed_by: worker.id,
      outcome: 'played',
    });
  });

  it('the prepare window notes a player found off at once; a player that answers gets no note', async () => {
    const alarm = await newAlarm();
    const { worker, ringer } = spawn(fleet.test.db);
    ringer.prepareResult = 'offline';
    ringer.outcome = 'player-offline';
    await worker.start(); // 06:58:30: the alarm is 90 s ahead, inside the prepare window
    await worker.whenIdle(); // the prepare runs beside the refresh
    expect(await findAlarm(fleet.test.db, USER, alarm.id)).toMatchObject({
      next_fire_at: '2026-06-10T07:00:00.000Z',
      last_fired_at: '2026-06-10T07:00:00.000Z',
      last_outcome: 'player-offline',
      last_outcome_at: START.toISOString(),
    });
    await fleet.clock.advance(95_000); // still tried at 07:00; still off: the receipt keeps 06:58:30
    expect(ringer.rings).toHaveLength(1);
    expect(await findAlarm(fleet.test.db, USER, alarm.id)).toMatchObject({
      next_fire_at: '2026-06-11T07:00:00.000Z',
      last_outcome: 'player-offline',
      last_outcome_at: START.toISOString(),
    });

    const answering = spawn(fleet.test.connectAgain());
    const other = await newAlarm({ minute: 1 });
    await answering.worker.start();
    await answering.worker.whenIdle();
    expect(await findAlarm(fleet.test.db, USER, other.id)).toMatchObject({
      last_fired_at: null,
      last_outcome: null,
    });
  });

  it('a note about a firing still ahead goes when an edit moves the alarm off that instant', async () => {
    const alarm = await newAlarm();
    const { worker, ringer } = spawn(fleet.test.db);
    ringer.prepareResult = 'offline';
    await worker.start();
    await worker.whenIdle();
    expect(await findAlarm(fleet.test.db, USER, alarm.id)).toMatchObject({ last_outcome: 'player-offline' });
    await updateAlarm(fleet.test.db, USER, alarm.id, { minute: 30 }, fleet.clock.now());
    expect(await findAlarm(fleet.test.db, USER, alarm.id)).toMatchObject({
      next_fire_at: '2026-06-10T07:30:00.000Z',
      last_fired_at: null,
      last_outcome: null,
      last_outcome_at: null,
    });
  });

  it('a refresh that fails (the database out for a moment) does not end the refreshes', async () => {
    await newAlarm();
    let failing = false;
    // Every statement fails while `failing`, as they do while the pool cannot reach the database.
    const flaky = fleet.test.db.withPlugin({
      transformQuery: (args) => {
        if (failing) throw new Error('timeout exceeded when trying to connect');
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const { worker, ringer } = spawn(flaky);
    await worker.start();
    failing = true;
    await fleet.clock.advance(5_000); // 06:58:35: this refresh fails
    failing = false;
    await fleet.clock.advance(25_000); // 06:59:00: a later one arms the alarm
    expect(worker.armedCount).toBe(1);
    await fleet.clock.advance(60_000);
    expect(ringer.rings.map((ring) => ring.at)).toEqual(['2026-06-10T07:00:00.000Z']);
  });

  it('three workers on one database (each its own connection) ring the alarm once', async () => {
    const alarm = await newAlarm();
    const workers = [
      spawn(fleet.test.db),
      spawn(fleet.test.connectAgain()),
      spawn(fleet.test.connectAgain()),
    ];
    await Promise.all(workers.map((p) => p.worker.start()));
    await fleet.clock.advance(95_000);
    expect(workers.map((p) => p.worker.armedCount)).toEqual([0, 0, 0]); // fired: timers gone
    expect(rings()).toHaveLength(1);
    const firing = await findFiring(fleet.test.db, alarm.id, '2026-06-10T07:00:00.000Z');
    expect(workers.map((p) => p.worker.id)).toContain(firing?.claimed_by);
  });

  it('a pass and a timer racing for the same due instant ring once', async () => {
    await newAlarm();
    const a = spawn(fleet.test.db);
    const b = spawn(fleet.test.connectAgain());
    await a.worker.start();
    await fleet.clock.advance(90_000); // a's timer fires at 07:00
    const summary = await b.worker.pass(); // b's pass finds nothing due any more
    expect(summary).toMatchObject({ fired: 0, already_claimed: 0 });
    expect(rings()).toHaveLength(1);
  });

  it('an alarm edited after its timer was armed rings at its new time, not the old one', async () => {
    const alarm = await newAlarm();
    const { worker, ringer } = spawn(fleet.test.db);
    await worker.start();
    await fleet.clock.advance(40_000); // armed for 07:00
    expect(worker.armedCount).toBe(1);
    await updateAlarm(fleet.test.db, USER, alarm.id, { minute: 1 }, fleet.clock.now());
    worker.notify();
    await idle();
    expect(worker.armedCount).toBe(0);
    await fleet.clock.advance(50_000); // 07:00:00 passes
    expect(ringer.rings).toHaveLength(0);
    await fleet.clock.advance(60_000); // 07:01:00
    expect(ringer.rings.map((r) => r.at)).toEqual(['2026-06-10T07:01:00.000Z']);
  });

  it('at start-up, a firing under 10 minutes late rings; one 10 minutes late or more is recorded missed', async () => {
    const late = await newAlarm({ minute: 50, hour: 6 }); // 06:50: 8.5 minutes late at START
    const missed = await newAlarm({ minute: 45, hour: 6 }); // 06:45: 13.5 minutes late
    // Written while every process was down: put their next firing back in the past.
    await fleet.test.db
      .updateTable('alarms')
      .set({ next_fire_at: '2026-06-10T06:50:00.000Z' })
      .where('id', '=', late.id)
      .execute();
    await fleet.test.db
      .updateTable('alarms')
      .set({ next_fire_at: '2026-06-10T06:45:00.000Z' })
      .where('id', '=', missed.id)
      .execute();

    const { worker, ringer } = spawn(fleet.test.db);
    await worker.start();
    expect(ringer.rings.map((r) => r.at)).toEqual([START.toISOString()]);
    expect(worker.lastPassSummary).toMatchObject({ fired: 1, missed: 1, already_claimed: 0 });
    expect(await findAlarm(fleet.test.db, USER, late.id)).toMatchObject({
      last_fired_at: '2026-06-10T06:50:00.000Z',
      last_outcome: 'played',
      next_fire_at: '2026-06-11T06:50:00.000Z',
    });
    expect(await findAlarm(fleet.test.db, USER, missed.id)).toMatchObject({
      last_fired_at: '2026-06-10T06:45:00.000Z',
      last_outcome: 'missed',
      next_fire_at: '2026-06-11T06:45:00.000Z',
    });
    // A second pass (cron, another replica) finds nothing left to do.
    expect(await worker.pass()).toMatchObject({ fired: 0, missed: 0, already_claimed: 0 });
  });

  it('a firing whose process died before its receipt is settled as failed after two minutes', async () => {
    const alarm = await newAlarm();
    await fleet.test.db
      .insertInto('alarm_firings')
      .values({
        alarm_id: alarm.id,
        due_at: '2026-06-10T06:00:00.000Z',
        claimed_by: 'worker-dead',
        claimed_at: '2026-06-10T06:00:00.000Z',
        outcome: null,
        outcome_at: null,
        detail: null,
      })
      .execute();
    const { worker } = spawn(fleet.test.db);
    expect(await worker.pass()).toMatchObject({ recovered: 1 });
    expect(await findFiring(fleet.test.db, alarm.id, '2026-06-10T06:00:00.000Z')).toMatchObject({
      outcome: 'failed',
      detail: 'the process firing it stopped',
    });
  });

  it('the ringer’s outcome is the receipt', async () => {
    const alarm = await newAlarm();
    const { worker, ringer } = spawn(fleet.test.db);
    ringer.outcome = 'player-offline';
    await worker.start();
    await fleet.clock.advance(90_000);
    expect(await findAlarm(fleet.test.db, USER, alarm.id)).toMatchObject({ last_outcome: 'player-offline' });
  });
});
