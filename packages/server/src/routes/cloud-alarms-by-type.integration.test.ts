import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  ALICE,
  BOB,
  alarmBody,
  describeOnDatabases,
  startCloudApi,
  type CloudApi,
} from '../../test/support/cloud-api';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

const alice = encodeURIComponent(ALICE);
const bob = encodeURIComponent(BOB);
const forbidden = { status: 403, body: { error: 'yoto_user_id is not the signed-in user' } };
const count = async (api: CloudApi, as = ALICE) =>
  ((await api.call('GET', '/api/alarms', { as })).body as { counts: { total: number } }).counts;

describeOnDatabases('cloud alarms by type, delete-all and clear-all', (open) => {
  let api: CloudApi;
  beforeEach(async () => {
    api = await startCloudApi(issuer, open);
  });
  afterEach(async () => {
    await api.close();
  });

  it('the upload replaces the alarm of its type and leaves the other type alone', async () => {
    await api.call('POST', '/api/alarms', { body: alarmBody({ alarm_type: 'bedtime', hour: 19 }) });
    const first = await api.call('POST', '/api/alarms/by-type', { body: alarmBody({ yoto_user_id: ALICE }) });
    expect(first.status).toBe(200);
    const second = await api.call('POST', '/api/alarms/by-type', {
      body: alarmBody({ hour: 6, minute: 45, playlist_name: '', days: '0000011' }),
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      alarm_type: 'wakeup',
      hour: 6,
      alarm_name: 'Wakeup Alarm 6:45',
      next_fire_at: '2026-06-13T06:45:00.000Z',
    });
    expect(await count(api)).toEqual({ total: 2, wakeup: 1, bedtime: 1 });
    expect(await api.call('GET', `/api/alarms/by-type/wakeup?yoto_user_id=${alice}`)).toEqual({
      status: 200,
      body: second.body,
    });
    expect((await api.call('GET', '/api/alarms/by-type/bedtime')).body).toMatchObject({ hour: 19 });
  });

  it('the upload also replaces several alarms of its type (made by plain creates)', async () => {
    for (const minute of [0, 1, 2]) await api.call('POST', '/api/alarms', { body: alarmBody({ minute }) });
    expect((await api.call('POST', '/api/alarms/by-type', { body: alarmBody({ minute: 9 }) })).status).toBe(
      200,
    );
    expect(await count(api)).toEqual({ total: 1, wakeup: 1, bedtime: 0 });
  });

  it('the upload respects the cap when the other type fills the account', async () => {
    for (let i = 0; i < 10; i += 1) {
      await api.call('POST', '/api/alarms', { body: alarmBody({ alarm_type: 'bedtime', minute: i }) });
    }
    expect(await api.call('POST', '/api/alarms/by-type', { body: alarmBody() })).toEqual({
      status: 409,
      body: { error: 'An account can hold at most 10 cloud alarms' },
    });
    expect(
      (await api.call('POST', '/api/alarms/by-type', { body: alarmBody({ alarm_type: 'bedtime' }) })).status,
    ).toBe(200);
    expect(await count(api)).toEqual({ total: 1, wakeup: 0, bedtime: 1 });
  });

  it('get-by-type with none is 404; a bad type is 400', async () => {
    expect(await api.call('GET', '/api/alarms/by-type/wakeup')).toEqual({
      status: 404,
      body: { error: 'No wakeup alarm' },
    });
    expect(await api.call('GET', '/api/alarms/by-type/nap')).toEqual({
      status: 400,
      body: { error: 'alarm_type must be wakeup or bedtime' },
    });
    // Another user's alarm of that type is not the caller's: still 404.
    await api.call('POST', '/api/alarms/by-type', { as: BOB, body: alarmBody() });
    expect((await api.call('GET', '/api/alarms/by-type/wakeup')).status).toBe(404);
  });

  it('both deletes by type remove only that type of the caller', async () => {
    const seed = async (as: string) => {
      for (const alarm_type of ['wakeup', 'wakeup', 'bedtime']) {
        await api.call('POST', '/api/alarms', { as, body: alarmBody({ alarm_type }) });
      }
    };
    await seed(ALICE);
    await seed(BOB);
    expect(await api.call('DELETE', `/api/alarms/by-type/wakeup?yoto_user_id=${alice}`)).toEqual({
      status: 200,
      body: { deleted: 2 },
    });
    expect(await count(api)).toEqual({ total: 1, wakeup: 0, bedtime: 1 });
    expect(
      await api.call('POST', '/api/alarms/delete-by-type', {
        body: { yoto_user_id: ALICE, alarm_type: 'bedtime' },
      }),
    ).toEqual({ status: 200, body: { deleted: 1 } });
    expect(await count(api)).toEqual({ total: 0, wakeup: 0, bedtime: 0 });
    expect(await count(api, BOB)).toEqual({ total: 3, wakeup: 2, bedtime: 1 });
    expect(await api.call('POST', '/api/alarms/delete-by-type', { body: { alarm_type: 'x' } })).toEqual({
      status: 400,
      body: { error: 'alarm_type must be wakeup or bedtime' },
    });
  });

  it('delete-all (body) and clear-all (query) remove every alarm of the caller only', async () => {
    for (const as of [ALICE, ALICE, BOB]) await api.call('POST', '/api/alarms', { as, body: alarmBody() });
    expect(await api.call('POST', '/api/alarms/delete-all', { body: { yoto_user_id: ALICE } })).toEqual({
      status: 200,
      body: { deleted: 2 },
    });
    await api.call('POST', '/api/alarms', { body: alarmBody() });
    expect(await api.call('POST', '/api/alarms/delete-all')).toEqual({ status: 200, body: { deleted: 1 } });
    await api.call('POST', '/api/alarms', { body: alarmBody() });
    expect(await api.call('DELETE', `/api/alarms/clear-all?yoto_user_id=${alice}`)).toEqual({
      status: 200,
      body: { deleted: 1 },
    });
    expect(await api.call('DELETE', '/api/alarms/clear-all')).toEqual({ status: 200, body: { deleted: 0 } });
    expect(await count(api, BOB)).toMatchObject({ total: 1 });
  });

  it('another user’s yoto_user_id is 403 on every by-type and bulk route, and deletes nothing', async () => {
    await api.call('POST', '/api/alarms', { as: BOB, body: alarmBody() });
    expect(await api.call('POST', '/api/alarms/by-type', { body: alarmBody({ yoto_user_id: BOB }) })).toEqual(
      forbidden,
    );
    expect(await api.call('GET', `/api/alarms/by-type/wakeup?yoto_user_id=${bob}`)).toEqual(forbidden);
    expect(await api.call('DELETE', `/api/alarms/by-type/wakeup?yoto_user_id=${bob}`)).toEqual(forbidden);
    expect(
      await api.call('POST', '/api/alarms/delete-by-type', {
        body: { yoto_user_id: BOB, alarm_type: 'wakeup' },
      }),
    ).toEqual(forbidden);
    expect(await api.call('POST', '/api/alarms/delete-all', { body: { yoto_user_id: BOB } })).toEqual(
      forbidden,
    );
    expect(await api.call('DELETE', `/api/alarms/clear-all?yoto_user_id=${bob}`)).toEqual(forbidden);
    expect(await count(api, BOB)).toMatchObject({ total: 1 });
  });

  it('needs a token', async () => {
    for (const [method, url] of [
      ['POST', '/api/alarms/by-type'],
      ['GET', '/api/alarms/by-type/wakeup'],
      ['DELETE', '/api/alarms/by-type/wakeup'],
      ['POST', '/api/alarms/delete-by-type'],
      ['POST', '/api/alarms/delete-all'],
      ['DELETE', '/api/alarms/clear-all'],
    ] as const) {
      expect((await api.call(method, url, { as: null })).status).toBe(401);
    }
  });
});
