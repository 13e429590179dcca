import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startHttpServer, type TestHttpServer } from '../../test/support/http-server';
import { createSqliteTestDatabase, type TestDatabase } from '../../test/support/test-databases';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { alarmBody } from '../../test/support/cloud-api';
import { createAlarm } from '../db/alarms-repository';
import { migrateToLatest } from '../db/migrations';
import { householdAlarm, usersWhoMaySeePlayer, type Household } from './household-access';
import { PLAYER_LIST_TTL_MS, PlayerLists } from './player-lists';

// The provider's device list per user, kept PLAYER_LIST_TTL_MS, against a real HTTP provider that
// answers by the token (here the token is the user's name) and counts what it is asked.

const FIRST = 'first-parent';
const SECOND = 'second-parent';
const OUTSIDER = 'outsider';
const FAMILY_PLAYER = 'player-family';
const AT = new Date('2026-06-10T05:00:00.000Z');

describe('PlayerLists and the household rule', () => {
  let provider: TestHttpServer;
  let database: TestDatabase;
  let clockMs = 0;
  let refuse = false;
  let household: Household;

  beforeEach(async () => {
    refuse = false;
    clockMs = 1_000_000;
    provider = await startHttpServer((request, response) => {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (refuse) return sendJson(response, 503, { error: 'down' });
      const family = token === FIRST || token === SECOND;
      sendJson(response, 200, { devices: family ? [{ deviceId: FAMILY_PLAYER, name: 'Kids' }] : [] });
    });
    database = createSqliteTestDatabase();
    await migrateToLatest(database.db);
    const lists = new PlayerLists({
      db: database.db,
      apiBase: provider.url,
      fetch,
      now: () => AT,
      nowMs: () => clockMs,
    });
    household = { db: database.db, lists };
  });
  afterEach(async () => {
    await provider.close();
    await database.dispose();
  });

  const asked = () => provider.requests.filter((r) => r.url === '/device-v2/devices/mine').length;

  it('asks the provider once per user within the TTL, once for concurrent calls, again after it', async () => {
    const { lists } = household;
    const [one, two] = await Promise.all([lists.playersOf(FIRST, FIRST), lists.playersOf(FIRST, FIRST)]);
    expect([...(one ?? [])]).toEqual([FAMILY_PLAYER]);
    expect(two).toBe(one);
    expect(asked()).toBe(1);
    clockMs += PLAYER_LIST_TTL_MS - 1;
    await lists.playersOf(FIRST, FIRST);
    expect(asked()).toBe(1);
    clockMs += 1;
    await lists.playersOf(FIRST, FIRST);
    expect(asked()).toBe(2);
    // Another user is asked with their own token.
    expect([...((await lists.playersOf(OUTSIDER, OUTSIDER)) ?? [])]).toEqual([]);
    expect(provider.requests.at(-1)?.authorization).toBe(`Bearer ${OUTSIDER}`);
  });

  it('keeps no failure: null, then asked again at the next call', async () => {
    refuse = true;
    expect(await household.lists.playersOf(FIRST, FIRST)).toBeNull();
    refuse = false;
    expect([...((await household.lists.playersOf(FIRST, FIRST)) ?? [])]).toEqual([FAMILY_PLAYER]);
    expect(asked()).toBe(2);
  });

  it('says who may see a player: listed and confirmed with their own token', async () => {
    for (const user of [FIRST, SECOND, OUTSIDER]) await household.lists.playersOf(user, user);
    const tokens = { accessTokenFor: (user: string) => Promise.resolve(user === SECOND ? null : user) };
    // The second parent has no usable token: left out.
    expect(await usersWhoMaySeePlayer(household, tokens, FAMILY_PLAYER)).toEqual([FIRST]);
    const everyone = { accessTokenFor: (user: string) => Promise.resolve(user) };
    expect(await usersWhoMaySeePlayer(household, everyone, FAMILY_PLAYER)).toEqual([FIRST, SECOND]);
    expect(await usersWhoMaySeePlayer(household, everyone, 'player-elsewhere')).toEqual([]);
  });

  it('reaches an alarm of the family only when the provider listed its player for both parents', async () => {
    const { db } = database;
    const alarm = await createAlarm(
      db,
      FIRST,
      cloudAlarmCreateSchema.parse(alarmBody({ yoto_device_id: FAMILY_PLAYER })),
      AT,
    );
    const second = { sub: SECOND, token: SECOND };
    // The creator's list was never asked: not yet the family's.
    expect(await householdAlarm(household, second, alarm.id)).toBeNull();
    await household.lists.playersOf(FIRST, FIRST);
    expect(await householdAlarm(household, second, alarm.id)).toMatchObject({ id: alarm.id });
    expect(await householdAlarm(household, { sub: OUTSIDER, token: OUTSIDER }, alarm.id)).toBeNull();
    expect(await householdAlarm(household, second, 'alarm-missing')).toBeNull();
  });
});
