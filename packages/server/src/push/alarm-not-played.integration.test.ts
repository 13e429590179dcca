import { afterEach, beforeEach, expect, it } from 'vitest';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { alarmNotPlayedNotification } from '@playlist-alarms/core/notifications/notification-builders';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { listSubscriptions } from '../db/push-repository';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { fastClock } from '../../test/support/fast-clock';
import {
  PushWorld,
  notPlayedMessage,
  usePushServices,
  type ParentOptions,
} from '../../test/support/push-world';
import { DEMO_USER, alarmDueAt, eventually } from '../../test/support/sandbox-fixture';
import { createParentNotifier } from './parent-notifier';
import { createPushSender } from './push-sender';

// The first notification kind end to end: a parent subscribes through the API, a cloud alarm
// does not play (its player is off, or the server was down), and the local push service receives
// a message that decrypts, with the subscription's own keys, to the notification. A browser the
// push service no longer knows loses its subscription; the same news reaches a parent once.

const PLAYER = 'demo-player-1';
const services = usePushServices(() => startSandbox({ port: 0, mqttPort: 0 }));

describeOnDatabases('alarm not played → Web Push', (open) => {
  let world: PushWorld;
  beforeEach(async () => {
    await sandboxKnobs(services.sandbox.url).reset();
    world = await PushWorld.open(services, open);
  });
  afterEach(() => world.close());

  /** An app with the worker on, logging all it could ever say. */
  const startApp = (deps: AppDeps = {}) => world.startApp({ worker: true, logLevel: 'trace', deps });
  /**
   * The demo parent's browser subscribed to this kind only (unless it says otherwise), no quiet
   * hours: the tests run at any hour, and from 19:00 in the household's zone the worker's evening
   * check also tells of a demo player that is off before tomorrow's alarm.
   */
  const subscribe = (server: FastifyInstance, browser: NonNullable<ParentOptions['browser']>) =>
    world.parent(server, { browser: { kinds: ['alarm-not-played'], ...browser } });

  it('a cloud alarm on a player that is off: the subscribed parent gets one message that decrypts to the notification', async () => {
    const clock = fastClock(4);
    await sandboxKnobs(services.sandbox.url).player(PLAYER).setOnline(false);
    const browser = services.push.subscribe();
    const dueAt = new Date(clock.now().getTime() + 24_000);
    const alarmId = await alarmDueAt(world.test.db, dueAt, { deviceId: PLAYER, cardId: services.cardId });
    const server = await startApp({ workerClock: clock });
    await subscribe(server, browser);
    await server.ready();

    const [message] = await services.push.waitFor(browser.endpoint, 1, 40_000);
    const alarm = await world.test.db
      .selectFrom('alarms')
      .selectAll()
      .where('id', '=', alarmId)
      .executeTakeFirstOrThrow();
    expect(alarm.last_outcome).toBe('player-offline');
    const { notification: expected, message: news } = notPlayedMessage(
      alarm,
      dueAt.toISOString(),
      'player-offline',
      dueAt,
    );
    expect(JSON.parse(message?.text ?? '')).toEqual(news);
    expect(expected?.body).toContain(`${alarm.device_name || PLAYER} was off or offline.`);
    expect(message?.vapidKey).toBe(world.env.VAPID_PUBLIC_KEY);
    expect(message?.headers.urgency).toBe('high');
    expect(services.push.refused(browser.endpoint)).toEqual([]);
    const sent = await world.test.db.selectFrom('sent_notifications').selectAll().execute();
    expect(sent).toEqual([
      expect.objectContaining({
        yoto_user_id: DEMO_USER,
        kind: 'alarm-not-played',
        dedup_key: expected?.dedupKey,
      }),
    ]);

    // Nothing secret in the log: not the private key, not a browser's endpoint path or keys.
    const log = world.lines.join('\n');
    expect(log).toContain('due');
    for (const secret of [
      world.env.VAPID_PRIVATE_KEY,
      browser.endpoint,
      browser.keys.auth,
      browser.keys.p256dh,
    ])
      expect(log).not.toContain(secret);
  }, 90_000);

  it('a browser the push service answers 404 or 410 for loses its subscription; the others keep theirs', async () => {
    const kept = services.push.subscribe();
    const notFound = services.push.subscribe();
    const gone = services.push.subscribe();
    const uninterested = services.push.subscribe();
    services.push.answerWith(notFound.endpoint, 404);
    services.push.answerWith(gone.endpoint, 410);
    const server = await startApp();
    for (const browser of [kept, notFound, gone]) await subscribe(server, browser);
    await subscribe(server, { ...uninterested, kinds: ['low-battery'] });
    // Due 15 minutes ago: at start-up the worker records it missed (the server was not running).
    await alarmDueAt(world.test.db, new Date(Date.now() - 15 * 60_000), {
      deviceId: PLAYER,
      cardId: services.cardId,
    });
    await server.ready();

    const [message] = await services.push.waitFor(kept.endpoint);
    expect(JSON.parse(message?.text ?? '')).toMatchObject({
      kind: 'alarm-not-played',
      body: expect.stringContaining('the server was not running then.') as unknown,
    });
    const endpoints = await eventually(async () => {
      const left = (await listSubscriptions(world.test.db, DEMO_USER)).map((s) => s.endpoint);
      return left.length === 2 ? left : undefined;
    });
    expect(endpoints.sort()).toEqual([kept.endpoint, uninterested.endpoint].sort());
    expect(services.push.received(uninterested.endpoint)).toEqual([]);
  }, 60_000);

  it('a firing whose process died: the sweep settles it failed and two replicas tell the parent once', async () => {
    const browser = services.push.subscribe();
    const first = await startApp();
    await subscribe(first, browser);
    // Claimed 3 minutes ago by a worker that is gone, with no receipt (past the sweep's 2 minutes).
    const dueAt = new Date(Date.now() - 3 * 60_000);
    const alarmId = await alarmDueAt(world.test.db, dueAt, { deviceId: PLAYER, cardId: services.cardId });
    const due = dueAt.toISOString();
    const alarm = await world.test.db
      .selectFrom('alarms')
      .selectAll()
      .where('id', '=', alarmId)
      .executeTakeFirstOrThrow();
    await world.test.db
      .insertInto('alarm_firings')
      .values({
        alarm_id: alarmId,
        due_at: due,
        claimed_by: 'worker-gone',
        claimed_at: due,
        outcome: null,
        outcome_at: null,
        detail: null,
        yoto_user_id: alarm.yoto_user_id,
        yoto_device_id: alarm.yoto_device_id,
        alarm_name: alarm.alarm_name,
        alarm_type: alarm.alarm_type,
      })
      .execute();
    await world.test.db
      .updateTable('alarms')
      .set({ next_fire_at: new Date(dueAt.getTime() + 24 * 3_600_000).toISOString(), last_fired_at: due })
      .where('id', '=', alarmId)
      .execute();
    // Both replicas' workers sweep: the first every 5 s, the second at its start.
    const second = await startApp({ db: world.connectAgain() });
    await Promise.all([first.ready(), second.ready()]);

    const [message] = await services.push.waitFor(browser.endpoint, 1, 30_000);
    const { notification: expected, message: news } = notPlayedMessage(alarm, due, 'failed', new Date());
    expect(JSON.parse(message?.text ?? '')).toEqual(news);
    expect(expected?.body).toContain('failed');
    expect(await world.test.db.selectFrom('alarm_firings').select(['outcome', 'detail']).execute()).toEqual([
      { outcome: 'failed', detail: 'the process firing it stopped' },
    ]);
    // Both replicas' workers have swept (each sweeps at start and every 5 s): still one message.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(services.push.received(browser.endpoint)).toHaveLength(1);
    expect(await world.test.db.selectFrom('sent_notifications').select('dedup_key').execute()).toEqual([
      { dedup_key: `alarm-not-played:${alarmId}:${due}` },
    ]);
  }, 60_000);

  it('the same news twice (another replica, a receipt recorded again) reaches a parent once', async () => {
    const browser = services.push.subscribe();
    const server = await startApp();
    await subscribe(server, browser);
    const [vapidPublic, vapidPrivate, subject] = [
      world.env.VAPID_PUBLIC_KEY,
      world.env.VAPID_PRIVATE_KEY,
      world.env.VAPID_SUBJECT,
    ];
    const second = world.connectAgain();
    const replicas = [world.test.db, second].map((db) =>
      createParentNotifier({
        db,
        sender: createPushSender(
          { publicKey: vapidPublic ?? '', privateKey: vapidPrivate ?? '', subject: subject ?? '' },
          [services.push.host],
        ),
        now: () => new Date(),
        log: () => undefined,
      }),
    );
    const news = alarmNotPlayedNotification(
      {
        id: 'alarm-1',
        alarm_name: 'School days',
        hour: 7,
        minute: 30,
        yoto_device_id: PLAYER,
        device_name: 'Kitchen',
        last_fired_at: '2026-06-10T06:30:00.000Z',
        last_outcome: 'failed',
      },
      new Date('2026-06-10T06:31:00.000Z'),
    );
    if (news === null) throw new Error('a failed firing is news');
    const delivered = await Promise.all(replicas.map((replica) => replica.notify(DEMO_USER, news)));
    expect(delivered.sort()).toEqual([0, 1]);
    expect(await replicas[0]?.notify(DEMO_USER, news)).toBe(0);
    expect(services.push.received(browser.endpoint)).toHaveLength(1);
    await second.destroy();
  });
});
