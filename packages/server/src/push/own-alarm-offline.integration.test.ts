import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { ManualClock } from '../../test/support/manual-clock';
import { injectAs } from '../../test/support/inject-as';
import { PushWorld, usePushServices } from '../../test/support/push-world';
import { ownAlarmsOf, rememberOwnAlarms } from '../db/player-own-alarms-repository';

// A player off in the minutes before one of its own alarms (docs/push-rules.md): the player watch
// keeps the player's own alarms from the config it reads in the evening; the next morning the
// stored list says the player's 07:00 is near, so the watch reads that player's config once, and
// only the fresh list and online flag decide: the parent is told once across passes and replicas,
// and not at all when the alarm was deleted or switched off since (the web app writes alarms
// straight to the provider). Real server, sandbox and local push service.

const PLAYER = 'demo-player-1'; // Europe/London, its own alarm weekdays at 07:00
const HOME = 'Europe/London';
const services = usePushServices(() => startSandbox({ port: 0, mqttPort: 0 }));

interface Payload {
  kind: string;
  title: string;
  body: string;
  tag: string;
}

describeOnDatabases('a player off before its own alarm', (open) => {
  let world: PushWorld;
  beforeEach(async () => {
    await sandboxKnobs(services.sandbox.url).reset();
    world = await PushWorld.open(services, open);
  });
  afterEach(() => world.close());

  /** The provider paths the app asked, in order (the watch's device lists and config reads). */
  const asked: string[] = [];
  const counting: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith('/device-v2/')) asked.push(url.pathname);
    return fetch(input, init);
  };
  const watchOf = (server: FastifyInstance) => {
    const runners = server.pushRunners;
    if (runners === null) throw new Error('push is configured in these tests');
    return runners.watch;
  };
  const offlineNews = (endpoint: string) =>
    services.push
      .received(endpoint)
      .map((message) => JSON.parse(message.text) as Payload)
      .filter((payload) => payload.kind === 'player-offline');

  it('keeps the evening’s read, and tells the parent once when the player is off before its alarm', async () => {
    // Monday 20:00 in London: the evening check reads the family's players' configs.
    const clock = new ManualClock(new Date('2026-08-03T19:00:00.000Z'));
    const server = await world.startApp({ deps: { workerClock: clock, fetch: counting } });
    const browser = await world.parent(server, { timezone: HOME, quietHours: 'default', listPlayers: true });
    await watchOf(server).pass();
    const stored = await world.test.db
      .selectFrom('player_own_alarms')
      .selectAll()
      .where('yoto_device_id', '=', PLAYER)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.alarms)).toEqual([
      expect.stringMatching(/^1111100,0700,/),
      expect.stringMatching(/^0000011,0830,/),
    ]);
    expect(stored).toMatchObject({ time_zone: HOME, read_at: '2026-08-03T19:00:00.000Z' });

    await sandboxKnobs(services.sandbox.url).player(PLAYER).setOnline(false);
    // Tuesday 05:00 in London: no own alarm within the window, so the provider is not asked.
    await clock.advance(9 * 3_600_000); // 04:00 UTC
    asked.length = 0;
    expect(await watchOf(server).pass()).toBe(0);
    expect(asked).toEqual([]);

    // 06:55 in London, five minutes before its 07:00 (in quiet hours: an alarm within the hour).
    await clock.advance(115 * 60_000); // 05:55 UTC
    await watchOf(server).pass();
    // The stored list says 07:00 is near: that player's config, once, and no device list.
    expect(asked).toEqual([`/device-v2/${PLAYER}/config`]);
    expect(await ownAlarmsOf(world.test.db, [PLAYER], new Date(0))).toEqual([
      expect.objectContaining({ readAt: '2026-08-04T05:55:00.000Z' }),
    ]);
    const [message] = await services.push.waitFor(browser.endpoint, 1);
    expect(message).toBeDefined();
    expect(offlineNews(browser.endpoint)).toEqual([
      {
        kind: 'player-offline',
        title: 'Bedroom Player went offline',
        body: "Bedroom Player went offline just before its 07:00 alarm: if it is switched off, the alarm won't ring.",
        url: `/?view=devices&device=${PLAYER}`,
        tag: `player-offline:${PLAYER}:player:alarm_0:2026-08-04T06:00:00.000Z`,
      },
    ]);

    // The next pass, and another replica's, see the same ringing: its key was claimed.
    await clock.advance(2 * 60_000);
    const replica = await world.startApp({
      deps: { db: world.connectAgain(), workerClock: clock, fetch: counting },
    });
    asked.length = 0;
    await Promise.all([watchOf(server).pass(), watchOf(replica).pass()]);
    expect(asked).toEqual([`/device-v2/${PLAYER}/config`, `/device-v2/${PLAYER}/config`]); // one each
    expect(offlineNews(browser.endpoint)).toHaveLength(1);
    const sent = await world.test.db
      .selectFrom('sent_notifications')
      .select(['kind', 'device_id'])
      .where('kind', '=', 'player-offline')
      .execute();
    expect(sent).toEqual([{ kind: 'player-offline', device_id: PLAYER }]);
  }, 60_000);

  for (const [change, edit] of [
    ['deleted', (alarms: readonly string[]) => alarms.filter((alarm) => !alarm.startsWith('1111100,0700,'))],
    [
      'switched off',
      (alarms: readonly string[]) =>
        alarms.map((alarm) => (alarm.startsWith('1111100,0700,') ? alarm.replace(/,1$/, ',0') : alarm)),
    ],
  ] as const) {
    it(`an alarm ${change} at the provider since the evening's read is no news, and the list is refreshed`, async () => {
      const clock = new ManualClock(new Date('2026-08-03T19:00:00.000Z'));
      const server = await world.startApp({ deps: { workerClock: clock, fetch: counting } });
      const browser = await world.parent(server, {
        timezone: HOME,
        quietHours: 'default',
        listPlayers: true,
      });
      await watchOf(server).pass();
      const [evening] = await ownAlarmsOf(world.test.db, [PLAYER], new Date(0));
      expect(evening?.alarms[0]).toMatch(/^1111100,0700,.*,1$/);

      // Later that evening the web app changes the player's alarms straight at the provider.
      const { access_token } = await services.sandbox.issueTokens('demo');
      const provider = new ProviderClient({
        apiBase: services.sandbox.url,
        getAccessToken: () => Promise.resolve(access_token),
      });
      const written = await provider.updateDeviceAlarms(PLAYER, edit);
      await sandboxKnobs(services.sandbox.url).player(PLAYER).setOnline(false);

      // Tuesday 06:55 in London: the stored list still says 07:00, so the watch asks the player.
      await clock.advance(10 * 3_600_000 + 55 * 60_000);
      asked.length = 0;
      expect(await watchOf(server).pass()).toBe(0);
      expect(asked).toEqual([`/device-v2/${PLAYER}/config`]);
      expect(offlineNews(browser.endpoint)).toEqual([]);
      expect(await ownAlarmsOf(world.test.db, [PLAYER], new Date(0))).toEqual([
        {
          deviceId: PLAYER,
          alarms: written.device.config.alarms,
          timeZone: HOME,
          readAt: '2026-08-04T05:55:00.000Z',
        },
      ]);
      // With the fresh list stored, the next pass has no ringing near and asks nothing.
      await clock.advance(2 * 60_000);
      asked.length = 0;
      expect(await watchOf(server).pass()).toBe(0);
      expect(asked).toEqual([]);
    }, 60_000);
  }

  it('a config read that fails skips the player for that pass, and the next pass tells the parent', async () => {
    const clock = new ManualClock(new Date('2026-08-03T19:00:00.000Z'));
    const server = await world.startApp({ deps: { workerClock: clock } });
    const browser = await world.parent(server, { timezone: HOME, quietHours: 'default', listPlayers: true });
    await watchOf(server).pass();
    const knobs = sandboxKnobs(services.sandbox.url);
    await knobs.player(PLAYER).setOnline(false);
    await clock.advance(10 * 3_600_000 + 55 * 60_000); // Tuesday 06:55 in London
    await knobs.setFaults({ restError: true, faultPaths: [`/device-v2/${PLAYER}/config`] });
    expect(await watchOf(server).pass()).toBe(0);
    expect(offlineNews(browser.endpoint)).toEqual([]);
    expect(world.lines.some((line) => line.includes('own alarms: reading a player'))).toBe(true);

    await knobs.setFaults({ restError: false, faultPaths: null });
    await clock.advance(2 * 60_000);
    expect(await watchOf(server).pass()).toBe(1);
    await services.push.waitFor(browser.endpoint, 1);
    expect(offlineNews(browser.endpoint).map((news) => news.tag)).toEqual([
      `player-offline:${PLAYER}:player:alarm_0:2026-08-04T06:00:00.000Z`,
    ]);
  }, 60_000);

  it('an online player before its own alarm is no news', async () => {
    const clock = new ManualClock(new Date('2026-08-03T19:00:00.000Z'));
    const server = await world.startApp({ deps: { workerClock: clock } });
    const browser = await world.parent(server, { timezone: HOME, quietHours: 'default', listPlayers: true });
    await watchOf(server).pass();
    await clock.advance(10 * 3_600_000 + 55 * 60_000); // Tuesday 06:55 in London
    await watchOf(server).pass();
    expect(offlineNews(browser.endpoint)).toEqual([]);
  }, 60_000);

  it('a hold route’s read keeps the list as written; an older read arriving late changes nothing', async () => {
    const at = new Date('2026-08-03T19:00:00.000Z');
    const server = await world.startApp({ deps: { now: () => at, workerClock: new ManualClock(at) } });
    const { access_token } = await services.sandbox.issueTokens('demo');
    const listed = await injectAs(server, access_token, 'GET', `/api/devices/${PLAYER}/alarm-holds`);
    expect(listed.statusCode).toBe(200);
    const [read] = await ownAlarmsOf(world.test.db, [PLAYER], new Date(0));
    const weekday = read?.alarms[0] ?? '';
    expect(weekday).toMatch(/,1$/);
    const skipped = await injectAs(server, access_token, 'POST', `/api/devices/${PLAYER}/alarm-holds`, {
      alarm: weekday,
      index: 0,
      change: { action: 'skip' },
    });
    expect(skipped.statusCode).toBe(200);
    const [written] = await ownAlarmsOf(world.test.db, [PLAYER], new Date(0));
    expect(written?.alarms[0]).toBe(weekday.replace(/,1$/, ',0'));

    const older = { device: { deviceId: PLAYER, config: { alarms: [] as string[] } } };
    await rememberOwnAlarms(world.test.db, PLAYER, older, new Date('2026-08-03T18:00:00.000Z'));
    expect(await ownAlarmsOf(world.test.db, [PLAYER], new Date(0))).toEqual([written]);
    // A list read more than the trusted time ago is not given to the watch.
    expect(await ownAlarmsOf(world.test.db, [PLAYER], new Date('2026-08-03T19:00:00.001Z'))).toEqual([]);
  }, 60_000);
});
