import fs from 'node:fs';
import { silencedAlarmName } from '@playlist-alarms/core/alarms/silenced-ringings';
import {
  recordCloudSilenced,
  recordPlay,
  recordSilencedRingings,
} from '../../src/db/alarm-history-repository';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { buildApp } from '../../src/app';
import type { TestDatabase } from '../support/test-databases';
import { ALICE, BOB, alarmBody, type OpenDatabase } from '../support/cloud-api';
import { RecordingRinger } from '../support/recording-ringer';
import { testConfig } from '../support/test-app';
import { vapidEnv } from '../support/vapid-env';
import { claimNotification } from '../../src/db/push-repository';
import { holdNotification } from '../../src/db/pending-notifications-repository';
import type { TestIssuer } from '../support/test-issuer';
import { OWNER_PLAYER, OWNER_PLAYER_ALARMS, startFakeProvider, type FakeProvider } from './fake-provider';
import { snapshotOwnedRows } from './owned-rows';

// Real users of one app on a given database: A (ALICE) owns alarms of both kinds (one of them
// already fired, one due right now), a profile with a time zone, a player and a session; B (BOB)
// owns nothing but a session; C, the other parent of A's family (the provider lists A's player for
// A and C), owns nothing of its own but a session. Each calls with a signed bearer token or with
// its session cookie.

export const OWNER = ALICE;
export const INTRUDER = BOB;
export const PARTNER = 'auth0|alice-partner';
export type User = typeof OWNER | typeof INTRUDER | typeof PARTNER;
export type Credential = 'bearer' | 'session';
export type Verb = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  method: Verb;
  url: string;
  body?: unknown;
}

export interface ApiAnswer {
  status: number;
  /** The raw answer, to look for anything of A in what B is told. */
  text: string;
  body: unknown;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

/** What A holds, as the API answered it when A created it. */
export interface OwnerObjects {
  alarms: CloudAlarm[];
  /** The alarm A fired through the trigger, and the due instant it fired for. */
  fired: { id: string; dueAt: string };
  /** An enabled alarm of A due within the trigger's minute at the world's clock. */
  dueNow: CloudAlarm;
  deviceId: string;
  email: string;
  cards: readonly string[];
  groups: readonly string[];
  /** The alarms of A's player as A read them (A skipped the first: the server holds it). */
  playerAlarms: readonly string[];
  /** A's Quick Play pins: card ids and the titles only A gave them. */
  favourites: ReadonlyArray<{ cardId: string; title: string }>;
  /** A's browser's push subscription (a push service's endpoint, nothing is sent to it). */
  pushSubscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface TwoUserWorld {
  app: FastifyInstance;
  database: TestDatabase;
  clock: { now: Date };
  routes: RegisteredRoute[];
  a: OwnerObjects;
  call(user: User, credential: Credential, request: ApiRequest): Promise<ApiAnswer>;
  /** A's rows in every table, as one JSON text. */
  snapshotA(): Promise<string>;
  /** A's player's config at the provider, as one JSON text. */
  playerConfigOfA(): string;
  close(): Promise<void>;
}

// The app's host and the Origin its own page sends: a session's unsafe requests need both.
const HOST = 'app.test';
const ORIGIN = `http://${HOST}`;

export async function startTwoUserWorld(issuer: TestIssuer, open: OpenDatabase): Promise<TwoUserWorld> {
  const provider: FakeProvider = await startFakeProvider(OWNER, PARTNER);
  const database = await open();
  const clock = { now: new Date('2026-06-10T05:00:00.000Z') }; // a Wednesday
  const workerClock = {
    now: () => clock.now,
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const base = testConfig({ issuerUrl: issuer.url, apiBase: provider.url, env: vapidEnv() });
  // Hundreds of requests from one address and user: the limits have their own tests.
  const config = { ...base, rateLimits: { ...base.rateLimits, perAddress: 0, perUser: 0, signIn: 0 } };
  const routes: RegisteredRoute[] = [];
  const record = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  };
  const app = await buildApp(config, {
    db: database.db,
    now: () => clock.now,
    workerClock,
    ringer: new RecordingRinger(workerClock),
    onRoute: record,
  });

  const tokens = new Map<User, string>();
  const cookies = new Map<User, string>();
  for (const user of [OWNER, INTRUDER, PARTNER] as const) {
    const token = await issuer.sign({ sub: user });
    tokens.set(user, token);
    const rawId = await app.sessions.startSession({
      sub: user,
      name: null,
      email: null,
      tokens: {
        accessToken: token,
        refreshToken: `refresh-${user}`,
        idToken: null,
        expiresAt: Date.UTC(2030, 0),
      },
    });
    cookies.set(user, `pa_session=${rawId}`);
  }

  async function call(user: User, credential: Credential, request: ApiRequest): Promise<ApiAnswer> {
    const headers: Record<string, string> = { host: HOST, origin: ORIGIN };
    if (credential === 'bearer') headers.authorization = `Bearer ${tokens.get(user) ?? ''}`;
    else headers.cookie = cookies.get(user) ?? '';
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    });
    const text = response.body;
    let body: unknown = null;
    try {
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      body = text;
    }
    return { status: response.statusCode, text, body };
  }

