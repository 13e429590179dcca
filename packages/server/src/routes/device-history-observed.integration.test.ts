import { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { historyAnswerSchema, type HistoryEntry } from '@playlist-alarms/core/cloud/alarm-history-schemas';
import { historyRow } from '@playlist-alarms/core/cloud/alarm-history-view';
import { OBSERVED_PLAY_TEXTS } from '@playlist-alarms/core/alarms/observed-play';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { playerConfig, startHoldsApp, type HoldsApp } from '../../test/support/device-holds';
import type { TestDatabase } from '../../test/support/test-databases';
import { recordSilencedRingings } from '../db/alarm-history-repository';
import { migrateToLatest } from '../db/migrations';
import { ownAlarmsOf } from '../db/player-own-alarms-repository';

// POST /api/devices/{deviceId}/history/observed against a real sandbox player (both dialects): a
// page saw the player's own alarm start; the server checks it against the player's config and
// keeps it once, and the history lists it as Played with how late. Both routes' config reads keep
// the player's own alarm list for the player watch; a refused read keeps nothing.

const BEDROOM = 'demo-player-1'; // Europe/London: weekdays 07:00 on
const DUE = '2026-08-04T06:00:00.000Z'; // Tuesday 07:00 in London
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

const errorBody = z.strictObject({ error: z.string().min(1) });
const observedUrl = (deviceId: string) => `/api/devices/${encodeURIComponent(deviceId)}/history/observed`;
const historyUrl = `/api/devices/${BEDROOM}/history`;
const brief = (entry: HistoryEntry) => [entry.due_at, entry.source, entry.alarm_name, entry.outcome];

describeOnDatabases('a page’s observation of a player alarm → the history', (open) => {
  let test: TestDatabase;
  let now: Date;
  const apps: HoldsApp[] = [];
  let weekday = '';

  const start = async (db = test.db) => {
    const app = await startHoldsApp(sandbox, db, { deps: { now: () => now } });
    apps.push(app);
    return app;
  };
  const observe = (app: HoldsApp, body: Record<string, unknown>) =>
    app.call('POST', observedUrl(BEDROOM), body);
  const seen = (over: Record<string, unknown> = {}) => ({
    alarm: weekday,
    due_at: DUE,
    started_at: '2026-08-04T06:00:04.000Z',
    ...over,
  });

  beforeEach(async () => {
    await sandboxKnobs(sandbox.url).reset();
    test = await open();
    await migrateToLatest(test.db);
    now = new Date('2026-08-04T06:00:05.000Z');
    [weekday = ''] = (await playerConfig(sandbox, BEDROOM)).alarms;
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.app.close()));
    await test.dispose();
  });

  it('records a ringing a page saw once, across retries and replicas, and lists it as Played', async () => {
    const one = await start();
    const two = await start(test.connectAgain());
    expect(await observe(one, seen())).toEqual({ status: 200, body: { recorded: true } });
    expect(await observe(one, seen())).toEqual({ status: 200, body: { recorded: false } });
    // A second page (another replica) saw the card a second later: still the one ringing.
    expect(await observe(two, seen({ started_at: '2026-08-04T06:00:05.000Z' }))).toEqual({
      status: 200,
      body: { recorded: false },
    });
    expect(await test.db.selectFrom('device_alarm_plays').selectAll().execute()).toHaveLength(1);

    const history = historyAnswerSchema.parse((await one.call('GET', historyUrl)).body);
    expect(history.entries.map(brief)).toEqual([[DUE, 'device', 'alarm at 07:00', 'played']]);
    expect(history.entries[0]).toMatchObject({ played_at: '2026-08-04T06:00:04.000Z', alarm_type: null });
    expect(historyRow(history.entries[0] as HistoryEntry, 'Europe/London')).toMatchObject({
      source: 'Player alarm',
      outcome: 'Played, 4 s late',
      rang: true,
    });
  });

  it('a play hides the skipped row of the same ringing; other ringings keep theirs', async () => {
    const app = await start();
    const held = weekday.replace(/,1$/, ',0');
    const skipped = (dueAt: string) => ({
      yoto_device_id: BEDROOM,
      alarm: held,
      due_at: dueAt,
      yoto_user_id: 'auth0|someone',
      alarm_name: 'alarm at 07:00',
      outcome: 'skipped' as const,
      recorded_at: dueAt,
    });
    await recordSilencedRingings(test.db, [skipped(DUE), skipped('2026-08-03T06:00:00.000Z')]);
    expect((await observe(app, seen())).status).toBe(200);
    const history = historyAnswerSchema.parse((await app.call('GET', historyUrl)).body);
    expect(history.entries.map(brief)).toEqual([
      [DUE, 'device', 'alarm at 07:00', 'played'],
      ['2026-08-03T06:00:00.000Z', 'device', 'alarm at 07:00', 'skipped'],
    ]);
  });

  it('answers 400 with { error } for what the player’s config does not bear out, and writes nothing', async () => {
    const app = await start();
    const T = OBSERVED_PLAY_TEXTS;
    for (const [body, error] of [
      [seen({ alarm: '1111100,0700,other-card,,,6,1' }), T.notInList],
      // 07:00 UTC is 08:00 in the player's zone: not its ringing.
      [seen({ due_at: '2026-08-04T07:00:00.000Z', started_at: '2026-08-04T07:00:01.000Z' }), T.notYet],
      [seen({ due_at: '2026-08-03T05:00:00.000Z', started_at: '2026-08-03T05:00:01.000Z' }), T.tooOld],
      [seen({ started_at: '2026-08-04T06:11:00.000Z' }), T.startOutside],
    ] as const)
      expect(await observe(app, body)).toEqual({ status: 400, body: { error } });
    now = new Date('2026-08-04T07:00:05.000Z');
    expect(
      await observe(
        app,
        seen({ due_at: '2026-08-04T07:00:00.000Z', started_at: '2026-08-04T07:00:01.000Z' }),
      ),
    ).toEqual({ status: 400, body: { error: T.notARinging } });
    for (const body of [{ ...seen(), extra: 1 }, seen({ due_at: 'at seven' }), { alarm: weekday }, []]) {
      const answer = await observe(app, body as Record<string, unknown>);
      expect(answer.status).toBe(400);
      errorBody.parse(answer.body);
    }
    expect(await test.db.selectFrom('device_alarm_plays').selectAll().execute()).toEqual([]);
  });

  it('refuses another family’s player (403), an unknown one (404) and no sign-in (401)', async () => {
    const app = await start();
    const unknown = await app.call('POST', observedUrl('no-such-player'), seen());
    expect(unknown).toEqual({ status: 404, body: { error: 'Player not found' } });
    const { access_token } = await sandbox.issueTokens('other');
    const outsider = await app.app.inject({
      method: 'POST',
      url: observedUrl(BEDROOM),
      headers: { authorization: `Bearer ${access_token}` },
      payload: seen(),
    });
    expect(outsider.statusCode).toBe(403);
    expect(errorBody.parse(outsider.json()).error).toBe('The provider refused access to this player');
    const anonymous = await app.app.inject({ method: 'POST', url: observedUrl(BEDROOM), payload: seen() });
    expect(anonymous.statusCode).toBe(401);
    expect(await test.db.selectFrom('device_alarm_plays').selectAll().execute()).toEqual([]);
    // No read succeeded, so no player's own alarm list was kept.
    expect(await test.db.selectFrom('player_own_alarms').selectAll().execute()).toEqual([]);
  });

  it('the observed route’s and the history’s config reads keep the player’s own alarm list', async () => {
    const app = await start();
    const { alarms } = await playerConfig(sandbox, BEDROOM);
    expect((await observe(app, seen())).status).toBe(200);
    expect(await ownAlarmsOf(test.db, [BEDROOM], new Date(0))).toEqual([
      { deviceId: BEDROOM, alarms, timeZone: 'Europe/London', readAt: '2026-08-04T06:00:05.000Z' },
    ]);
    now = new Date('2026-08-04T06:30:00.000Z');
    expect((await app.call('GET', historyUrl)).status).toBe(200);
    expect(await ownAlarmsOf(test.db, [BEDROOM], new Date(0))).toEqual([
      { deviceId: BEDROOM, alarms, timeZone: 'Europe/London', readAt: '2026-08-04T06:30:00.000Z' },
    ]);
  });
});
