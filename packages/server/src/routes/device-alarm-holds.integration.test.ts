import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { ALARM_HOLD_TEXTS } from '@playlist-alarms/core/alarms/alarm-hold';
import { ALARM_GONE } from '@playlist-alarms/core/alarms/alarm-list-edit';
import { SKIP_PAUSE_TEXTS } from '@playlist-alarms/core/texts/skip-pause-texts';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { holdsUrl, playerConfig, startHoldsApp, type HoldsApp } from '../../test/support/device-holds';
import type { TestDatabase } from '../../test/support/test-databases';
import { migrateToLatest } from '../db/migrations';

// The hold routes against a real sandbox player: what the player's config holds after each change,
// the holds stored, and every refusal with its words (docs/decisions/device-alarm-holds.md).

const PLAYER = 'demo-player-1'; // Europe/London: weekdays 07:00 on, weekends 08:30 off
const NOW = new Date('2026-08-03T12:00:00.000Z'); // Monday 13:00 in London
let sandbox: RunningSandbox;
let failPuts = false;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

const offString = (raw: string) => raw.replace(/,1$/, ',0');

describeOnDatabases('device alarm hold routes → sandbox player', (open) => {
  let test: TestDatabase;
  let holds: HoldsApp;
  let weekday: string;
  let weekend: string;

  beforeEach(async () => {
    await sandboxKnobs(sandbox.url).reset();
    test = await open();
    await migrateToLatest(test.db);
    failPuts = false;
    const fetchUnlessPut: typeof fetch = (input, init) =>
      failPuts && init?.method === 'PUT' ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    holds = await startHoldsApp(sandbox, test.db, { deps: { now: () => NOW, fetch: fetchUnlessPut } });
    [weekday = '', weekend = ''] = (await playerConfig(sandbox, PLAYER)).alarms;
  });
  afterEach(async () => {
    await holds.app.close();
    await test.dispose();
  });

  const post = (alarm: string, index: number, change: unknown, deviceId = PLAYER) =>
    holds.call('POST', holdsUrl(deviceId), { alarm, index, change });

  it('a skip switches the alarm off on the player and holds it until after the skipped ringing', async () => {
    const answer = await post(weekday, 0, { action: 'skip' });
    const hold = {
      alarm: offString(weekday),
      skip_until: '2026-08-04T06:00:00.000Z', // Tuesday 07:00 in London
      paused_through: null,
      time_zone: 'Europe/London',
      switch_on_at: '2026-08-04T06:02:00.000Z',
      state: 'held',
    };
    expect(answer).toEqual({ status: 200, body: { holds: [hold], alarms: [offString(weekday), weekend] } });
    expect((await playerConfig(sandbox, PLAYER)).alarms).toEqual([offString(weekday), weekend]);
    expect(await holds.call('GET', holdsUrl(PLAYER))).toEqual({ status: 200, body: { holds: [hold] } });
  });

  it('a pause replaces a skip, a skip replaces a pause, and resume switches it on with no hold left', async () => {
    await post(weekday, 0, { action: 'skip' });
    const paused = await post(offString(weekday), 0, { action: 'pause', through: '2026-08-07' });
    expect(paused.body).toMatchObject({
      holds: [{ skip_until: null, paused_through: '2026-08-07', switch_on_at: '2026-08-07T23:00:00.000Z' }],
    });
    const skipped = await post(offString(weekday), 0, { action: 'skip' });
    expect(skipped.body).toMatchObject({
      holds: [{ skip_until: '2026-08-04T06:00:00.000Z', paused_through: null }],
    });
    expect((await playerConfig(sandbox, PLAYER)).alarms).toEqual([offString(weekday), weekend]);

    const resumed = await post(offString(weekday), 0, { action: 'resume' });
    expect(resumed).toEqual({ status: 200, body: { holds: [], alarms: [weekday, weekend] } });
    expect((await playerConfig(sandbox, PLAYER)).alarms).toEqual([weekday, weekend]);
  });

  it('refuses with clear words: bad body, past or bad date, not held, alarm off, alarm gone', async () => {
    const refused = async (
      answer: Promise<{ status: number; body: unknown }>,
      status: number,
      error: string,
    ) => expect(await answer).toEqual({ status, body: { error: expect.stringContaining(error) as unknown } });
    await refused(post(weekday, 0, { action: 'snooze' }), 400, 'change.action must be skip, pause or resume');
    await refused(post('not an alarm', 0, { action: 'skip' }), 400, 'Alarm 1:');
    await refused(
      post(weekday, 0, { action: 'pause', through: '2026-13-01' }),
      400,
      SKIP_PAUSE_TEXTS.badDate,
    );
    await refused(
      post(weekday, 0, { action: 'pause', through: '2026-08-02' }),
      400,
      SKIP_PAUSE_TEXTS.pastDate,
    );
    await refused(post(offString(weekday), 0, { action: 'resume' }), 404, ALARM_HOLD_TEXTS.notHeld);
    await refused(post(weekend, 1, { action: 'skip' }), 409, ALARM_HOLD_TEXTS.alarmOff);
    await refused(post('1111111,0615,gone,,,5,1', 0, { action: 'skip' }), 409, ALARM_GONE);
    expect(await holds.call('GET', holdsUrl(PLAYER))).toEqual({ status: 200, body: { holds: [] } });
    expect((await playerConfig(sandbox, PLAYER)).alarms).toEqual([weekday, weekend]);
  });

  it('another family’s player and an unknown one are the provider’s refusals, and change nothing', async () => {
    expect((await holds.call('GET', holdsUrl('other-player-1'))).status).toBe(403);
    expect((await post(weekday, 0, { action: 'skip' }, 'other-player-1')).status).toBe(403);
    expect((await post(weekday, 0, { action: 'skip' }, 'no-such-player')).status).toBe(404);
    expect(await test.db.selectFrom('alarm_holds').selectAll().execute()).toEqual([]);
  });

  it('a provider failure on the write keeps nothing: no hold, the alarm as it was', async () => {
    failPuts = true;
    const answer = await post(weekday, 0, { action: 'skip' });
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ error: expect.stringContaining('Provider unavailable') as unknown });
    expect(await test.db.selectFrom('alarm_holds').selectAll().execute()).toEqual([]);
    expect((await playerConfig(sandbox, PLAYER)).alarms).toEqual([weekday, weekend]);

    // A pause over a stored skip that fails to write leaves the skip as it was.
    failPuts = false;
    await post(weekday, 0, { action: 'skip' });
    await sandboxKnobs(sandbox.url).setFaults({ restDown: true, faultPaths: ['/device-v2/'] });
    expect((await post(offString(weekday), 0, { action: 'pause', through: '2026-08-07' })).status).toBe(502);
    await sandboxKnobs(sandbox.url).setFaults({ restDown: false });
    expect((await holds.call('GET', holdsUrl(PLAYER))).body).toMatchObject({
      holds: [{ skip_until: '2026-08-04T06:00:00.000Z', paused_through: null }],
    });
  });
});
