import { afterEach, beforeEach, expect, it } from 'vitest';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import type { FastifyInstance } from 'fastify';
import { migrateToLatest } from '../db/migrations';
import { SandboxTokenSource } from '../alarm-worker/sandbox-token-source';
import { PlayerLists } from '../household/player-lists';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { fastClock } from '../../test/support/fast-clock';
import { PushWorld, notPlayedMessage, usePushServices } from '../../test/support/push-world';
import { DEMO_USER, alarmDueAt, eventually } from '../../test/support/sandbox-fixture';
import type { TestDatabase } from '../../test/support/test-databases';
import { householdRecipients } from './alarm-recipients';

// Who hears of a cloud alarm's trouble, with the real sandbox's two families: the creator and the
// family's other parent each get the news once, at their own browser; the other family hears
// nothing of ours, and an alarm the other family names our player in tells our family nothing.
// The tests run at any hour: from 19:00 in the household's zone the worker's evening check may
// also warn demo's family that a switched-off player (this one, or the sandbox's demo-player-3)
// may miss tomorrow's alarm. That is news of the player, not of the alarm, so the tests judge the
// news whose tag names the alarm, and allow only that warning beside it.

const PLAYER = 'demo-player-1';
const SECOND_PARENT = 'auth0|demo-second-parent';
const OUTSIDER = 'auth0|other-family';
type Account = 'demo' | 'demo-2' | 'other';

const services = usePushServices(() => startSandbox({ port: 0, mqttPort: 0 }));

const payloads = (endpoint: string): unknown[] =>
  services.push.received(endpoint).map((message) => JSON.parse(message.text) as unknown);

/** Whether a sent message (its payload's tag) or a sent log's key names the alarm. */
const names = (alarmId: string, key: unknown): boolean => typeof key === 'string' && key.includes(alarmId);
const tagOf = (payload: unknown): unknown => (payload as { tag?: unknown }).tag;

/** What the browser was sent about the alarm, and that all else is the evening check's warning. */
function newsAbout(endpoint: string, alarmId: string): unknown[] {
  const all = payloads(endpoint);
  for (const payload of all.filter((p) => !names(alarmId, tagOf(p))))
    expect(payload).toMatchObject({ kind: 'alarm-at-risk' });
  return all.filter((payload) => names(alarmId, tagOf(payload)));
}

/** The sent log's rows about the alarm, and that all else is the evening check's warning. */
async function sentAbout(world: PushWorld, alarmId: string) {
  const sent = await world.test.db.selectFrom('sent_notifications').selectAll().execute();
  for (const row of sent.filter((row) => !names(alarmId, row.dedup_key)))
    expect(row.kind).toBe('alarm-at-risk');
  return sent.filter((row) => names(alarmId, row.dedup_key));
}

describeOnDatabases('householdRecipients', (open) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
  });
  afterEach(() => test.dispose());

  it('the creator first, then each parent the provider lists the player for, once; never a family for an outsider', async () => {
    const tokens = new SandboxTokenSource(services.sandbox.url);
    const lists = new PlayerLists({
      db: test.db,
      apiBase: services.sandbox.url,
      fetch,
      now: () => new Date(),
    });
    const recipients = householdRecipients({ db: test.db, lists }, tokens);
    const seen = async (userId: string) => {
      const token = await tokens.accessTokenFor(userId);
      if (token === null) throw new Error(`the sandbox has no token for ${userId}`);
      expect((await lists.playersOf(userId, token))?.size).toBeGreaterThan(0);
    };

    // Nobody's list seen yet: the creator alone (the provider vouched for no one else).
    expect(await recipients({ yoto_user_id: SECOND_PARENT, yoto_device_id: PLAYER })).toEqual([
      SECOND_PARENT,
    ]);
    await seen(DEMO_USER);
    // The creator's own list not seen: the family is not told on an unvouched alarm's behalf.
    expect(await recipients({ yoto_user_id: SECOND_PARENT, yoto_device_id: PLAYER })).toEqual([
      SECOND_PARENT,
    ]);
    await seen(SECOND_PARENT);
    await seen(OUTSIDER);
    // Both parents listed, demo first: the creator still leads, and is not named twice.
    expect(await recipients({ yoto_user_id: SECOND_PARENT, yoto_device_id: PLAYER })).toEqual([
      SECOND_PARENT,
      DEMO_USER,
    ]);
    expect(await recipients({ yoto_user_id: DEMO_USER, yoto_device_id: PLAYER })).toEqual([
      DEMO_USER,
      SECOND_PARENT,
    ]);
    expect(await recipients({ yoto_user_id: OUTSIDER, yoto_device_id: PLAYER })).toEqual([OUTSIDER]);
  }, 30_000);
});

