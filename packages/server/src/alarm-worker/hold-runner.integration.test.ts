import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { holdsUrl, playerConfig, startHoldsApp, type HoldsApp } from '../../test/support/device-holds';
import { ManualClock } from '../../test/support/manual-clock';
import type { TestDatabase } from '../../test/support/test-databases';
import { migrateToLatest } from '../db/migrations';
import { ownAlarmsOf } from '../db/player-own-alarms-repository';
import type { Database } from '../db/schema';

// The hold runner against a real sandbox player on a hand-driven clock: it switches a skipped or
// paused alarm back on at switch_on_at and not before, across both clock changes, after a restart,
// once across two replicas, after the player comes back, and after the provider does.

const BEDROOM = 'demo-player-1'; // Europe/London: weekdays 07:00 on, weekends 08:30 off
const PLAYROOM = 'demo-player-2'; // Europe/London: daily 19:30, six fields (on)
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

const offString = (raw: string) => (raw.split(',').length === 6 ? `${raw},0` : raw.replace(/,1$/, ',0'));

describeOnDatabases('hold runner → sandbox player', (open) => {
  let test: TestDatabase;
  let apps: HoldsApp[];
  let configPuts: number;
  const countingFetch: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method === 'PUT' && /\/device-v2\/[^/]+\/config$/.test(url)) configPuts += 1;
    return fetch(input, init);
  };

  beforeEach(async () => {
    await sandboxKnobs(sandbox.url).reset();
    test = await open();
    await migrateToLatest(test.db);
    apps = [];
    configPuts = 0;
  });
  afterEach(async () => {
    await Promise.all(apps.map(({ app }) => app.close()));
    await test.dispose();
  });

  /** An app on `db` whose routes and runner both read `clock`; its runner waits for each pass. */
  async function appAt(clock: { now(): Date }, worker: 'on' | 'off', db: Kysely<Database> = test.db) {
    const manual = clock instanceof ManualClock ? { workerClock: clock } : {};
    const started = await startHoldsApp(sandbox, db, {
      worker,
      deps: { now: () => clock.now(), fetch: countingFetch, ...manual },
    });
    apps.push(started);
    return started;
  }
  /** A clock whose every timer waits for the runners of the apps started so far. */
  const manualClock = (start: string) =>
    new ManualClock(new Date(start), async () => {
      await Promise.all(apps.map(({ app }) => app.holdRunner.whenIdle()));
    });
  const storedHolds = () => test.db.selectFrom('alarm_holds').selectAll().execute();
  const alarmsOf = async (deviceId: string) => (await playerConfig(sandbox, deviceId)).alarms;
  const skip = (holds: HoldsApp, deviceId: string, alarm: string, index: number) =>
    holds.call('POST', holdsUrl(deviceId), { alarm, index, change: { action: 'skip' } });

  it('switches a skipped alarm back on at switch_on_at and not before, with one write', async () => {
    const clock = manualClock('2026-08-04T05:59:00.000Z'); // Tuesday 06:59 in London
    const holds = await appAt(clock, 'on');
    const [weekday = '', weekend = ''] = await alarmsOf(BEDROOM);
    const answer = await skip(holds, BEDROOM, weekday, 0);
    expect(answer.body).toMatchObject({ holds: [{ switch_on_at: '2026-08-04T06:02:00.000Z' }] });
    configPuts = 0;

    await clock.advance(174_000); // 06:01:54
    expect(await alarmsOf(BEDROOM)).toEqual([offString(weekday), weekend]);
    expect(await storedHolds()).toHaveLength(1);
    await clock.advance(10_000); // 06:02:04: the pass after switch_on_at
    expect(await alarmsOf(BEDROOM)).toEqual([weekday, weekend]);
    expect(await storedHolds()).toEqual([]);
    expect(configPuts).toBe(1);
    // The list as the runner wrote it is the one the player watch now knows (docs/push-rules.md).
    const [known] = await ownAlarmsOf(test.db, [BEDROOM], new Date(0));
    expect(known?.alarms).toEqual([weekday, weekend]);
    expect(Date.parse(known?.readAt ?? '')).toBeGreaterThanOrEqual(Date.parse('2026-08-04T06:02:00.000Z'));
  });

  it('across the spring change: a London alarm skipped on Saturday goes back on at 19:32 BST on Sunday', async () => {
    const saturday = { now: () => new Date('2026-03-28T20:00:00.000Z') }; // after Saturday's ringing
    const routes = await appAt(saturday, 'off');
    const [daily = ''] = await alarmsOf(PLAYROOM);
    const answer = await skip(routes, PLAYROOM, daily, 0);
    // 19:30 on Sunday is 18:30 UTC once summer time has begun (19:30 UTC on Saturday).
    expect(answer.body).toMatchObject({
      holds: [{ skip_until: '2026-03-29T18:30:00.000Z', switch_on_at: '2026-03-29T18:32:00.000Z' }],
    });
    await routes.app.close();
    apps = [];

    const clock = manualClock('2026-03-29T18:31:50.000Z');
    await appAt(clock, 'on');
    expect(await alarmsOf(PLAYROOM)).toEqual([offString(daily)]);
    await clock.advance(15_000);
    expect(await alarmsOf(PLAYROOM)).toEqual([`${daily},1`]);
    expect(await storedHolds()).toEqual([]);
  });

  it('across the autumn change: paused through Sunday 25 Oct, back on at midnight GMT after it', async () => {
    const friday = { now: () => new Date('2026-10-23T12:00:00.000Z') };
    const routes = await appAt(friday, 'off');
    const [weekday = '', weekend = ''] = await alarmsOf(BEDROOM);
    const answer = await routes.call('POST', holdsUrl(BEDROOM), {
      alarm: weekday,
      index: 0,
      change: { action: 'pause', through: '2026-10-25' },
    });
    // Midnight after the pause is 00:00 UTC (GMT again), not 23:00 the day before.
    expect(answer.body).toMatchObject({ holds: [{ switch_on_at: '2026-10-26T00:00:00.000Z' }] });
    await routes.app.close();
    apps = [];

    const clock = manualClock('2026-10-25T23:00:01.000Z');
    await appAt(clock, 'on');
    await clock.advance(10_000);
    // Still off an hour before: midnight in summer time would have been 23:00 UTC.
    expect(await alarmsOf(BEDROOM)).toEqual([offString(weekday), weekend]);
    const late = manualClock('2026-10-25T23:59:55.000Z');
    await apps[0]?.app.close();
    apps = [];
    await appAt(late, 'on');
    expect(await alarmsOf(BEDROOM)).toEqual([offString(weekday), weekend]);
    await late.advance(10_000);
    expect(await alarmsOf(BEDROOM)).toEqual([weekday, weekend]);
  });

  it('a restart in the middle: a new app on the same database switches it on', async () => {
    const clock = manualClock('2026-08-04T05:59:00.000Z');
    const first = await appAt(clock, 'on');
    const [weekday = '', weekend = ''] = await alarmsOf(BEDROOM);
    await skip(first, BEDROOM, weekday, 0);
    await clock.advance(30_000);
    await first.app.close();
    apps = [];

    await appAt(clock, 'on', test.connectAgain());
    await clock.advance(160_000); // 06:02:10
    expect(await alarmsOf(BEDROOM)).toEqual([weekday, weekend]);
    expect(await storedHolds()).toEqual([]);
  });

  it('two replicas on one database: each switch-on is written once', async () => {
    const clock = { now: () => new Date('2026-08-04T05:59:00.000Z') };
    const one = await appAt(clock, 'off');
    const two = await appAt(clock, 'off', test.connectAgain());
    const [weekday = '', weekend = ''] = await alarmsOf(BEDROOM);
    const [daily = ''] = await alarmsOf(PLAYROOM);
    await skip(one, BEDROOM, weekday, 0);
    const dailyAnswer = await skip(two, PLAYROOM, daily, 0);
    expect(dailyAnswer.status).toBe(200);
    // Both due at once (the playroom's hold too), both replicas' passes at the same moment.
    await test.db.updateTable('alarm_holds').set({ next_attempt_at: '2026-08-04T06:00:00.000Z' }).execute();
    configPuts = 0;
    clock.now = () => new Date('2026-08-04T06:02:05.000Z');
    const claimed = await Promise.all([one.app.holdRunner.pass(), two.app.holdRunner.pass()]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(2);
    expect(configPuts).toBe(2);
    expect(await alarmsOf(BEDROOM)).toEqual([weekday, weekend]);
    expect(await alarmsOf(PLAYROOM)).toEqual([`${daily},1`]);
    expect(await storedHolds()).toEqual([]);
  });

  it('a player that is off: switched on in the cloud, then again when it comes back with its old list', async () => {
    const clock = manualClock('2026-08-04T05:59:00.000Z');
    const holds = await appAt(clock, 'on');
    const [weekday = '', weekend = ''] = await alarmsOf(BEDROOM);
    await skip(holds, BEDROOM, weekday, 0);
    await sandboxKnobs(sandbox.url).player(BEDROOM).setOnline(false);
    await clock.advance(190_000); // 06:02:10
    expect(await storedHolds()).toMatchObject([{ state: 'awaiting-player' }]);
    expect(await alarmsOf(BEDROOM)).toEqual([weekday, weekend]);
    expect((await holds.call('GET', holdsUrl(BEDROOM))).body).toMatchObject({
      holds: [{ state: 'awaiting-player' }],
    });

    // Back online, the player brings the list it had (the alarm off) before the runner looks again.
    const { access_token } = await sandbox.issueTokens('demo');
    await new ProviderClient({
      apiBase: sandbox.url,
      getAccessToken: () => Promise.resolve(access_token),
    }).replaceDeviceAlarms(BEDROOM, [offString(weekday), weekend]);
    await sandboxKnobs(sandbox.url).player(BEDROOM).setOnline(true);
    configPuts = 0;
    await clock.advance(65_000);
    expect(await alarmsOf(BEDROOM)).toEqual([weekday, weekend]);
    expect(await storedHolds()).toEqual([]);
    expect(configPuts).toBe(1);
  });

  it('a provider that is down: the hold stays and is tried again later, then switched on', async () => {
    const clock = manualClock('2026-08-04T05:59:00.000Z');
    const holds = await appAt(clock, 'on');
    const [weekday = '', weekend = ''] = await alarmsOf(BEDROOM);
    await skip(holds, BEDROOM, weekday, 0);
    await sandboxKnobs(sandbox.url).setFaults({ restDown: true, faultPaths: ['/device-v2/'] });
    await clock.advance(184_000); // 06:02:04
    expect(await storedHolds()).toMatchObject([
      { state: 'held', attempts: 1, next_attempt_at: '2026-08-04T06:02:10.000Z', lease_owner: null },
    ]);
    await clock.advance(10_000);
    expect(await storedHolds()).toMatchObject([{ attempts: 2, next_attempt_at: '2026-08-04T06:02:30.000Z' }]);
    await sandboxKnobs(sandbox.url).setFaults({ restDown: false });
    await clock.advance(30_000);
    expect(await alarmsOf(BEDROOM)).toEqual([weekday, weekend]);
    expect(await storedHolds()).toEqual([]);
  });
});
