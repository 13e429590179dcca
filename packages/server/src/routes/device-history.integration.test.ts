import { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { historyAnswerSchema, type HistoryEntry } from '@playlist-alarms/core/cloud/alarm-history-schemas';
import { historyRow } from '@playlist-alarms/core/cloud/alarm-history-view';
import { alarmBody, describeOnDatabases } from '../../test/support/cloud-api';
import { holdsUrl, playerConfig, startHoldsApp, type HoldsApp } from '../../test/support/device-holds';
import { ManualClock } from '../../test/support/manual-clock';
import { RecordingRinger } from '../../test/support/recording-ringer';
import type { TestDatabase } from '../../test/support/test-databases';
import { AlarmWorker } from '../alarm-worker/worker';
import { createAlarm, deleteAlarms, updateAlarm } from '../db/alarms-repository';
import { recordPlayers } from '../db/household-repository';
import { migrateToLatest } from '../db/migrations';
import type { AlarmsTable } from '../db/schema';
import { pauseThrough, resumeAlarm, skipNext } from '../db/skip-pause-repository';

// GET /api/devices/{deviceId}/history against a real sandbox player (both dialects): the cloud
// firings stored by the worker's claim and receipt, the cloud ringings a skip or pause passed over,
// and the skip the hold runner switched back on, newest first and paged; bad input answers 400, another family's player 403, an unknown one 404.

const BEDROOM = 'demo-player-1'; // Europe/London: weekdays 07:00 on
const USER = 'auth0|history-test';
/** Someone outside the family who named the family's player in an alarm of their own. */
const OUTSIDER = 'auth0|other-family';
const START = new Date('2026-08-04T05:59:00.000Z'); // Tuesday 06:59 in London
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

const errorBody = z.strictObject({ error: z.string().min(1) });
const historyUrl = (deviceId: string, query = '') =>
  `/api/devices/${encodeURIComponent(deviceId)}/history${query}`;

describeOnDatabases('player alarm history route → sandbox player', (open) => {
  let test: TestDatabase;
  let holds: HoldsApp;
  let clock: ManualClock;

  /** Two replicas' workers start now, each looks once and stops: one row per ringing is kept. */
  const twoWorkersLook = async () => {
    const workers = [test.db, test.connectAgain()].map(
      (db) => new AlarmWorker({ db, ringer: new RecordingRinger(clock), clock }),
    );
    try {
      await Promise.all(workers.map((worker) => worker.start()));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  };

  beforeEach(async () => {
    await sandboxKnobs(sandbox.url).reset();
    test = await open();
    await migrateToLatest(test.db);
    clock = new ManualClock(START, () => holds.app.holdRunner.whenIdle());
    holds = await startHoldsApp(sandbox, test.db, {
      worker: 'on',
      deps: { now: () => clock.now(), workerClock: clock, ringer: new RecordingRinger(clock) },
    });
    // USER, who set the cloud alarms, is a parent of the signed-in parent's family: the provider
    // listed the family's players for them.
    await recordPlayers(test.db, USER, [BEDROOM, 'demo-player-2'], clock.now().toISOString());
  });
  afterEach(async () => {
    await holds.app.close();
    await test.dispose();
  });

  const cloudAlarm = (name: string, deviceId = BEDROOM, userId = USER) =>
    createAlarm(
      test.db,
      userId,
      cloudAlarmCreateSchema.parse(alarmBody({ alarm_name: name, yoto_device_id: deviceId })),
      clock.now(),
    );
  /** A firing as the worker's claim and receipt leave it. */
  const firing = (alarm: AlarmsTable, dueAt: string, outcome: 'played' | 'missed', lateMs = 0) =>
    test.db
      .insertInto('alarm_firings')
      .values({
        alarm_id: alarm.id,
        due_at: dueAt,
        claimed_by: 'worker-test',
        claimed_at: dueAt,
        outcome,
        outcome_at: dueAt,
        detail: null,
        yoto_user_id: alarm.yoto_user_id,
        yoto_device_id: alarm.yoto_device_id,
        alarm_name: alarm.alarm_name,
        alarm_type: alarm.alarm_type,
        played_at: outcome === 'played' ? new Date(Date.parse(dueAt) + lateMs).toISOString() : null,
        faded: outcome === 'played' && lateMs > 0 ? 1 : 0,
      })
      .execute();
  const page = async (query = '') => {
    const answer = await holds.call('GET', historyUrl(BEDROOM, query));
    // The status with the body, so a refusal's words show when it fails.
    expect({ status: answer.status, error: (answer.body as { error?: string }).error }).toEqual({
      status: 200,
      error: undefined,
    });
    return historyAnswerSchema.parse(answer.body);
  };
  const brief = (entry: HistoryEntry) => [entry.due_at, entry.source, entry.alarm_name, entry.outcome];

  it('lists the player’s cloud firings and its skipped alarm, newest first, a page at a time', async () => {
    const school = await cloudAlarm('School days');
    const weekend = await cloudAlarm('Weekend');
    const elsewhere = await cloudAlarm('Elsewhere', 'demo-player-2');
    await firing(school, '2026-08-03T06:00:00.000Z', 'played', 3_400);
    await firing(weekend, '2026-08-03T06:00:00.000Z', 'missed');
    await firing(school, '2026-08-02T06:00:00.000Z', 'missed');
    await firing(school, '2026-06-30T06:00:00.000Z', 'played'); // 35 days ago: outside the window
    await firing(elsewhere, '2026-08-03T07:00:00.000Z', 'played'); // another player's
    await deleteAlarms(test.db, USER, { id: weekend.id });
    // The player's own weekday alarm, skipped, rings at 07:00; the runner switches it on at 07:02.
    const [weekday = ''] = (await playerConfig(sandbox, BEDROOM)).alarms;
    const skipped = await holds.call('POST', holdsUrl(BEDROOM), {
      alarm: weekday,
      index: 0,
      change: { action: 'skip' },
    });
    expect(skipped.status).toBe(200);
    await clock.advance(4 * 60_000);
    expect((await playerConfig(sandbox, BEDROOM)).alarms[0]).toBe(weekday);

    const first = await page('?limit=2');
    expect(first.entries.map(brief)).toEqual([
      ['2026-08-04T06:00:00.000Z', 'device', 'alarm at 07:00', 'skipped'],
      // Two ringings at one instant: both show, each once, across the page's edge.
      expect.arrayContaining(['2026-08-03T06:00:00.000Z', 'cloud']),
    ]);
    expect(first.next_before).not.toBeNull();
    const second = await page(`?limit=2&before=${encodeURIComponent(first.next_before ?? '')}`);
    expect(second.next_before).toBeNull();
    const all = [...first.entries, ...second.entries];
    expect(all.map(brief)).toEqual([
      ['2026-08-04T06:00:00.000Z', 'device', 'alarm at 07:00', 'skipped'],
      expect.anything(),
      expect.anything(),
      ['2026-08-02T06:00:00.000Z', 'cloud', 'School days', 'missed'],
    ]);
    expect(all.slice(1, 3).map(brief)).toEqual(
      expect.arrayContaining([
        ['2026-08-03T06:00:00.000Z', 'cloud', 'School days', 'played'],
        ['2026-08-03T06:00:00.000Z', 'cloud', 'Weekend', 'missed'],
      ]),
    );
    expect(
      all.find((entry) => entry.alarm_name === 'School days' && entry.outcome === 'played'),
    ).toMatchObject({
      played_at: '2026-08-03T06:00:03.400Z',
      faded: true,
      alarm_deleted: false,
      alarm_type: 'wakeup',
    });
    expect(all.find((entry) => entry.alarm_name === 'Weekend')).toMatchObject({ alarm_deleted: true });
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
    // One page of everything reads the same.
    expect((await page('?limit=100')).entries).toEqual(all);
  });

  it('an outsider’s alarm naming the family’s player writes nothing in its history', async () => {
    const family = await cloudAlarm('School days');
    const planted = await cloudAlarm('Planted words', BEDROOM, OUTSIDER);
    await firing(family, '2026-08-03T06:00:00.000Z', 'played');
    await firing(planted, '2026-08-03T06:30:00.000Z', 'missed');
    expect((await page()).entries.map(brief)).toEqual([
      ['2026-08-03T06:00:00.000Z', 'cloud', 'School days', 'played'],
    ]);
  });

  it('a pause resumed half-way leaves the ringings it kept silent so far', async () => {
    let at = new Date('2026-08-03T12:00:00.000Z'); // Monday 13:00 in London
    const resumer = await startHoldsApp(sandbox, test.db, { deps: { now: () => at } });
    try {
      const [weekday = ''] = (await playerConfig(sandbox, BEDROOM)).alarms;
      const pause = { action: 'pause', through: '2026-08-07' };
      const paused = await resumer.call('POST', holdsUrl(BEDROOM), {
        alarm: weekday,
        index: 0,
        change: pause,
      });
      expect(paused.status).toBe(200);
      at = new Date('2026-08-05T12:00:00.000Z'); // Wednesday noon: Tuesday's and Wednesday's 07:00 were silent
      const held = weekday.replace(/,1$/, ',0');
      const resumed = await resumer.call('POST', holdsUrl(BEDROOM), {
        alarm: held,
        index: 0,
        change: { action: 'resume' },
      });
      expect(resumed.status).toBe(200);
      const answer = await resumer.call('GET', historyUrl(BEDROOM));
      expect(historyAnswerSchema.parse(answer.body).entries.map(brief)).toEqual([
        ['2026-08-05T06:00:00.000Z', 'device', 'alarm at 07:00', 'paused'],
        ['2026-08-04T06:00:00.000Z', 'device', 'alarm at 07:00', 'paused'],
      ]);
    } finally {
      await resumer.app.close();
    }
  });

  it('lists a cloud alarm’s ringings a skip or pause passed over as Skipped and Paused, once', async () => {
    // Set on Sunday (UTC: the parent has no zone); the worker looks on Tuesday at 06:59.
    const sunday = new Date('2026-08-02T12:00:00.000Z');
    const create = (name: string, hour: number, minute: number) =>
      createAlarm(
        test.db,
        USER,
        cloudAlarmCreateSchema.parse(alarmBody({ alarm_name: name, yoto_device_id: BEDROOM, hour, minute })),
        sunday,
      );
    const school = await create('School days', 7, 0);
    const club = await create('Holiday club', 6, 0);
    const later = await create('Later', 7, 30);
    expect(await skipNext(test.db, USER, school.id, sunday)).toMatchObject({
      skip_until: '2026-08-03T07:00:00.000Z',
    });
    expect(await pauseThrough(test.db, USER, club.id, '2026-08-03', sunday)).toMatchObject({
      next_fire_at: '2026-08-04T06:00:00.000Z',
    });
    // A skip of a ringing still ahead (Tuesday 07:30) is not in the history yet.
    expect(await skipNext(test.db, USER, later.id, clock.now())).toMatchObject({
      skip_until: '2026-08-04T07:30:00.000Z',
    });
    await firing(school, '2026-07-31T07:00:00.000Z', 'played'); // Friday's, before the skip: rang

    // Two replicas' workers start at 06:59 on Tuesday: each looks, one row per ringing is kept.
    await twoWorkersLook();
    await deleteAlarms(test.db, USER, { id: club.id });

    const entries = (await page()).entries;
    expect(entries.map(brief)).toEqual([
      ['2026-08-03T07:00:00.000Z', 'cloud', 'School days', 'skipped'],
      ['2026-08-03T06:00:00.000Z', 'cloud', 'Holiday club', 'paused'],
      ['2026-07-31T07:00:00.000Z', 'cloud', 'School days', 'played'],
    ]);
    expect(entries[0]).toMatchObject({
      alarm_type: 'wakeup',
      played_at: null,
      faded: false,
      alarm_deleted: false,
    });
    expect(entries[1]).toMatchObject({ alarm_deleted: true });
    expect(await test.db.selectFrom('cloud_alarm_ringings').select('due_at').execute()).toHaveLength(2);
    // The web view's words for them, as for a player alarm's.
    expect(
      entries.map((entry) => historyRow(entry, 'UTC')).map(({ source, outcome }) => [source, outcome]),
    ).toEqual([
      ['Cloud alarm', 'Skipped'],
      ['Cloud alarm', 'Paused'],
      ['Cloud alarm', 'Played, on time'],
    ]);
  });

  it('keeps a passed-over ringing when the parent resumes or edits the alarm before the worker looks', async () => {
    const sunday = new Date('2026-08-02T12:00:00.000Z');
    const create = (name: string, hour: number) =>
      createAlarm(
        test.db,
        USER,
        cloudAlarmCreateSchema.parse(
          alarmBody({ alarm_name: name, yoto_device_id: BEDROOM, hour, minute: 0 }),
        ),
        sunday,
      );
    const school = await create('School days', 7);
    const club = await create('Holiday club', 6);
    await skipNext(test.db, USER, school.id, sunday); // Monday 07:00
    await pauseThrough(test.db, USER, club.id, '2026-08-03', sunday); // Monday 06:00
    // Tuesday 06:59, no look since Sunday: the parent resumes one and moves the other. Either
    // moves the alarm's updated_at past Monday, where a later look starts from.
    expect(await resumeAlarm(test.db, USER, school.id, clock.now())).toMatchObject({ skip_until: null });
    expect(await updateAlarm(test.db, USER, club.id, { hour: 6, minute: 15 }, clock.now())).toMatchObject({
      minute: 15,
    });
    await twoWorkersLook();

    expect((await page()).entries.map(brief)).toEqual([
      ['2026-08-03T07:00:00.000Z', 'cloud', 'School days', 'skipped'],
      ['2026-08-03T06:00:00.000Z', 'cloud', 'Holiday club', 'paused'],
    ]);
  });

  it('answers 400 with { error } for a bad limit or cursor, and the provider’s refusals', async () => {
    for (const [query, error] of [
      ['?limit=0', 'limit must be a whole number from 1 to 100'],
      ['?limit=abc', 'limit must be a whole number from 1 to 100'],
      ['?limit=101', 'limit must be a whole number from 1 to 100'],
      ['?before=bm90IGEgY3Vyc29y', 'before must be a cursor from an earlier page of the history'],
      ['?before=%00', 'before must be a cursor from an earlier page of the history'],
    ])
      expect(await holds.call('GET', historyUrl(BEDROOM, query))).toEqual({ status: 400, body: { error } });
    const unknown = await holds.call('GET', historyUrl('no-such-player'));
    expect(unknown.status).toBe(404);
    expect(errorBody.parse(unknown.body).error).toBe('Player not found');
    const { access_token } = await sandbox.issueTokens('other');
    const outsider = await holds.app.inject({
      method: 'GET',
      url: historyUrl(BEDROOM),
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(outsider.statusCode).toBe(403);
    expect(errorBody.parse(outsider.json()).error).toBe('The provider refused access to this player');
    const anonymous = await holds.app.inject({ method: 'GET', url: historyUrl(BEDROOM) });
    expect(anonymous.statusCode).toBe(401);
  });
});