describeOnDatabases('a cloud alarm that did not play → every parent of the family', (open) => {
  let world: PushWorld;
  beforeEach(async () => {
    await sandboxKnobs(services.sandbox.url).reset();
    world = await PushWorld.open(services, open);
  });
  afterEach(() => world.close());

  async function startApp() {
    const clock = fastClock(4);
    const server = await world.startApp({ worker: true, logLevel: 'silent', deps: { workerClock: clock } });
    await server.ready();
    return { server, clock };
  }

  /** Signs a parent in through the API: a browser subscribed, no quiet hours, their players listed. */
  const parent = (server: FastifyInstance, account: Account) =>
    world.parent(server, { account, listPlayers: true });

  it("demo's alarm on a player that is off: demo and demo-2 are each told once; the other family is not", async () => {
    await sandboxKnobs(services.sandbox.url).player(PLAYER).setOnline(false);
    const { server, clock } = await startApp();
    const demo = await parent(server, 'demo');
    const second = await parent(server, 'demo-2');
    const outsider = await parent(server, 'other');
    const dueAt = new Date(clock.now().getTime() + 24_000);
    const alarmId = await alarmDueAt(world.test.db, dueAt, { deviceId: PLAYER, cardId: services.cardId });

    const told = (endpoint: string, timeoutMs: number) =>
      eventually(() => {
        const about = services.push
          .received(endpoint)
          .filter((message) => names(alarmId, tagOf(JSON.parse(message.text))));
        return Promise.resolve(about[0]);
      }, timeoutMs);
    const toDemo = await told(demo.endpoint, 40_000);
    const toSecond = await told(second.endpoint, 20_000);
    await world.closeApp(server); // the worker's last receipts and their news are done

    const alarm = await world.test.db
      .selectFrom('alarms')
      .selectAll()
      .where('id', '=', alarmId)
      .executeTakeFirstOrThrow();
    expect(alarm.last_outcome).toBe('player-offline');
    const { message: news } = notPlayedMessage(alarm, dueAt.toISOString(), 'player-offline', dueAt);
    for (const message of [toDemo, toSecond]) {
      expect(JSON.parse(message.text)).toEqual(news);
      expect(message.vapidKey).toBe(world.env.VAPID_PUBLIC_KEY);
    }
    expect(newsAbout(demo.endpoint, alarmId)).toEqual([news]);
    expect(newsAbout(second.endpoint, alarmId)).toEqual([news]);
    expect(payloads(outsider.endpoint)).toEqual([]);
    for (const browser of [demo, second, outsider])
      expect(services.push.refused(browser.endpoint)).toEqual([]);
    const sent = await sentAbout(world, alarmId);
    expect(sent.map((row) => [row.yoto_user_id, row.kind]).sort()).toEqual(
      [
        [DEMO_USER, 'alarm-not-played'],
        [SECOND_PARENT, 'alarm-not-played'],
      ].sort(),
    );
  }, 90_000);

  it("the other family's alarm naming demo's player tells demo and demo-2 nothing", async () => {
    await sandboxKnobs(services.sandbox.url).player(PLAYER).setOnline(false);
    const { server, clock } = await startApp();
    const demo = await parent(server, 'demo');
    const second = await parent(server, 'demo-2');
    const outsider = await parent(server, 'other');
    const dueAt = new Date(clock.now().getTime() + 24_000);
    const alarmId = await alarmDueAt(world.test.db, dueAt, {
      deviceId: PLAYER,
      cardId: services.cardId,
      userId: OUTSIDER,
    });

    // The firing happened (its receipt is written), and closing waits for its news to go out.
    const outcome = await eventually(async () => {
      const row = await world.test.db
        .selectFrom('alarms')
        .select('last_outcome')
        .where('id', '=', alarmId)
        .executeTakeFirstOrThrow();
      return row.last_outcome ?? undefined;
    }, 40_000);
    expect(outcome).not.toBe('played');
    await world.closeApp(server);

    expect(newsAbout(demo.endpoint, alarmId)).toEqual([]);
    expect(newsAbout(second.endpoint, alarmId)).toEqual([]);
    // Only the creator may hear of it, and only of its own alarm.
    for (const payload of payloads(outsider.endpoint))
      expect(payload).toMatchObject({ tag: expect.stringContaining(alarmId) as unknown });
    for (const row of await sentAbout(world, alarmId)) expect(row.yoto_user_id).toBe(OUTSIDER);
  }, 90_000);
});
