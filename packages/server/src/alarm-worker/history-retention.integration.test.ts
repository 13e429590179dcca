import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { alarmBody, describeOnDatabases } from '../../test/support/cloud-api';
import { ManualClock } from '../../test/support/manual-clock';
import { RecordingRinger } from '../../test/support/recording-ringer';
import type { TestDatabase } from '../../test/support/test-databases';
import { historyPage } from '../alarm-history/history-page';
import { createAlarm, deleteAlarms } from '../db/alarms-repository';
import { findFiring } from '../db/firings-repository';
import { migrateToLatest } from '../db/migrations';
import { recentSends } from '../db/pending-notifications-repository';
import { claimNotification } from '../db/push-repository';
import type { AlarmsTable, Database } from '../db/schema';
import { RetentionPurge } from './retention-purge';
import { AlarmWorker } from './worker';

// The alarm history's writes and its retention on a hand-driven clock (both dialects): the worker's
// firing keeps what the history shows, so it reads after the alarm is deleted; of two replicas on
// one database, one a hour takes the purge's turn and deletes firings older than 90 days, and a
// deleted alarm's after 30, and in the same pass the push log's rows the delivery rules no longer read
// and the players' own alarm lists no config read has refreshed for 30 days.

const USER = 'auth0|history-retention';
const DAY = 24 * 3_600_000;
const NOW = new Date('2026-11-02T06:58:30.000Z'); // a Monday; the alarm is at 07:00 UTC
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
/** "<alarm id> <due_at>" texts, oldest first (as remaining() lists them). */
const byDue = (x: string, y: string) => (x.split(' ')[1] ?? '').localeCompare(y.split(' ')[1] ?? '');

