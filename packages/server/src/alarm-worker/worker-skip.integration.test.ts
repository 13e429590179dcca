import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { createAlarm } from '../db/alarms-repository';
import { migrateToLatest } from '../db/migrations';
import type { Database } from '../db/schema';
import { pauseThrough, skipNext } from '../db/skip-pause-repository';
import { alarmBody, describeOnDatabases } from '../../test/support/cloud-api';
import { ManualClock } from '../../test/support/manual-clock';
import { RecordingRinger } from '../../test/support/recording-ringer';
import { findAlarm } from '../../test/support/stored-rows';
import type { TestDatabase } from '../../test/support/test-databases';
import { AlarmWorker } from './worker';

// The worker does not ring a skipped or paused alarm, across a restart of the process, and rings
// it again once the skipped ringing or the pause is over (hand-driven clock, both databases).

const USER = 'auth0|skip-test';
const START = new Date('2026-06-10T06:58:30.000Z'); // a Wednesday; the alarm is daily at 07:00 UTC

describeOnDatabases('alarm worker: skip and pause', (open) => {
  let test: TestDatabase;
  let clock: ManualClock;
  let workers: AlarmWorker[];
  let ringer: RecordingRinger;
  const idle = () => Promise.all(workers.map((w) => w.whenIdle())).then(() => undefined);
  const spawn = (db: Kysely<Database>) => {
    const worker = new AlarmWorker({ db, ringer, clock });
    workers.push(worker);
    return worker;
  };
  const newAlarm = () =>
    createAlarm(
      test.db,
      USER,
      cloudAlarmCreateSchema.parse(alarmBody({ hour: 7, minute: 0, days: '1111111' })),
      clock.now(),
    );

  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
    workers = [];
    clock = new ManualClock(START, idle);
    ringer = new RecordingRinger(clock);
  });
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await test.dispose();
  });

  it('a skipped ringing stays silent, through a restart; the one after it rings', async () => {
    const alarm = await newAlarm();
    const first = spawn(test.db);
    await first.start();
    await clock.advance(40_000); // 06:59:10: armed for 07:00
    expect(first.armedCount).toBe(1);
    await skipNext(test.db, USER, alarm.id, clock.now());
    first.notify();
    await idle();
    expect(first.armedCount).toBe(0);

    // The process stops and another starts on its own connection: the skip is in the database.
    await first.stop();
    const second = spawn(test.connectAgain());
    await second.start();
    await clock.advance(90_000); // 07:00 passes
    expect(await second.pass()).toMatchObject({ fired: 0, missed: 0 });
    expect(ringer.rings).toHaveLength(0);
    expect(ringer.prepared).toHaveLength(1); // opened before the skip; nothing rang on it
    expect(await findAlarm(test.db, USER, alarm.id)).toMatchObject({
      skip_until: '2026-06-10T07:00:00.000Z',
      next_fire_at: '2026-06-11T07:00:00.000Z',
      last_fired_at: null,
    });

    // The next day's ringing is due: a pass (a cron call) rings it, and the spent skip changes nothing.
    await second.stop();
    const nextDay = new ManualClock(new Date('2026-06-11T07:00:05.000Z'));
    const nextRinger = new RecordingRinger(nextDay);
    const third = new AlarmWorker({ db: test.connectAgain(), ringer: nextRinger, clock: nextDay });
    workers.push(third);
    expect(await third.pass()).toMatchObject({ fired: 1 });
    expect(nextRinger.rings).toHaveLength(1);
    expect(await findAlarm(test.db, USER, alarm.id)).toMatchObject({
      last_fired_at: '2026-06-11T07:00:00.000Z',
      last_outcome: 'played',
      next_fire_at: '2026-06-12T07:00:00.000Z',
    });
  });

  it('a skip once the ringing is claimed is refused; it rings, and then the next one can be skipped', async () => {
    const alarm = await newAlarm();
    const worker = spawn(test.db);
    await worker.start();
    await clock.advance(88_000); // 06:59:58: the 07:00 firing is claimed, its card/start not yet sent
    expect(await skipNext(test.db, USER, alarm.id, clock.now())).toBe('starting-now');
    expect(await findAlarm(test.db, USER, alarm.id)).toMatchObject({
      skip_until: null,
      next_fire_at: '2026-06-11T07:00:00.000Z',
    });
    await clock.advance(10_000);
    expect(ringer.rings.map((r) => r.at)).toEqual(['2026-06-10T07:00:00.000Z']);
    // Once it has started, "Skip next" is Thursday's.
    expect(await skipNext(test.db, USER, alarm.id, clock.now())).toMatchObject({
      skip_until: '2026-06-11T07:00:00.000Z',
      next_fire_at: '2026-06-12T07:00:00.000Z',
    });
  });

  it('a pause once the ringing is claimed keeps the schedule moving past it', async () => {
    const alarm = await newAlarm();
    const worker = spawn(test.db);
    await worker.start();
    await clock.advance(88_000); // 06:59:58, claimed
    await pauseThrough(test.db, USER, alarm.id, '2026-06-11', clock.now());
    worker.notify();
    await clock.advance(10_000);
    expect(ringer.rings.map((r) => r.at)).toEqual(['2026-06-10T07:00:00.000Z']);
    expect(await findAlarm(test.db, USER, alarm.id)).toMatchObject({
      next_fire_at: '2026-06-12T07:00:00.000Z',
    });
    expect(await worker.pass()).toMatchObject({ fired: 0, already_claimed: 0 });
  });

  it('a paused alarm is never due during the pause', async () => {
    const alarm = await newAlarm();
    await pauseThrough(test.db, USER, alarm.id, '2026-06-11', clock.now());
    const worker = spawn(test.db);
    await worker.start();
    await clock.advance(120_000);
    expect(await worker.pass()).toMatchObject({ fired: 0, missed: 0 });
    expect(ringer.rings).toHaveLength(0);
    expect(ringer.prepared).toHaveLength(0);
    expect(await findAlarm(test.db, USER, alarm.id)).toMatchObject({
      next_fire_at: '2026-06-12T07:00:00.000Z',
    });
  });

  it('two replicas on one database: neither rings a skipped ringing, and after a pause one rings', async () => {
    const alarm = await newAlarm();
    const replicas = [spawn(test.db), spawn(test.connectAgain())];
    await Promise.all(replicas.map((replica) => replica.start()));
    await skipNext(test.db, USER, alarm.id, clock.now());
    for (const replica of replicas) replica.notify();
    await clock.advance(90_000); // 07:00 on Wednesday passes, skipped by both
    expect(ringer.rings).toHaveLength(0);
    await pauseThrough(test.db, USER, alarm.id, '2026-06-11', clock.now());
    expect(await findAlarm(test.db, USER, alarm.id)).toMatchObject({
      next_fire_at: '2026-06-12T07:00:00.000Z',
    });
    await Promise.all(replicas.map((replica) => replica.stop()));

    // Friday 07:00 is due: each replica's pass (a cron call) tries it; the claim lets one ring it.
    // In turn, not at once: in one process, one SQLite connection's wait would block the other's.
    const friday = new ManualClock(new Date('2026-06-12T07:00:05.000Z'));
    const fridayRinger = new RecordingRinger(friday);
    const racing = [test.db, test.connectAgain()].map((db) => {
      const worker = new AlarmWorker({ db, ringer: fridayRinger, clock: friday });
      workers.push(worker);
      return worker;
    });
    const fired: number[] = [];
    for (const worker of racing) fired.push((await worker.pass()).fired);
    expect(fired).toEqual([1, 0]);
    expect(fridayRinger.rings).toHaveLength(1);
    expect(await findAlarm(test.db, USER, alarm.id)).toMatchObject({
      last_fired_at: '2026-06-12T07:00:00.000Z',
      next_fire_at: '2026-06-13T07:00:00.000Z',
    });
  });
});