  const asOwner = async (request: ApiRequest, status: number): Promise<unknown> => {
    const answer = await call(OWNER, 'bearer', request);
    if (answer.status !== status) {
      throw new Error(`A's ${request.method} ${request.url}: ${answer.status} ${answer.text}`);
    }
    return answer.body;
  };

  // A sets up through the API, as the app would.
  const email = 'alice@example.test';
  await asOwner(
    { method: 'POST', url: '/api/users', body: { email, name: 'Alice', timezone: 'Europe/London' } },
    200,
  );
  const deviceId = OWNER_PLAYER;
  await asOwner(
    { method: 'POST', url: '/api/devices', body: { yoto_device_id: deviceId, device_name: 'Alice’s room' } },
    200,
  );
  const create = async (fields: Record<string, unknown>) =>
    (await asOwner(
      { method: 'POST', url: '/api/alarms', body: alarmBody({ yoto_device_id: deviceId, ...fields }) },
      201,
    )) as CloudAlarm;
  const toFire = await create({ hour: 7, minute: 30, days: '1111111', playlist_id: provider.cards[0] });
  const dueNext = await create({ hour: 7, minute: 31, days: '1111100' });
  await create({ hour: 9, minute: 0, days: '0000011' });
  await create({
    alarm_type: 'bedtime',
    hour: 19,
    minute: 0,
    days: '1111111',
    playlist_id: provider.cards[1],
  });
  await create({ alarm_type: 'bedtime', hour: 20, minute: 15, is_enabled: false });

  // A's page fires the 07:30 alarm (London) through the trigger, so the worker's columns and
  // alarm_firings hold A's data too; then the clock stops where the 07:31 alarm is due.
  const dueAt = toFire.next_fire_at;
  if (dueAt === null || dueNext.next_fire_at === null) throw new Error('A’s alarms have no next firing');
  clock.now = new Date(Date.parse(dueAt) - 20_000);
  await asOwner({ method: 'POST', url: `/api/alarms/${toFire.id}/trigger`, body: { due_at: dueAt } }, 200);
  clock.now = new Date(Date.parse(dueNext.next_fire_at) - 30_000);

  const favourites = [
    { cardId: provider.cards[0] ?? 'card-a1', title: 'Alice’s morning pick' },
    { cardId: 'alice-fav-2', title: 'Alice’s bedtime pick' },
  ];
  for (const { cardId, title } of favourites)
    await asOwner({ method: 'PUT', url: `/api/favourites/${cardId}`, body: { title } }, 200);

  // A skips the next ringing of its player's own first alarm: a hold row, the alarm off on the player.
  const [playerAlarm = ''] = OWNER_PLAYER_ALARMS;
  await asOwner(
    {
      method: 'POST',
      url: `/api/devices/${deviceId}/alarm-holds`,
      body: { alarm: playerAlarm, index: 0, change: { action: 'skip' } },
    },
    200,
  );