describeOnDatabases('alarm history: the worker’s record and the retention purge', (open) => {
  let test: TestDatabase;
  let clock: ManualClock;
  let purges: RetentionPurge[];
  let workers: AlarmWorker[];

  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
    purges = [];
    workers = [];
    clock = new ManualClock(NOW, async () => {
      await Promise.all([...purges, ...workers].map((each) => each.whenIdle()));
    });
  });
  afterEach(async () => {
    await Promise.all(purges.map((purge) => purge.stop()));
    await Promise.all(workers.map((worker) => worker.stop()));
    await test.dispose();
  });

  const newAlarm = (overrides: Record<string, unknown> = {}) =>
    createAlarm(
      test.db,
      USER,
      cloudAlarmCreateSchema.parse(
        alarmBody({ alarm_name: 'School days', hour: 7, minute: 0, days: '1111111', ...overrides }),
      ),
      clock.now(),
    );
  const firing = (alarm: Pick<AlarmsTable, 'id' | 'yoto_device_id'>, dueAt: string) =>
    test.db
      .insertInto('alarm_firings')
      .values({
        alarm_id: alarm.id,
        due_at: dueAt,
        claimed_by: 'worker-old',
        claimed_at: dueAt,
        outcome: 'played',
        outcome_at: dueAt,
        yoto_device_id: alarm.yoto_device_id,
        alarm_name: 'old',
      })
      .execute();
  const silenced = (dueAt: string) =>
    test.db
      .insertInto('device_alarm_ringings')
      .values({
        yoto_device_id: 'player-1',
        alarm: '1111111,0700,card-1,,,6,0',
        due_at: dueAt,
        yoto_user_id: USER,
        alarm_name: 'alarm at 07:00',
        outcome: 'skipped',
        recorded_at: dueAt,
      })
      .execute();
  const played = (dueAt: string) =>
    test.db
      .insertInto('device_alarm_plays')
      .values({
        yoto_device_id: 'player-1',
        alarm: '1111111,0700,card-1,,,6,1',
        due_at: dueAt,
        yoto_user_id: USER,
        alarm_name: 'alarm at 07:00',
        started_at: dueAt,
        recorded_at: dueAt,
      })
      .execute();
  const remaining = async () => ({
    firings: (
      await test.db.selectFrom('alarm_firings').select(['alarm_id', 'due_at']).orderBy('due_at').execute()
    ).map((row) => `${row.alarm_id} ${row.due_at}`),
    silenced: (
      await test.db.selectFrom('device_alarm_ringings').select('due_at').orderBy('due_at').execute()
    ).map((row) => row.due_at),
    played: (await test.db.selectFrom('device_alarm_plays').select('due_at').execute()).map(
      (row) => row.due_at,
    ),
  });
  const purgeOn = (db: Kysely<Database>) => {
    const purge = new RetentionPurge({ db, clock });
    purges.push(purge);
    return purge;
  };

  it('the worker’s firing keeps the player, name, type, when it played and its fade, after a delete', async () => {
    const alarm = await newAlarm({ fade_in_minutes: 5 });
    const worker = new AlarmWorker({ db: test.db, ringer: new RecordingRinger(clock), clock });
    workers.push(worker);
    await worker.start();
    await clock.advance(120_000); // 07:00:30
    expect(await findFiring(test.db, alarm.id, '2026-11-02T07:00:00.000Z')).toMatchObject({
      outcome: 'played',
      yoto_user_id: USER,
      yoto_device_id: 'player-1',
      alarm_name: 'School days',
      alarm_type: 'wakeup',
      played_at: '2026-11-02T07:00:00.000Z',
      faded: 1,
    });
    await deleteAlarms(test.db, USER, { id: alarm.id });
    const answer = await historyPage(test.db, USER, 'player-1', { limit: 20 }, clock.now());
    expect(answer).toEqual({
      entries: [
        {
          id: `c:${alarm.id}@2026-11-02T07:00:00.000Z`,
          source: 'cloud',
          alarm_name: 'School days',
          alarm_type: 'wakeup',
          due_at: '2026-11-02T07:00:00.000Z',
          outcome: 'played',
          played_at: '2026-11-02T07:00:00.000Z',
          faded: true,
          alarm_deleted: true,
        },
      ],
      next_before: null,
    });
  });

  it('two replicas purge once an hour between them: old and orphaned rows go, the rest stay', async () => {
    const kept = await newAlarm();
    const gone = { id: 'alarm-deleted', yoto_device_id: 'player-1' };
    await firing(kept, ago(91 * DAY)); // over 90 days: goes
    await firing(kept, ago(90 * DAY - 30 * 60_000)); // 90 days in half an hour: goes at the next hourly pass
    await firing(kept, ago(89 * DAY)); // stays
    await firing(gone, ago(31 * DAY)); // a deleted alarm's, over 30 days: goes
    await firing(gone, ago(29 * DAY)); // a deleted alarm's, under 30 days: stays (the history shows it)
    await silenced(ago(91 * DAY)); // goes
    await silenced(ago(10 * DAY)); // stays
    await played(ago(91 * DAY)); // goes
    await played(ago(10 * DAY)); // stays

    // Both replicas pass at start-up, at the same moment: one takes the hour and purges.
    const [a, b] = [purgeOn(test.db), purgeOn(test.connectAgain())];
    const counts = await Promise.all([a.pass(), b.pass()]);
    expect(counts.filter((count) => count === null)).toHaveLength(1);
    expect(counts.filter((count) => count !== null)).toEqual([4]);
    expect(await remaining()).toEqual({
      firings: [
        `alarm-deleted ${ago(29 * DAY)}`,
        `${kept.id} ${ago(89 * DAY)}`,
        `${kept.id} ${ago(90 * DAY - 30 * 60_000)}`,
      ].sort(byDue),
      silenced: [ago(10 * DAY)],
      played: [ago(10 * DAY)],
    });

    // Started as the app starts them: a look now and every few minutes; the hour is taken, so the
    // firing now due waits for the next hour's turn.
    a.start();
    b.start();
    await Promise.all([a.whenIdle(), b.whenIdle()]);
    await clock.advance(59 * 60_000);
    expect((await remaining()).firings).toHaveLength(3);
    await clock.advance(60_000);
    expect(await remaining()).toEqual({
      firings: [`${kept.id} ${ago(89 * DAY)}`, `alarm-deleted ${ago(29 * DAY)}`].sort(byDue),
      silenced: [ago(10 * DAY)],
      played: [ago(10 * DAY)],
    });
  });

  it('over three hours of both replicas asking every minute, the purge runs three times', async () => {
    const replicas = [purgeOn(test.db), purgeOn(test.connectAgain())];
    const turns: string[] = [];
    for (let minute = 0; minute < 180; minute += 1) {
      const counts = await Promise.all(replicas.map((replica) => replica.pass()));
      counts.forEach((count, index) => {
        if (count !== null) turns.push(`${minute} ${index === 0 ? 'a' : 'b'}`);
      });
      await clock.advance(60_000);
    }
    expect(turns.map((turn) => turn.split(' ')[0])).toEqual(['0', '60', '120']);
  });

  it('in the same hourly pass, the push log keeps two days and held news two days from when first held', async () => {
    const HOUR = 3_600_000;
    const sent = (key: string, at: string) =>
      test.db
        .insertInto('sent_notifications')
        .values({
          yoto_user_id: USER,
          dedup_key: key,
          kind: 'alarm-not-played',
          sent_at: at,
          device_id: 'player-1',
        })
        .execute();
    const held = (key: string, createdAt: string, leaseUntil: string | null) =>
      test.db
        .insertInto('pending_notifications')
        .values({
          yoto_user_id: USER,
          dedup_key: key,
          notification: '{}',
          until: ago(HOUR),
          lease_owner: leaseUntil === null ? null : 'pending-other',
          lease_until: leaseUntil,
          created_at: createdAt,
        })
        .execute();
    await sent('three-days', ago(3 * DAY)); // goes
    await sent('just-under-two-days', ago(2 * DAY - HOUR)); // stays: the rules still read it
    await sent('an-hour', ago(HOUR)); // stays
    await held('held-three-days', ago(3 * DAY), null); // goes: stale
    await held('held-three-days-expired-lease', ago(3 * DAY), ago(HOUR)); // goes
    await held('held-three-days-leased-now', ago(3 * DAY), new Date(NOW.getTime() + 60_000).toISOString()); // stays
    await held('held-a-day', ago(DAY), null); // stays

    const counts = await Promise.all([purgeOn(test.db).pass(), purgeOn(test.connectAgain()).pass()]);
    expect(counts.filter((count) => count !== null)).toEqual([3]);
    const keys = async (table: 'sent_notifications' | 'pending_notifications') =>
      (await test.db.selectFrom(table).select('dedup_key').orderBy('dedup_key').execute()).map(
        (row) => row.dedup_key,
      );
    expect(await keys('sent_notifications')).toEqual(['an-hour', 'just-under-two-days']);
    expect(await keys('pending_notifications')).toEqual(['held-a-day', 'held-three-days-leased-now']);
    // What is kept still dedups and counts towards the rate limit.
    expect((await recentSends(test.db, USER, NOW)).map((send) => send.dedupKey)).toEqual([
      'just-under-two-days',
      'an-hour',
    ]);
    const again = {
      dedupKey: 'just-under-two-days',
      kind: 'alarm-not-played' as const,
      deviceId: 'player-1',
    };
    expect(await claimNotification(test.db, USER, again, NOW)).toBe(false);
  });

  it('in the same hourly pass, a player’s own alarm list not read for 30 days goes', async () => {
    const list = (deviceId: string, readAt: string) =>
      test.db
        .insertInto('player_own_alarms')
        .values({ yoto_device_id: deviceId, alarms: '[]', time_zone: null, read_at: readAt })
        .execute();
    await list('player-gone', ago(31 * DAY)); // goes: no one reads it any more
    await list('player-month', ago(30 * DAY + 60_000)); // goes
    await list('player-week', ago(7 * DAY)); // stays: past trusted, but a read may come back
    await list('player-today', ago(60_000)); // stays

    const counts = await Promise.all([purgeOn(test.db).pass(), purgeOn(test.connectAgain()).pass()]);
    expect(counts.filter((count) => count !== null)).toEqual([2]);
    const left = await test.db
      .selectFrom('player_own_alarms')
      .select('yoto_device_id')
      .orderBy('yoto_device_id')
      .execute();
    expect(left.map((row) => row.yoto_device_id)).toEqual(['player-today', 'player-week']);
  });
});
