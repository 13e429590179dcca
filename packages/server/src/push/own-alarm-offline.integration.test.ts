import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { ManualClock } from '../../test/support/manual-clock';
import { injectAs } from '../../test/support/inject-as';
import { PushWorld, usePushServices } from '../../test/support/push-world';
import { ownAlarmsOf, rememberOwnAlarms } from '../db/player-own-alarms-repository';

// A player off in the minutes before one of its own alarms (docs/push-rules.md): the player watch
// keeps the player's own alarms from the config it reads in the evening, and the next morning,
// with no config read, finds from one device list that the player is off before its 07:00 and
// tells the parent once, across passes and replicas. Real server, sandbox and local push service.

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
    expect(asked).toEqual(['/device-v2/devices/mine']); // one device list, no config read
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
    const replica = await world.startApp({ deps: { db: world.connectAgain(), workerClock: clock } });
    await Promise.all([watchOf(server).pass(), watchOf(replica).pass()]);
    expect(offlineNews(browser.endpoint)).toHaveLength(1);
    const sent = await world.test.db
      .selectFrom('sent_notifications')
      .select(['kind', 'device_id'])
      .where('kind', '=', 'player-offline')
      .execute();
    expect(sent).toEqual([{ kind: 'player-offline', device_id: PLAYER }]);
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
