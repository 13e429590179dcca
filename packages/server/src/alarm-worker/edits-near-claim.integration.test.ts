import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { RING_LEAD_MS } from '@playlist-alarms/core/cloud/alarm-firing';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { createAlarm, replaceAlarmOfType, updateAlarm } from '../db/alarms-repository';
import { claimFiring, type Claim } from '../db/firing-claims-repository';
import { ClaimBatcher } from './claim-batcher';
import type { AlarmsTable } from '../db/schema';
import { findFiring } from '../db/firings-repository';
import { saveUserProfile } from '../db/users-repository';
import { findAlarm } from '../../test/support/stored-rows';
import { alarmBody, describeOnDatabases, describeOnPostgres } from '../../test/support/cloud-api';
import { useWorkerFleet } from '../../test/support/worker-fleet';

// Writes that land near a firing's claim (docs/decisions/alarm-firing-claims.md, "Writes near the
// claim"): the claim is made RING_LEAD_MS before the due instant, from the row a look read up to a
// minute before. Hand-driven clock, both databases.

const USER = 'auth0|near-claim';
const START = new Date('2026-06-10T06:58:30.000Z'); // a Wednesday; the alarm is at 07:00 UTC
const DUE = '2026-06-10T07:00:00.000Z';

/** A worker's claim of the 07:00 firing from `alarm` as it read it, made at `at`. */
const claimOf = (alarm: AlarmsTable, claimedBy: string, at: Date): Claim => ({
  alarmId: alarm.id,
  alarm,
  dueAt: DUE,
  nextFireAt: '2026-06-11T07:00:00.000Z',
  claimedBy,
  at: at.toISOString(),
  leaseUntil: new Date(at.getTime() + 2_000).toISOString(),
});

describeOnDatabases('alarm worker: writes near the claim', (open) => {
  const fleet = useWorkerFleet(open, START);
  const { spawn, idle } = fleet;
  const body = (overrides: Record<string, unknown> = {}) =>
    cloudAlarmCreateSchema.parse(alarmBody({ hour: 7, minute: 0, days: '1111111', volume: 6, ...overrides }));
  const newAlarm = (overrides: Record<string, unknown> = {}) =>
    createAlarm(fleet.test.db, USER, body(overrides), fleet.clock.now());

  it('an edit after the timer was armed, before the claim, rings with the edited row', async () => {
    const alarm = await newAlarm();
    const { worker, ringer } = spawn(fleet.test.db);
    await worker.start();
    // 06:59:31, armed at 06:59:00 with the row as it was; off the looks' 5 s beat, so no look falls
    // on the claim's own instant by chance.
    await fleet.clock.advance(61_000);
    expect(worker.armedCount).toBe(1);
    // Not on Thursdays any more, and louder; Wednesday 07:00 stays the next ringing.
    const edited = await updateAlarm(
      fleet.test.db,
      USER,
      alarm.id,
      { days: '1110111', volume: 9 },
      fleet.clock.now(),
    );
    expect(edited?.next_fire_at).toBe(DUE);
    worker.notify();
    await idle();
    await fleet.clock.advance(40_000); // 07:00:10
    expect(ringer.rings.map((r) => [r.at, r.volume])).toEqual([[DUE, 9]]);
    expect(await findAlarm(fleet.test.db, USER, alarm.id)).toMatchObject({
      next_fire_at: '2026-06-12T07:00:00.000Z', // Friday: Thursday is off now
    });
  });

  it('a stale and a fresh claim of one firing in one batch: the fresh one is sent, and holds', async () => {
    const alarm = await newAlarm();
    await fleet.clock.advance(90_000 - RING_LEAD_MS);
    const edited = await updateAlarm(fleet.test.db, USER, alarm.id, { volume: 9 }, fleet.clock.now());
    if (!edited) throw new Error('the edit found no alarm');
    const batch = new ClaimBatcher(fleet.test.db);
    // A timer holding the row from before the edit, then a page's trigger with the edited one.
    const answers = await Promise.all([
      batch.claim(claimOf(alarm, 'worker-a', fleet.clock.now())),
      batch.claim(claimOf(edited, 'worker-a', fleet.clock.now())),
    ]);
    expect(answers).toEqual([false, true]);
    expect(await findFiring(fleet.test.db, alarm.id, DUE)).not.toBeNull();
  });

  it('a claim from a row read before an edit is refused, and the edited row is rung', async () => {
    const alarm = await newAlarm();
    await fleet.clock.advance(90_000 - RING_LEAD_MS);
    await updateAlarm(fleet.test.db, USER, alarm.id, { volume: 9 }, fleet.clock.now());
    // `alarm` is the row from before the edit, as a look's timer would hold it.
    const claim = claimOf(alarm, 'worker-stale', fleet.clock.now());
    expect(await claimFiring(fleet.test.db, claim)).toBe(false);
    expect(await findFiring(fleet.test.db, alarm.id, DUE)).toBeNull();
    const { worker, ringer } = spawn(fleet.test.db);
    await worker.start(); // its look reads the edited row: overdue by nothing, so it rings now
    await fleet.clock.advance(10_000);
    expect(ringer.rings.map((r) => r.volume)).toEqual([9]);
  });

  it('an upload replacing the alarm once its ringing is claimed does not ring that instant again', async () => {
    await newAlarm({ alarm_type: 'wakeup' });
    const { worker, ringer } = spawn(fleet.test.db);
    await worker.start();
    await fleet.clock.advance(91_000 - RING_LEAD_MS); // 06:59:58: 07:00 claimed a second ago
    const replacement = await replaceAlarmOfType(
      fleet.test.db,
      USER,
      body({ alarm_type: 'wakeup', playlist_id: 'card-2' }),
      fleet.clock.now(),
    );
    expect(replacement.next_fire_at).toBe('2026-06-11T07:00:00.000Z');
    worker.notify();
    await fleet.clock.advance(10_000);
    await idle();
    expect(ringer.rings.map((r) => [r.at, r.cardId])).toEqual([[DUE, 'card-1']]);
  });

  it('an edit between the claim and the due instant keeps the schedule moving: the next day rings', async () => {
    const alarm = await newAlarm();
    const { worker, ringer } = spawn(fleet.test.db);
    await worker.start();
    await fleet.clock.advance(90_000 - RING_LEAD_MS); // 06:59:57: the 07:00 firing is claimed
    expect(await findFiring(fleet.test.db, alarm.id, DUE)).not.toBeNull();
    await fleet.clock.advance(1_000);
    // The same time and days: only the volume changes, so "the next ringing after now" is 07:00,
    // which is already claimed and ringing.
    const edited = await updateAlarm(fleet.test.db, USER, alarm.id, { volume: 8 }, fleet.clock.now());
    expect(edited?.next_fire_at).toBe('2026-06-11T07:00:00.000Z');
    worker.notify();
    await fleet.clock.advance(10_000);
    await idle();
    expect(ringer.rings.map((r) => r.at)).toEqual(['2026-06-10T07:00:00.000Z']);
    // The claimed firing's receipt still shows on the alarm.
    expect(await findAlarm(fleet.test.db, USER, alarm.id)).toMatchObject({
      next_fire_at: '2026-06-11T07:00:00.000Z',
      volume: 8,
      last_fired_at: '2026-06-10T07:00:00.000Z',
      last_outcome: 'played',
    });
    // Nothing is left due today: a pass finds no firing it cannot claim.
    expect(await worker.pass()).toMatchObject({ fired: 0, missed: 0, already_claimed: 0 });
  });

  it('a time zone change between the claim and the due instant does not point the alarm back at it', async () => {
    const alarm = await newAlarm();
    const { worker } = spawn(fleet.test.db);
    await worker.start();
    await fleet.clock.advance(91_000 - RING_LEAD_MS); // 06:59:58, the 07:00 firing claimed
    // Another zone with UTC's clock: 07:00 there is the claimed instant again.
    await saveUserProfile(fleet.test.db, USER, { timezone: 'Africa/Abidjan' }, fleet.clock.now());
    expect(await findAlarm(fleet.test.db, USER, alarm.id)).toMatchObject({
      next_fire_at: '2026-06-11T07:00:00.000Z',
    });
  });
});

