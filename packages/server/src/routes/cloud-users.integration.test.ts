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

const forbidden = { status: 403, body: { error: 'yoto_user_id is not the signed-in user' } };

describeOnDatabases('cloud users and devices', (open) => {
  let api: CloudApi;
  beforeEach(async () => {
    api = await startCloudApi(issuer, open);
  });
  afterEach(async () => {
    await api.close();
  });

  it('records the profile; tokens in the body are never stored nor echoed', async () => {
    const answer = await api.call('POST', '/api/users', {
      body: {
        yoto_user_id: ALICE,
        email: 'alice@example.com',
        name: 'Alice',
        timezone: 'Europe/London',
        access_token: 'secret-access',
        refresh_token: 'secret-refresh',
        token_expires_at: '2026-06-10T07:00:00Z',
      },
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        yoto_user_id: ALICE,
        email: 'alice@example.com',
        name: 'Alice',
        timezone: 'Europe/London',
        created_at: '2026-06-10T06:00:00.000Z',
        updated_at: '2026-06-10T06:00:00.000Z',
      },
    });
    const row = await api.db
      .selectFrom('users')
      .selectAll()
      .where('yoto_user_id', '=', ALICE)
      .executeTakeFirst();
    expect(row).toMatchObject({ access_token_enc: null, refresh_token_enc: null, token_expires_at: null });
    expect(JSON.stringify(row)).not.toContain('secret');
  });

  it('a second call changes what it sends and keeps the rest; a bad zone is 400', async () => {
    await api.call('POST', '/api/users', { body: { email: 'a@example.com', name: 'Alice' } });
    expect((await api.call('POST', '/api/users', { body: { name: 'Alice B' } })).body).toMatchObject({
      email: 'a@example.com',
      name: 'Alice B',
      timezone: null,
    });
    expect(await api.call('POST', '/api/users', { body: { timezone: 'Europe/Atlantis' } })).toEqual({
      status: 400,
      body: { error: 'timezone must be an IANA time zone such as "Europe/London"' },
    });
    expect(await api.call('POST', '/api/users', { body: { email: 5 } })).toEqual({
      status: 400,
      body: { error: 'email must be text' },
    });
  });

  it('the time zone drives next_fire_at, and changing it moves existing alarms', async () => {
    const utc = await api.call('POST', '/api/alarms', { body: alarmBody() });
    expect(utc.body).toMatchObject({ next_fire_at: '2026-06-10T07:30:00.000Z' });
    await api.call('POST', '/api/users', { body: { timezone: 'Asia/Tokyo' } });
    // 06:00 UTC is 15:00 Wednesday in Tokyo: 07:30 Thursday there is 22:30 UTC Wednesday.
    expect((await api.call('GET', '/api/alarms')).body).toMatchObject({
      alarms: [{ next_fire_at: '2026-06-10T22:30:00.000Z' }],
    });
    expect((await api.call('POST', '/api/alarms', { body: alarmBody({ hour: 16 }) })).body).toMatchObject({
      next_fire_at: '2026-06-10T07:30:00.000Z', // 16:30 today in Tokyo
    });
  });

  it('another user’s id is 403 and a call without a token 401', async () => {
    expect(await api.call('POST', '/api/users', { body: { yoto_user_id: BOB, name: 'Mallory' } })).toEqual(
      forbidden,
    );
    expect(await api.db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect((await api.call('POST', '/api/users', { as: null, body: {} })).status).toBe(401);
  });

  it('records devices per user (a second call renames) and lists only the caller’s', async () => {
    const device = { yoto_device_id: 'player-1', device_name: 'Bedroom', device_type: 'mini' };
    expect(
      await api.call('POST', '/api/devices', { body: { ...device, yoto_user_id: ALICE } }),
    ).toMatchObject({
      status: 200,
      body: { ...device, yoto_user_id: ALICE },
    });
    await api.call('POST', '/api/devices', { body: { ...device, device_name: 'Nursery' } });
    await api.call('POST', '/api/devices', { body: { yoto_device_id: 'player-2' } });
    await api.call('POST', '/api/devices', { as: BOB, body: { yoto_device_id: 'bobs-player' } });
    const list = await api.call('GET', `/api/devices?yoto_user_id=${encodeURIComponent(ALICE)}`);
    expect(list.status).toBe(200);
    // Sorted by name: the unnamed player first.
    expect((list.body as { devices: object[] }).devices).toEqual([
      expect.objectContaining({ yoto_device_id: 'player-2', device_name: '', device_type: 'yoto' }),
      expect.objectContaining({ yoto_device_id: 'player-1', device_name: 'Nursery', device_type: 'mini' }),
    ]);
  });

  it('devices: bad input 400, another user 403, no token 401', async () => {
    expect(await api.call('POST', '/api/devices', { body: { device_name: 'x' } })).toEqual({
      status: 400,
      body: { error: 'yoto_device_id is required' },
    });
    expect(
      await api.call('POST', '/api/devices', { body: { yoto_user_id: BOB, yoto_device_id: 'p' } }),
    ).toEqual(forbidden);
    expect(await api.call('GET', `/api/devices?yoto_user_id=${encodeURIComponent(BOB)}`)).toEqual(forbidden);
    expect((await api.call('GET', '/api/devices', { as: null })).status).toBe(401);
    expect(await api.call('POST', '/api/devices', { raw: '{' })).toMatchObject({ status: 400 });
  });
});
