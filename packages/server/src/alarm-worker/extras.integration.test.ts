import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { connectAs } from '@playlist-alarms/sandbox/test/support/mqtt-test-client';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import { stepToPercent } from '@playlist-alarms/core/device/volume-limit';
import { fastClock } from '../../test/support/fast-clock';
import { findAlarm } from '../../test/support/stored-rows';
import { migrateToLatest } from '../db/migrations';
import type { Database } from '../db/schema';
import type { TestDatabase } from '../../test/support/test-databases';
import { describeOnDatabases } from '../../test/support/cloud-api';
import {
  DEMO_USER,
  alarmDueAt,
  buildWorkerApp,
  eventually,
  observePlayer,
  playableCardId,
} from '../../test/support/sandbox-fixture';

// A cloud alarm's extras against the real sandbox players: the wake-up fade (volume/set steps after
// card/start, capped by the player's limit, stopped by a person's own change) and the bedtime
// routine (sleep timer and night light).

const V3 = 'demo-player-1';
const MINI = 'demo-player-2';
let sandbox: RunningSandbox;
let cardId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
  cardId = await playableCardId(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The player's limits, day and night alike, written through the provider's own config path. */
async function setLimits(deviceId: string, limit: string): Promise<void> {
  const { access_token } = await sandbox.issueTokens('demo');
  const client = new ProviderClient({
    apiBase: sandbox.url,
    getAccessToken: () => Promise.resolve(access_token),
  });
  await client.changeDeviceConfig(deviceId, (config) => ({
    ...config,
    maxVolumeLimit: limit,
    nightMaxVolumeLimit: limit,
  }));
}

async function withExtras(
  db: Kysely<Database>,
  id: string,
  extras: Partial<
    Pick<Database['alarms'], 'alarm_type' | 'fade_in_minutes' | 'sleep_timer_minutes' | 'night_light'>
  >,
) {
  await db.updateTable('alarms').set(extras).where('id', '=', id).execute();
}

describeOnDatabases('alarm worker extras → sandbox players', (open) => {
  let test: TestDatabase;
  let apps: FastifyInstance[];

  beforeEach(async () => {
    await sandboxKnobs(sandbox.url).reset();
    test = await open();
    await migrateToLatest(test.db);
    apps = [];
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await test.dispose();
  });

  const played = (alarmId: string) =>
    eventually(async () => {
      const alarm = await findAlarm(test.db, DEMO_USER, alarmId);
      return alarm?.last_outcome ? alarm : undefined;
    });

  it('a 1-minute fade steps up to the limit after card/start; a person’s change stops another', async () => {
    // The worker's clock runs ten times fast, so the minute takes six seconds; MQTT and players are real.
    const clock = fastClock(10);
    const real = (ms: number) => ms / clock.factor;
    await setLimits(V3, '6');
    const [v3, mini] = await Promise.all([
      observePlayer(sandbox, connectAs, V3),
      observePlayer(sandbox, connectAs, MINI),
    ]);
    try {
      const dueAt = new Date(clock.now().getTime() + 30_000);
      const capped = await alarmDueAt(test.db, dueAt, { deviceId: V3, cardId, volume: 10 });
      const touched = await alarmDueAt(test.db, dueAt, { deviceId: MINI, cardId, volume: 10 });
      // Written to the row: the API offers 5 minutes and up, and the proof should take one.
      await withExtras(test.db, capped, { fade_in_minutes: 1 });
      await withExtras(test.db, touched, { fade_in_minutes: 1 });
      apps.push(await buildWorkerApp(sandbox, test.db, 'on', {}, { workerClock: clock }));

      expect(await played(capped)).toMatchObject({ last_outcome: 'played' });
      expect(await played(touched)).toMatchObject({ last_outcome: 'played' });
      // Someone turns the Mini up at the player's side (the page's remote sends the same command).
      const { access_token } = await sandbox.issueTokens('demo');
      const hand = await connectAs(sandbox.mqttUrl, MINI, access_token);
      await hand.publishAsync(`device/${MINI}/command/volume/set`, JSON.stringify({ volume: 90 }));
      await hand.endAsync();

      const start = v3.commands('card/start')[0]?.atMs ?? 0;
      await eventually(
        () => Promise.resolve(v3.commands('volume/set').length >= 3 ? true : undefined),
        real(75_000),
      );
      const steps = v3.commands('volume/set');
      // Quietest step first, then whole steps 30 s apart after card/start (on the worker's clock; 50 ms
      // of real slack for the two deliveries), ending on the limit (6 of 16).
      expect(steps.map((h) => h.payload)).toEqual([
        { volume: stepToPercent(1) },
        { volume: stepToPercent(4) },
        { volume: stepToPercent(6) },
      ]);
      expect(steps[1]!.atMs - start).toBeGreaterThanOrEqual(real(30_000) - 50);
      expect(steps[2]!.atMs - start).toBeGreaterThanOrEqual(real(60_000) - 50);
      expect(await sandboxKnobs(sandbox.url).player(V3).state()).toMatchObject({ volume: 6 });

      await sleep(2_000);
      // The Mini heard the alarm's first volume/set and the person's, and no fade step after.
      expect(mini.commands('volume/set').map((h) => h.payload)).toEqual([
        { volume: stepToPercent(1) },
        { volume: 90 },
      ]);
      expect(await sandboxKnobs(sandbox.url).player(MINI).state()).toMatchObject({ volume: 14 });
    } finally {
      await Promise.all([v3.close(), mini.close()]);
    }
  }, 30_000);

  it('a bedtime alarm sets the sleep timer and the night colour once the card plays', async () => {
    const observer = await observePlayer(sandbox, connectAs, V3);
    try {
      const dueAt = new Date(Date.now() + 2_000);
      const alarmId = await alarmDueAt(test.db, dueAt, { deviceId: V3, cardId, volume: 4 });
      await withExtras(test.db, alarmId, { alarm_type: 'bedtime', sleep_timer_minutes: 30, night_light: 1 });
      const { access_token } = await sandbox.issueTokens('demo');
      const client = new ProviderClient({
        apiBase: sandbox.url,
        getAccessToken: () => Promise.resolve(access_token),
      });
      const night = String((await client.getDeviceConfig(V3)).device.config['nightAmbientColour']);
      apps.push(await buildWorkerApp(sandbox, test.db, 'on'));

      expect(await played(alarmId)).toMatchObject({ last_outcome: 'played' });
      await eventually(() =>
        Promise.resolve(observer.commands('ambients/set').length > 0 ? true : undefined),
      );
      expect(observer.commands('volume/set').map((h) => h.payload)).toEqual([{ volume: 40 }]);
      expect(observer.commands('sleep-timer/set').map((h) => h.payload)).toEqual([{ seconds: 1800 }]);
      const hex = (n: number) => n.toString(16).padStart(2, '0');
      const [colour] = observer
        .commands('ambients/set')
        .map((h) => h.payload as { r: number; g: number; b: number });
      expect(`#${hex(colour!.r)}${hex(colour!.g)}${hex(colour!.b)}`).toBe(night.toLowerCase());
      const start = observer.commands('card/start')[0]!.atMs;
      expect(observer.commands('sleep-timer/set')[0]!.atMs).toBeGreaterThanOrEqual(start);
      expect(await sandboxKnobs(sandbox.url).player(V3).state()).toMatchObject({ sleepTimerActive: true });
    } finally {
      await observer.close();
    }
  });
});