  // An earlier skip the hold runner has switched back on left a silenced ringing in A's history.
  const yesterday = new Date(clock.now.getTime() - 24 * 3_600_000).toISOString();
  await recordSilencedRingings(database.db, [
    {
      yoto_device_id: deviceId,
      alarm: playerAlarm,
      due_at: yesterday,
      yoto_user_id: OWNER,
      alarm_name: silencedAlarmName(playerAlarm),
      outcome: 'skipped',
      recorded_at: yesterday,
    },
  ]);

  // A skipped a ringing of the weekday 07:31 alarm last week: the worker recorded it passed over.
  const lastWeek = new Date(Date.parse(dueNext.next_fire_at) - 7 * 24 * 3_600_000).toISOString();
  await recordCloudSilenced(database.db, [
    {
      alarm_id: dueNext.id,
      due_at: lastWeek,
      yoto_user_id: OWNER,
      yoto_device_id: deviceId,
      alarm_name: dueNext.alarm_name,
      alarm_type: dueNext.alarm_type,
      outcome: 'skipped',
      recorded_at: lastWeek,
    },
  ]);

  // A's page saw the player's own first alarm play two days ago.
  const twoDaysAgo = new Date(clock.now.getTime() - 2 * 24 * 3_600_000).toISOString();
  await recordPlay(database.db, {
    yoto_device_id: deviceId,
    alarm: playerAlarm,
    due_at: twoDaysAgo,
    yoto_user_id: OWNER,
    alarm_name: silencedAlarmName(playerAlarm),
    started_at: twoDaysAgo,
    recorded_at: twoDaysAgo,
  });

  // A's browser subscribes to two kinds, A moves the quiet hours, and A was once told of a failure.
  const pushSubscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/alice-browser:APA91b-only-alice',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'alice-auth-secret-0123' },
  };
  await asOwner(
    {
      method: 'POST',
      url: '/api/push/subscriptions',
      body: { ...pushSubscription, kinds: ['alarm-not-played', 'player-offline'] },
    },
    201,
  );
  await asOwner(
    { method: 'PUT', url: '/api/push/settings', body: { quietHours: { start: '22:15', end: '06:45' } } },
    200,
  );
  await claimNotification(
    database.db,
    OWNER,
    {
      dedupKey: `alarm-not-played:${toFire.id}@${dueAt}`,
      kind: 'alarm-not-played',
      deviceId: toFire.yoto_device_id,
    },
    clock.now,
  );
  // News held back for A (quiet hours): a pending row another parent must never reach.
  await holdNotification(
    database.db,
    OWNER,
    {
      kind: 'low-battery',
      dedupKey: `low-battery:${toFire.yoto_device_id}:held`,
      title: 'Held',
      body: 'Held until the quiet hours end.',
      url: '/?view=devices',
      deviceId: toFire.yoto_device_id,
      alarmAt: null,
    },
    new Date(clock.now.getTime() + 60 * 60_000),
    clock.now,
  );

  const listed = (await asOwner({ method: 'GET', url: '/api/alarms' }, 200)) as { alarms: CloudAlarm[] };
  const alarms = listed.alarms;
  const dueNow = alarms.find((alarm) => alarm.id === dueNext.id);
  if (dueNow === undefined) throw new Error('A’s due alarm is missing');
  const owner = { userId: OWNER, alarmIds: alarms.map((alarm) => alarm.id), deviceIds: [deviceId] };

  return {
    app,
    database,
    clock,
    routes,
    a: {
      alarms,
      fired: { id: toFire.id, dueAt },
      dueNow,
      deviceId,
      email,
      cards: provider.cards,
      groups: provider.groups,
      favourites,
      playerAlarms: OWNER_PLAYER_ALARMS,
      pushSubscription,
    },
    call,
    snapshotA: () => snapshotOwnedRows(database.db, owner),
    playerConfigOfA: () => provider.playerConfig(),
    async close() {
      await app.close();
      await database.dispose();
      await provider.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
