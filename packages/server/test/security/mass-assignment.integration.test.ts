import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlarmFiringsTable, AlarmsTable, DevicesTable, UsersTable } from '../../src/db/schema';
import { alarmBody, describeOnDatabases } from '../support/cloud-api';
import { startTestIssuer, type TestIssuer } from '../support/test-issuer';
import {
  INTRUDER,
  startTwoUserWorld,
  type ApiRequest,
  type OwnerObjects,
  type TwoUserWorld,
} from './two-user-world';

// Mass assignment: B's own creates and updates carry every server-owned column (A's alarm id as
// the id, a next_fire_at due now, receipts, claims, timestamps, tokens). Each lands exactly as
// the same request without them does, and A's rows stay byte-identical. The maps below are typed
// over schema.ts: a new column does not compile until it says what a hostile body sends for it.
// (B naming A as the owner, `yoto_user_id`, is the two-user matrix's 403.)

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

/** A column the client legitimately sets: the hostile body leaves it as the clean one has it. */
const CLIENT = Symbol('set by the client');
const LONG_AGO = '2000-01-01T00:00:00.000Z';

const hostileAlarm = (a: OwnerObjects, dueNow: string): Record<keyof AlarmsTable, unknown> => ({
  id: a.fired.id,
  yoto_user_id: INTRUDER,
  // The worker roster's: from the owner's account, never the body.
  share: 4_095,
  yoto_device_id: CLIENT,
  device_name: CLIENT,
  alarm_name: CLIENT,
  alarm_type: CLIENT,
  playlist_id: CLIENT,
  playlist_name: CLIENT,
  hour: CLIENT,
  minute: CLIENT,
  days: CLIENT,
  volume: CLIENT,
  is_enabled: CLIENT,
  fade_in_minutes: CLIENT,
  sleep_timer_minutes: CLIENT,
  night_light: CLIENT,
  // Accepted for compatibility, never stored.
  mqtt_config: { broker_url: 'wss://b.example.test', access_token: 'planted' },
  next_fire_at: dueNow,
  last_fired_at: LONG_AGO,
  last_outcome: 'played',
  last_outcome_at: LONG_AGO,
  claimed_by: 'b',
  claimed_until: '2100-01-01T00:00:00.000Z',
  // Set only by the skip, pause and resume routes.
  skip_until: '2100-01-01T00:00:00.000Z',
  paused_through: '2100-01-01',
  created_at: LONG_AGO,
  updated_at: LONG_AGO,
});

const hostileUser: Record<keyof UsersTable | 'access_token' | 'refresh_token', unknown> = {
  yoto_user_id: INTRUDER,
  email: CLIENT,
  name: CLIENT,
  timezone: CLIENT,
  access_token_enc: 'planted',
  token_expires_at: '2100-01-01T00:00:00.000Z',
  refresh_token_enc: 'planted',
  // The names older clients used for the same: accepted and dropped.
  access_token: 'planted',
  refresh_token: 'planted',
  created_at: LONG_AGO,
  updated_at: LONG_AGO,
};

const hostileDevice: Record<keyof DevicesTable, unknown> = {
  yoto_user_id: INTRUDER,
  yoto_device_id: CLIENT,
  device_name: CLIENT,
  device_type: CLIENT,
  created_at: LONG_AGO,
  updated_at: LONG_AGO,
};

const hostileFiring = (a: OwnerObjects): Record<Exclude<keyof AlarmFiringsTable, 'due_at'>, unknown> => ({
  alarm_id: a.fired.id,
  claimed_by: 'b',
  claimed_at: LONG_AGO,
  outcome: 'failed',
  outcome_at: LONG_AGO,
  detail: 'planted',
  yoto_user_id: INTRUDER,
  yoto_device_id: 'player-b',
  alarm_name: 'planted',
  alarm_type: 'bedtime',
  played_at: LONG_AGO,
  faded: 1,
  lease_owner: 'b',
  lease_until: LONG_AGO,
  playlist_id: 'planted',
});

const serverOwned = (columns: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== CLIENT));

const withoutId = ({ id: _id, ...row }: AlarmsTable) => row;