// SQLite has one writer at a time, so an edit and a claim cannot overlap there.
describeOnPostgres('alarm worker: an edit and a claim at once', (open) => {
  const fleet = useWorkerFleet(open, START);
  const { spawn } = fleet;
  const newAlarm = () =>
    createAlarm(
      fleet.test.db,
      USER,
      cloudAlarmCreateSchema.parse(alarmBody({ hour: 7, minute: 0, days: '1111111' })),
      fleet.clock.now(),
    );

  it('an edit whose transaction straddles a claim on another connection never leaves the alarm stuck', async () => {
    const alarm = await newAlarm();
    await fleet.clock.advance(90_000 - RING_LEAD_MS); // 06:59:57
    const other = fleet.test.connectAgain();
    let claiming: Promise<boolean> | undefined;
    // The worker's claim (another process) starts once the edit has looked for a claimed instant,
    // before the edit writes: the edit must not write next_fire_at back onto a claimed instant.
    const editing = fleet.test.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const [row] = args.result.rows;
        if (claiming === undefined && row !== undefined && Object.keys(row).join() === 'due_at') {
          claiming = claimFiring(other, claimOf(alarm, 'worker-other', fleet.clock.now()));
          // Time for the claim to commit if nothing holds it back (real time: it is another connection).
          await Promise.race([claiming, sleep(500)]);
        }
        return args.result;
      },
    });
    await updateAlarm(editing, USER, alarm.id, { volume: 8 }, fleet.clock.now());
    expect(claiming).toBeDefined();
    await claiming;
    const { worker, ringer } = spawn(fleet.test.db);
    await worker.start();
    await fleet.clock.advance(10_000);
    const stored = await findAlarm(fleet.test.db, USER, alarm.id);
    // Rung once, by whichever claim held, and moved on to Thursday.
    const firing = await findFiring(fleet.test.db, alarm.id, DUE);
    expect(firing).not.toBeNull();
    expect(stored?.next_fire_at).toBe('2026-06-11T07:00:00.000Z');
    expect(ringer.rings.length + (firing?.claimed_by === 'worker-other' ? 1 : 0)).toBe(1);
  });
});
