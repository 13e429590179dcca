import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { playerOfflineNotification } from '@playlist-alarms/core/notifications/notification-builders';
import type { AppDeps } from '../app';
import { createAlarm } from '../db/alarms-repository';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { ManualClock } from '../../test/support/manual-clock';
import { PushWorld, usePushServices } from '../../test/support/push-world';
import { DEMO_USER, eventually } from '../../test/support/sandbox-fixture';
import { createNotificationDelivery } from './notification-delivery';
import { createParentNotifier } from './parent-notifier';
import { PendingNotificationRunner } from './pending-runner';
import { createPushSender } from './push-sender';
import { injectAs } from '../../test/support/inject-as';

// The delivery rules with the real server, sandbox and a local push service: quiet hours hold the
// evening check's news until they end; news of an alarm within the hour goes out in them; the
// rate limit holds the fourth message about one player for an hour; the evening check reads a
// flat player from the provider and its words decrypt at the push service; a player found off in
// the prepare window is told once though two replicas probe it (as they do when started together).

const PLAYER = 'demo-player-1';
/** The demo family's second parent (the sandbox's `demo-2`). */
const SECOND_PARENT = 'auth0|demo-second-parent';
const HOME = 'Europe/London';
const services = usePushServices(() => startSandbox({ port: 0, mqttPort: 0 }));

interface Payload {
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
}
const payloads = (endpoint: string): Payload[] =>
  services.push.received(endpoint).map((message) => JSON.parse(message.text) as Payload);