describeOnDatabases('mass assignment (OWASP API1)', (open) => {
  let world: TwoUserWorld;
  let aBefore: string;
  beforeAll(async () => {
    world = await startTwoUserWorld(issuer, open);
    aBefore = await world.snapshotA();
  }, 30_000);
  afterAll(async () => {
    await world.close();
  });

  const asB = async (request: ApiRequest, status: number) => {
    const answer = await world.call(INTRUDER, 'bearer', request);
    expect(answer.status, `${request.method} ${request.url}: ${answer.text}`).toBe(status);
    return answer.body as Record<string, unknown>;
  };
  const alarmRow = (id: unknown) =>
    world.database.db.selectFrom('alarms').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
  const dueNow = () => new Date(world.clock.now.getTime() + 30_000).toISOString();

  it('B’s create: id, owner, next_fire_at, receipts, claims and timestamps are the server’s', async () => {
    const clean = alarmBody({ yoto_device_id: 'player-b', hour: 8 });
    const plain = await asB({ method: 'POST', url: '/api/alarms', body: clean }, 201);
    const body = { ...clean, ...serverOwned(hostileAlarm(world.a, dueNow())) };
    const hostile = await asB({ method: 'POST', url: '/api/alarms', body }, 201);
    expect(hostile.id).not.toBe(world.a.fired.id);
    expect(hostile.id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await alarmRow(hostile.id);
    expect(withoutId(row)).toEqual(withoutId(await alarmRow(plain.id)));
    expect(row).toMatchObject({ yoto_user_id: INTRUDER, mqtt_config: null, last_fired_at: null });
  });

  it('B’s upload by type: the same', async () => {
    const clean = alarmBody({ alarm_type: 'bedtime', yoto_device_id: 'player-b', hour: 21 });
    const plain = await alarmRow(
      (await asB({ method: 'POST', url: '/api/alarms/by-type', body: clean }, 200)).id,
    );
    const body = { ...clean, ...serverOwned(hostileAlarm(world.a, dueNow())) };
    const hostile = await asB({ method: 'POST', url: '/api/alarms/by-type', body }, 200);
    expect(hostile.id).not.toBe(world.a.fired.id);
    expect(withoutId(await alarmRow(hostile.id))).toEqual(withoutId(plain));
  });

  it('B’s update of its own alarm changes only the alarm’s own fields', async () => {
    const create = () => asB({ method: 'POST', url: '/api/alarms', body: alarmBody({ hour: 10 }) }, 201);
    const [plain, target] = [await create(), await create()];
    await asB({ method: 'PUT', url: `/api/alarms/${String(plain.id)}`, body: { hour: 11 } }, 200);
    const body = { hour: 11, ...serverOwned(hostileAlarm(world.a, dueNow())) };
    await asB({ method: 'PUT', url: `/api/alarms/${String(target.id)}`, body }, 200);
    // Still at its own id (the body's id was not taken), as the plain update left its twin.
    expect(withoutId(await alarmRow(target.id))).toEqual(withoutId(await alarmRow(plain.id)));
  });

  it('B’s pause of its own alarm changes only the pause (and the next firing it gives)', async () => {
    const create = () => asB({ method: 'POST', url: '/api/alarms', body: alarmBody({ hour: 12 }) }, 201);
    const [plain, target] = [await create(), await create()];
    const through = '2100-01-02';
    await asB({ method: 'POST', url: `/api/alarms/${String(plain.id)}/pause`, body: { through } }, 200);
    const body = { through, ...serverOwned(hostileAlarm(world.a, dueNow())) };
    await asB({ method: 'POST', url: `/api/alarms/${String(target.id)}/pause`, body }, 200);
    expect(withoutId(await alarmRow(target.id))).toEqual(withoutId(await alarmRow(plain.id)));
    expect(await alarmRow(target.id)).toMatchObject({ paused_through: through, skip_until: null });
  });

  it('B’s trigger of its own due alarm: the firing’s receipt is the server’s, on B’s alarm', async () => {
    const due = new Date(world.clock.now.getTime() + 30_000);
    const alarm = await asB(
      {
        method: 'POST',
        url: '/api/alarms',
        body: alarmBody({ hour: due.getUTCHours(), minute: due.getUTCMinutes(), days: '1111111' }),
      },
      201,
    );
    const dueAt = String(alarm.next_fire_at);
    const body = { due_at: dueAt, ...hostileFiring(world.a) };
    await asB({ method: 'POST', url: `/api/alarms/${String(alarm.id)}/trigger`, body }, 200);
    const firings = await world.database.db
      .selectFrom('alarm_firings')
      .selectAll()
      .where('due_at', '=', dueAt)
      .execute();
    expect(firings).toEqual([
      expect.objectContaining({
        alarm_id: alarm.id,
        claimed_at: world.clock.now.toISOString(),
        outcome: 'played',
        detail: null,
      }),
    ]);
    expect(firings[0]?.claimed_by).toMatch(/^worker-/);
  });

  it('B’s profile: tokens, created_at and the owner stay the server’s', async () => {
    const rowOfB = () =>
      world.database.db
        .selectFrom('users')
        .selectAll()
        .where('yoto_user_id', '=', INTRUDER)
        .executeTakeFirstOrThrow();
    const before = await rowOfB();
    const body = { timezone: 'Asia/Tokyo', ...serverOwned(hostileUser) };
    await asB({ method: 'POST', url: '/api/users', body }, 200);
    expect(await rowOfB()).toEqual({
      ...before,
      timezone: 'Asia/Tokyo',
      updated_at: world.clock.now.toISOString(),
    });
  });

  it('B’s player: timestamps are the server’s; A’s player id recorded by B is a row of B’s', async () => {
    for (const deviceId of ['player-b', world.a.deviceId]) {
      const body = { yoto_device_id: deviceId, device_name: 'B’s', ...serverOwned(hostileDevice) };
      const answer = await asB({ method: 'POST', url: '/api/devices', body }, 200);
      expect(answer).toMatchObject({ yoto_user_id: INTRUDER, yoto_device_id: deviceId, device_name: 'B’s' });
      expect(answer.created_at).not.toBe(LONG_AGO);
      expect(answer.updated_at).not.toBe(LONG_AGO);
    }
  });

  it('leaves A’s rows byte-identical', async () => {
    expect(await world.snapshotA()).toBe(aBefore);
  });
});
