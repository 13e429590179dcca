import { afterEach, beforeEach, expect, it } from 'vitest';
import { cloudAlarmCreateSchema, cloudAlarmUpdateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { FIRING_LEASE_MS, FIRING_LEASE_TICK_MS } from '@playlist-alarms/core/cloud/firing-lease';
import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';
import { createAlarm, deleteAlarms, updateAlarm } from '../db/alarms-repository';
import { claimFiring } from '../db/firing-claims-repository';
import { findFiring } from '../db/firings-repository';
import { migrateToLatest } from '../db/migrations';
import type { TestDatabase } from '../../test/support/test-databases';
import { alarmBody, describeOnDatabases } from '../../test/support/cloud-api';
import { ManualClock } from '../../test/support/manual-clock';
import { RecordingRinger } from '../../test/support/recording-ringer';
import { findAlarm } from '../../test/support/stored-rows';
import { faultHoldAt } from './fault-hold';
import { AlarmWorker } from './worker';

// Firing leases (docs/decisions/firing-leases.md) on a hand-driven clock and a real database (both
// dialects): a firing whose holder died (its lease lapsed, no receipt) is taken over by a live
// worker, which asks the player first; one nobody can finish any more is settled once; a holder
// that lost its lease sends no card/start. The fleet test does the same with killed processes.

const USER = 'auth0|takeover-test';
const DUE = '2026-06-10T07:00:00.000Z';
const NEXT = '2026-06-11T07:00:00.000Z';

describeOnDatabases('firing leases: take-over of a dead holder’s firing', (open) => {
  let test: TestDatabase;
  let clock: ManualClock;
  let workers: AlarmWorker[];
  let told: { alarmId: string; outcome: FiringOutcome }[];
  const idle = () => Promise.all(workers.map((w) => w.whenIdle())).then(() => undefined);

  const spawn = (extra: Partial<ConstructorParameters<typeof AlarmWorker>[0]> = {}) => {
    const ringer = new RecordingRinger(clock);
    const worker = new AlarmWorker({
      db: test.db,
      ringer,
      clock,
      onReceipt: (alarm, _dueAt, outcome) => {
        told.push({ alarmId: alarm.id, outcome });
        return Promise.resolve();
      },
      ...extra,
    });
    workers.push(worker);
    return { worker, ringer };
  };

  /** An alarm at 07:00 daily whose 07:00 firing `holder` claimed and left, its lease running until `leaseUntil`. */
  const abandoned = async (
    leaseUntil: string,
    holder = 'worker-dead',
    extras: Record<string, unknown> = {},
  ) => {
    const alarm = await createAlarm(
      test.db,
      USER,
      cloudAlarmCreateSchema.parse(alarmBody({ hour: 7, minute: 0, days: '1111111', volume: 6, ...extras })),
      new Date('2026-06-09T12:00:00.000Z'),
    );
    // Claimed as a replica claims (the card it rings kept on the firing), and left.
    const claimed = await claimFiring(test.db, {
      alarmId: alarm.id,
      alarm,
      dueAt: DUE,
      nextFireAt: NEXT,
      claimedBy: holder,
      at: '2026-06-10T06:59:59.350Z',
      leaseUntil,
    });
    expect(claimed).toBe(true);
    return alarm;
  };

  /** An abandoned firing whose alarm a parent then moved from card-1 to card-2 (07:00:00.5). */
  const abandonedThenRecarded = async () => {
    const alarm = await abandoned('2026-06-10T07:00:01.350Z');
    const edit = cloudAlarmUpdateSchema.parse({ playlist_id: 'card-2', playlist_name: 'Bedtime Stories' });
    await updateAlarm(test.db, USER, alarm.id, edit, new Date('2026-06-10T07:00:00.500Z'));
    return alarm;
  };

  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
    workers = [];
    told = [];
    clock = new ManualClock(new Date('2026-06-10T07:00:03.000Z'), idle);
  });
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await test.dispose();
  });

  it('a lapsed lease, the player idle: taken over, the player asked, then rung once; the receipt says played', async () => {
    const alarm = await abandoned('2026-06-10T07:00:01.350Z');
    const { worker, ringer } = spawn();
    await worker.pass();
    await idle();
    expect(ringer.asked).toEqual([{ userId: USER, deviceId: alarm.yoto_device_id }]);
    expect(ringer.rings).toEqual([
      expect.objectContaining({ cardId: alarm.playlist_id, at: '2026-06-10T07:00:03.000Z' }),
    ]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({
      claimed_by: 'worker-dead', // the claim stays the claimant's
      lease_owner: worker.id,
      outcome: 'played',
    });
    expect(await findAlarm(test.db, USER, alarm.id)).toMatchObject({
      last_outcome: 'played',
      next_fire_at: NEXT,
    });
    expect(told).toEqual([{ alarmId: alarm.id, outcome: 'played' }]);
  });

  it('a lapsed lease, the player already playing the card: recorded played, nothing sent', async () => {
    const alarm = await abandoned('2026-06-10T07:00:01.350Z');
    const { worker, ringer } = spawn();
    ringer.playing = { cardId: alarm.playlist_id, playbackStatus: 'playing' };
    await worker.pass();
    await idle();
    expect(ringer.asked).toHaveLength(1);
    expect(ringer.rings).toEqual([]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({
      outcome: 'played',
      detail: 'taken over after its process stopped: the player was already playing the card',
    });
  });

  it('a lapsed lease, the playlist changed after the claim, the player playing the claimed card: recorded played, nothing sent', async () => {
    const alarm = await abandonedThenRecarded();
    const { worker, ringer } = spawn();
    ringer.playing = { cardId: alarm.playlist_id, playbackStatus: 'playing' };
    await worker.pass();
    await idle();
    expect(ringer.rings).toEqual([]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({
      outcome: 'played',
      playlist_id: 'card-1',
    });
  });

  it('a lapsed lease, the playlist changed after the claim, the player idle: the alarm rings as it is now', async () => {
    const alarm = await abandonedThenRecarded();
    const { worker, ringer } = spawn();
    await worker.pass();
    await idle();
    expect(ringer.rings).toEqual([expect.objectContaining({ cardId: 'card-2' })]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({ outcome: 'played' });
  });

  it('a lapsed lease, the alarm deleted since, the player playing its card: recorded played, nothing sent', async () => {
    const alarm = await abandoned('2026-06-10T07:00:01.350Z');
    await deleteAlarms(test.db, USER, { id: alarm.id });
    const { worker, ringer } = spawn();
    ringer.playing = { cardId: alarm.playlist_id, playbackStatus: 'playing' };
    await worker.pass();
    await idle();
    expect(ringer.asked).toEqual([{ userId: USER, deviceId: alarm.yoto_device_id }]);
    expect(ringer.rings).toEqual([]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({
      outcome: 'played',
      detail:
        'taken over after its process stopped: the player was already playing the card; the alarm was deleted since',
    });
  });

  it('a lapsed lease, the alarm deleted since, the player idle: failed, nothing sent', async () => {
    const alarm = await abandoned('2026-06-10T07:00:01.350Z');
    await deleteAlarms(test.db, USER, { id: alarm.id });
    const { worker, ringer } = spawn();
    await worker.pass();
    await idle();
    expect(ringer.asked).toHaveLength(1);
    expect(ringer.rings).toEqual([]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({
      outcome: 'failed',
      detail: 'taken over after its process stopped; the alarm was deleted since',
    });
  });

  it('a lapsed lease, a bedtime alarm already playing: its sleep timer and night light are sent again, no card/start', async () => {
    const bedtime = { alarm_type: 'bedtime', sleep_timer_minutes: 30, night_light: true };
    const alarm = await abandoned('2026-06-10T07:00:01.350Z', 'worker-dead', bedtime);
    const { worker, ringer } = spawn();
    ringer.playing = { cardId: alarm.playlist_id, playbackStatus: 'playing' };
    await worker.pass();
    await idle();
    expect(ringer.rings).toEqual([]);
    expect(ringer.extrasFinished).toEqual([
      expect.objectContaining({
        deviceId: alarm.yoto_device_id,
        extras: { fadeMinutes: 0, sleepMinutes: 30, nightLight: true },
      }),
    ]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({ outcome: 'played', faded: 0 });
  });

  it('a lapsed lease, a fading wake-up already playing: the fade starts over and the firing says faded', async () => {
    const alarm = await abandoned('2026-06-10T07:00:01.350Z', 'worker-dead', { fade_in_minutes: 5 });
    const { worker, ringer } = spawn();
    ringer.playing = { cardId: alarm.playlist_id, playbackStatus: 'playing' };
    await worker.pass();
    await idle();
    expect(ringer.extrasFinished).toEqual([
      expect.objectContaining({ extras: { fadeMinutes: 5, sleepMinutes: 0, nightLight: false } }),
    ]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({ outcome: 'played', faded: 1 });
  });

  it('a running lease is left alone; once it lapses a started worker takes over within a tick', async () => {
    const alarm = await abandoned('2026-06-10T07:00:04.000Z');
    const a = spawn();
    const b = spawn();
    await Promise.all([a.worker.start(), b.worker.start()]);
    expect([...a.ringer.asked, ...b.ringer.asked]).toEqual([]);
    expect((await findFiring(test.db, alarm.id, DUE))?.outcome).toBeNull();
    // 07:00:04 the lease lapses; the next half-second look takes it over.
    await clock.advance(1_000 + FIRING_LEASE_TICK_MS);
    expect([...a.ringer.rings, ...b.ringer.rings]).toHaveLength(1);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({ outcome: 'played' });
    expect(told).toEqual([{ alarmId: alarm.id, outcome: 'played' }]);
  });

  it('a lapsed lease ten minutes late is settled failed once, by one of two workers, and told once', async () => {
    const alarm = await abandoned('2026-06-10T07:00:01.350Z');
    await clock.advance(10 * 60_000);
    const a = spawn();
    const b = spawn();
    await Promise.all([a.worker.pass(), b.worker.pass()]);
    await idle();
    expect([...a.ringer.asked, ...b.ringer.asked, ...a.ringer.rings, ...b.ringer.rings]).toEqual([]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({
      outcome: 'failed',
      detail: 'the process firing it stopped, and no other could take it over within 10 minutes',
    });
    expect(told).toEqual([{ alarmId: alarm.id, outcome: 'failed' }]);
  });

  it('a holder whose lease another took meanwhile sends no card/start and writes no receipt', async () => {
    const announced: string[] = [];
    const hold = faultHoldAt('after-claim', (line) => announced.push(line));
    const alarm = await abandoned('2026-06-10T07:00:01.350Z');
    // A fresh alarm due now, claimed by this worker, which holds after its claim.
    await test.db.deleteFrom('alarm_firings').execute();
    await test.db.updateTable('alarms').set({ next_fire_at: DUE }).where('id', '=', alarm.id).execute();
    clock = new ManualClock(new Date('2026-06-10T06:59:59.350Z'), idle);
    const { worker, ringer } = spawn({ faultHold: hold });
    const firing = worker.fire({ ...alarm, timezone: null, next_fire_at: DUE }, DUE);
    // The claim is a database write on the real clock: wait (bounded) until the worker says it holds.
    for (let tries = 0; announced.length === 0 && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(announced).toEqual([
      `FAULT-INJECTION HOLD after-claim pid=${process.pid} worker=${worker.id} alarm=${alarm.id} due=${DUE}\n`,
    ]);
    // Its renewals keep the lease while it lives...
    await clock.advance(FIRING_LEASE_MS * 2);
    expect((await findFiring(test.db, alarm.id, DUE))?.lease_owner).toBe(worker.id);
    // ...until another replica holds it (as after a stall long enough for the lease to lapse).
    await test.db
      .updateTable('alarm_firings')
      .set({ lease_owner: 'worker-other', lease_until: '2026-06-10T08:00:00.000Z' })
      .execute();
    await clock.advance(FIRING_LEASE_TICK_MS);
    hold.release();
    expect(await firing).toEqual({ claimed: false });
    expect(ringer.rings).toEqual([]);
    expect(await findFiring(test.db, alarm.id, DUE)).toMatchObject({
      outcome: null,
      lease_owner: 'worker-other',
    });
  });
});