describeOnDatabases('push delivery rules', (open) => {
  let world: PushWorld;
  beforeEach(async () => {
    await sandboxKnobs(services.sandbox.url).reset();
    world = await PushWorld.open(services, open);
  });
  afterEach(() => world.close());

  const startApp = (deps: AppDeps, worker = false) => world.startApp({ worker, deps });
  /** Signs the demo parent up through the API: a zone, a browser, and quiet hours if given (else the default ones). */
  const parentOf = (server: FastifyInstance, quietHours?: { start: string; end: string }) =>
    world.parent(server, { timezone: HOME, quietHours: quietHours ?? 'default' });

  const runners = (server: FastifyInstance) => {
    const runners = server.pushRunners;
    if (runners === null) throw new Error('push is configured in these tests');
    return runners;
  };
  const flat = () =>
    sandboxKnobs(services.sandbox.url).player(PLAYER).power({ batteryLevel: 10, charging: false });
  const pendingRows = () => world.test.db.selectFrom('pending_notifications').selectAll().execute();

  it('the evening check warns about a flat player: read from the provider, decrypted to its words, once', async () => {
    // Wednesday 20:00 in London: evening, before the default quiet hours (21:00–07:00).
    const clock = new ManualClock(new Date('2026-06-10T19:00:00.000Z'));
    const server = await startApp({ workerClock: clock });
    const browser = await parentOf(server);
    await flat();

    expect(await runners(server).watch.pass()).toBeGreaterThanOrEqual(1);
    const [message] = await services.push.waitFor(browser.endpoint, 1);
    expect(message?.vapidKey).toBe(world.env.VAPID_PUBLIC_KEY);
    const about = payloads(browser.endpoint).filter((p) => p.tag.startsWith(`alarm-at-risk:${PLAYER}:`));
    // Its own alarm, Monday to Friday at 07:00, is tomorrow's first (docs/push-rules.md).
    expect(about).toEqual([
      {
        kind: 'alarm-at-risk',
        title: "Tomorrow's alarm on Bedroom Player may not ring",
        body: 'Bedroom Player is at 10 % and not charging: the 07:00 alarm may not ring. Put it on its dock.',
        url: `/?view=devices&device=${PLAYER}`,
        tag: `alarm-at-risk:${PLAYER}:2026-06-10`,
      },
    ]);

    // Five minutes on: the player was warned this evening; no second message about it.
    const before = services.push.received(browser.endpoint).length;
    await clock.advance(5 * 60_000);
    await runners(server).watch.pass();
    expect(services.push.received(browser.endpoint)).toHaveLength(before);
  }, 60_000);

  it('the evening check counts another parent’s cloud alarm on a player they share', async () => {
    // Wednesday 20:00 in London. The first parent set a 06:30 cloud alarm on the player; the second
    // parent, subscribed, is warned about it (before the player's own 07:00 alarm).
    const clock = new ManualClock(new Date('2026-06-10T19:00:00.000Z'));
    const server = await startApp({ workerClock: clock });
    const signedIn = async (account: 'demo' | 'demo-2', userId: string) => {
      const { access_token } = await services.sandbox.issueTokens(account);
      return async (method: 'GET' | 'POST', url: string, body: unknown, status: number) => {
        const answer = await injectAs(server, access_token, method, url, body);
        expect(answer.statusCode, answer.body).toBe(status);
        return { userId, answer };
      };
    };
    const first = await signedIn('demo', DEMO_USER);
    const second = await signedIn('demo-2', SECOND_PARENT);
    await first('POST', '/api/users', { yoto_user_id: DEMO_USER, timezone: HOME }, 200);
    await second('POST', '/api/users', { yoto_user_id: SECOND_PARENT, timezone: HOME }, 200);
    await first(
      'POST',
      '/api/alarms',
      {
        yoto_user_id: DEMO_USER,
        yoto_device_id: PLAYER,
        device_name: 'Bedroom Player',
        alarm_type: 'wakeup',
        playlist_id: services.cardId,
        playlist_name: 'Morning Songs',
        hour: 6,
        minute: 30,
        days: '1111111',
        volume: 5,
      },
      201,
    );
    // The second parent's list: the server has now seen the player for both parents.
    await second('GET', '/api/alarms', undefined, 200);
    const browser = services.push.subscribe();
    await second('POST', '/api/push/subscriptions', browser, 201);
    await flat();

    await runners(server).watch.pass();
    await services.push.waitFor(browser.endpoint, 1);
    expect(payloads(browser.endpoint).filter((p) => p.tag.startsWith(`alarm-at-risk:${PLAYER}:`))).toEqual([
      expect.objectContaining({
        body: 'Bedroom Player is at 10 % and not charging: the 06:30 alarm may not ring. Put it on its dock.',
        tag: `alarm-at-risk:${PLAYER}:2026-06-10`,
      }),
    ]);
  }, 60_000);

  it('quiet hours hold the news, and the pending runner sends it when they end', async () => {
    // Wednesday 22:30 in London, within quiet hours 22:00–05:30.
    const clock = new ManualClock(new Date('2026-06-10T21:30:00.000Z'));
    const server = await startApp({ workerClock: clock });
    const browser = await parentOf(server, { start: '22:00', end: '05:30' });
    await flat();

    await runners(server).watch.pass();
    const held = (await pendingRows()).find((row) => row.dedup_key === `alarm-at-risk:${PLAYER}:2026-06-10`);
    expect(held?.until).toBe('2026-06-11T04:30:00.000Z');
    expect(services.push.received(browser.endpoint)).toEqual([]);

    await clock.advance(7 * 60 * 60_000 - 60_000); // 05:29 in London
    expect(await runners(server).pending.pass()).toBe(0);
    expect(services.push.received(browser.endpoint)).toEqual([]);

    await clock.advance(60_000); // 05:30: the quiet hours are over
    expect(await runners(server).pending.pass()).toBeGreaterThanOrEqual(1);
    await services.push.waitFor(browser.endpoint, 1);
    expect(payloads(browser.endpoint).map((p) => p.tag)).toContain(`alarm-at-risk:${PLAYER}:2026-06-10`);
    expect((await pendingRows()).some((row) => row.dedup_key === `alarm-at-risk:${PLAYER}:2026-06-10`)).toBe(
      false,
    );
  }, 60_000);

  it('news of an alarm within the hour goes out in quiet hours; tomorrow’s waits', async () => {
    // Wednesday 22:00 in London, in the default quiet hours; a bedtime alarm at 22:30.
    const clock = new ManualClock(new Date('2026-06-10T21:00:00.000Z'));
    const server = await startApp({ workerClock: clock });
    const browser = await parentOf(server);
    const body = cloudAlarmCreateSchema.parse({
      yoto_device_id: PLAYER,
      alarm_type: 'bedtime',
      playlist_id: services.cardId,
      playlist_name: 'Good Night',
      hour: 22,
      minute: 30,
      days: '1111111',
      volume: 5,
    });
    await createAlarm(world.test.db, DEMO_USER, body, clock.now());
    await flat();

    await runners(server).watch.pass();
    const [message] = await services.push.waitFor(browser.endpoint, 1);
    expect(JSON.parse(message?.text ?? '')).toMatchObject({
      kind: 'low-battery',
      title: 'Low battery on Bedroom Player',
      body: 'Bedroom Player is at 10 % and not charging before its 22:30 bedtime alarm. Put it on its dock.',
    });
    // Tomorrow morning's news waits until an hour before its 07:00 alarm (still quiet then).
    const held = (await pendingRows()).find((row) => row.dedup_key === `alarm-at-risk:${PLAYER}:2026-06-10`);
    expect(held?.until).toBe('2026-06-11T05:00:00.000Z');
  }, 60_000);

  it('the rate limit holds a fourth message about one player for the hour, then sends it', async () => {
    // Wednesday 13:00 in London: no quiet hours.
    const clock = new ManualClock(new Date('2026-06-10T12:00:00.000Z'));
    const server = await startApp({ workerClock: clock });
    const browser = await parentOf(server);
    const notifier = createParentNotifier({
      db: world.test.db,
      sender: createPushSender(
        {
          publicKey: world.env.VAPID_PUBLIC_KEY ?? '',
          privateKey: world.env.VAPID_PRIVATE_KEY ?? '',
          subject: world.env.VAPID_SUBJECT ?? '',
        },
        [services.push.host],
      ),
      now: () => clock.now(),
      log: () => undefined,
    });
    const delivery = createNotificationDelivery({
      db: world.test.db,
      notifier,
      now: () => clock.now(),
      log: () => undefined,
    });
    const news = (hoursAhead: number) =>
      playerOfflineNotification({
        player: { deviceId: PLAYER, name: 'Bedroom Player' },
        ringing: {
          source: 'cloud',
          alarmId: `alarm-${hoursAhead}`,
          deviceId: PLAYER,
          at: new Date(clock.now().getTime() + hoursAhead * 60 * 60_000),
          time: `${13 + hoursAhead}:00`,
          alarmType: 'wakeup',
        },
      });
    const [first, second, third, fourth] = [2, 3, 4, 5].map(news);
    if (!first || !second || !third || !fourth) throw new Error('four pieces of news');
    for (const notification of [first, second]) await delivery.deliver(DEMO_USER, notification);
    await clock.advance(10 * 60_000);
    expect(await delivery.deliver(DEMO_USER, third)).toEqual({ action: 'send' });
    expect(await delivery.deliver(DEMO_USER, fourth)).toEqual({
      action: 'hold',
      until: new Date('2026-06-10T13:00:00.000Z'),
      reason: 'rate-limited',
    });
    expect(services.push.received(browser.endpoint)).toHaveLength(3);
    // Asked again, the same news is a duplicate only once it was sent: held, it stays held.
    expect(await delivery.deliver(DEMO_USER, first)).toEqual({ action: 'drop', reason: 'duplicate' });

    const pending = new PendingNotificationRunner({
      db: world.test.db,
      clock,
      delivery,
      log: () => undefined,
    });
    await clock.advance(49 * 60_000); // 12:59
    expect(await pending.pass()).toBe(0);
    await clock.advance(60_000); // 13:00: the first message leaves the hour
    expect(await pending.pass()).toBe(1);
    await services.push.waitFor(browser.endpoint, 4);
    expect(payloads(browser.endpoint).map((p) => p.tag)).toEqual(
      [first, second, third, fourth].map((n) => n.dedupKey),
    );
    expect(await pendingRows()).toEqual([]);
  }, 60_000);

  it('a player off in the prepare window: two replicas probe it, the parent is told once', async () => {
    await sandboxKnobs(services.sandbox.url).player(PLAYER).setOnline(false);
    // A daily alarm on a whole minute two to three minutes ahead: inside the 5-minute prepare window.
    const due = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 2 * 60_000);
    const body = cloudAlarmCreateSchema.parse({
      yoto_device_id: PLAYER,
      device_name: 'Bedroom Player',
      alarm_type: 'wakeup',
      playlist_id: services.cardId,
      playlist_name: 'Good Morning Songs',
      hour: due.getUTCHours(),
      minute: due.getUTCMinutes(),
      days: '1111111',
      volume: 6,
    });
    const first = await startApp({}, false);
    const browser = await parentOf(first);
    // The household keeps UTC here, so the alarm's minute is the due instant's.
    await world.test.db
      .updateTable('users')
      .set({ timezone: 'UTC' })
      .where('yoto_user_id', '=', DEMO_USER)
      .execute();
    await world.closeApp(first);
    const row = await createAlarm(world.test.db, DEMO_USER, body, new Date());
    expect(row.next_fire_at).toBe(due.toISOString());

    const second = world.connectAgain();
    const replicas = [await startApp({}, true)];
    await replicas[0]!.ready();
    // Replicas started together each find only themselves on the worker roster at their first look,
    // so both probe the player: as the second starts, the first is not on the roster yet.
    await world.test.db.deleteFrom('worker_leases').execute();
    replicas.push(await startApp({ db: second }, true));
    await replicas[1]!.ready();

    // Only the prepare window's news is counted: in the household's evening (as a test run may be)
    // the evening check also warns that the player is off.
    const offlineNews = () => payloads(browser.endpoint).filter((p) => p.kind === 'player-offline');
    const [message] = await eventually(
      () => Promise.resolve(offlineNews().length > 0 ? offlineNews() : undefined),
      40_000,
    );
    const hhmm = `${String(due.getUTCHours()).padStart(2, '0')}:${String(due.getUTCMinutes()).padStart(2, '0')}`;
    expect(message).toEqual({
      kind: 'player-offline',
      title: 'Bedroom Player went offline',
      body: `Bedroom Player went offline just before its ${hhmm} alarm: the alarm can't ring unless someone switches it on.`,
      url: `/?view=devices&device=${PLAYER}`,
      tag: `player-offline:${PLAYER}:cloud:${row.id}:${due.toISOString()}`,
    });
    // Both replicas' probes found it off and noted it (each would have sent without the claim).
    await eventually(() => {
      const noted = world.lines.filter((line) => line.includes('the player was off at'));
      return Promise.resolve(noted.length >= 2 ? noted : undefined);
    });
    await Promise.all(replicas.map((replica) => world.closeApp(replica)));
    expect(offlineNews()).toHaveLength(1);
    const sent = await world.test.db
      .selectFrom('sent_notifications')
      .selectAll()
      .where('kind', '=', 'player-offline')
      .execute();
    expect(sent.map((row) => [row.kind, row.device_id])).toEqual([['player-offline', PLAYER]]);
  }, 90_000);
});
