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

interface AlarmAnswer {
  id: string;
  [field: string]: unknown;
}
const asAlarm = (body: unknown) => body as AlarmAnswer;

describeOnDatabases('cloud alarms: list, create, update, delete', (open) => {
  let api: CloudApi;
  beforeEach(async () => {
    api = await startCloudApi(issuer, open);
  });
  afterEach(async () => {
    await api.close();
  });

  it('creates an alarm (201) with its next_fire_at, and lists it with the counts', async () => {
    const created = await api.call('POST', '/api/alarms', { body: alarmBody({ yoto_user_id: ALICE }) });
    expect(created.status).toBe(201);
    const alarm = asAlarm(created.body);
    expect(alarm).toMatchObject({
      yoto_user_id: ALICE,
      yoto_device_id: 'player-1',
      alarm_name: 'Morning Songs',
      alarm_type: 'wakeup',
      hour: 7,
      minute: 30,
      days: '1111100',
      volume: 7,
      is_enabled: true,
      // Wednesday 06:00 UTC, no time zone recorded: UTC, so 07:30 today.
      next_fire_at: '2026-06-10T07:30:00.000Z',
    });
    expect(alarm.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(alarm).not.toHaveProperty('mqtt_config');

    const list = await api.call('GET', `/api/alarms?yoto_user_id=${encodeURIComponent(ALICE)}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ alarms: [alarm], counts: { total: 1, wakeup: 1, bedtime: 0 } });
    // yoto_user_id is optional: the token says who calls.
    expect((await api.call('GET', '/api/alarms')).body).toEqual(list.body);
  });

  it('fills defaults: volume 7, enabled, the name from the playlist or "{Type} Alarm H:MM"', async () => {
    const {
      volume: _v,
      is_enabled: _e,
      playlist_name: _p,
      ...minimal
    } = alarmBody({ alarm_type: 'bedtime' });
    const created = await api.call('POST', '/api/alarms', { body: { ...minimal, hour: 19, minute: 5 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ volume: 7, is_enabled: true, alarm_name: 'Bedtime Alarm 19:05' });
  });

  it('a disabled alarm has next_fire_at null; enabling it computes one', async () => {
    const created = asAlarm(
      (await api.call('POST', '/api/alarms', { body: alarmBody({ is_enabled: false }) })).body,
    );
    expect(created.next_fire_at).toBeNull();
    const enabled = await api.call('PUT', `/api/alarms/${created.id}`, { body: { is_enabled: true } });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ is_enabled: true, next_fire_at: '2026-06-10T07:30:00.000Z' });
  });

  it('updates some fields, keeps the others, and recomputes next_fire_at', async () => {
    const created = asAlarm((await api.call('POST', '/api/alarms', { body: alarmBody() })).body);
    api.clock.now = new Date('2026-06-10T08:00:00.000Z');
    const updated = await api.call('PUT', `/api/alarms/${created.id}`, {
      body: { hour: 6, days: '0000011', volume: 10, yoto_user_id: ALICE },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.id,
      hour: 6,
      minute: 30,
      days: '0000011',
      volume: 10,
      playlist_id: 'card-1',
      created_at: created.created_at,
      updated_at: '2026-06-10T08:00:00.000Z',
      next_fire_at: '2026-06-13T06:30:00.000Z', // Saturday
    });
    const list = await api.call('GET', '/api/alarms');
    expect((list.body as { alarms: unknown[] }).alarms).toEqual([updated.body]);
  });

  it('deletes one alarm; a second delete is 404', async () => {
    const created = asAlarm((await api.call('POST', '/api/alarms', { body: alarmBody() })).body);
    expect(await api.call('DELETE', `/api/alarms/${created.id}`)).toEqual({
      status: 200,
      body: { deleted: 1 },
    });
    expect(await api.call('DELETE', `/api/alarms/${created.id}`)).toEqual({
      status: 404,
      body: { error: 'Alarm not found' },
    });
    expect(await api.call('PUT', '/api/alarms/no-such-id', { body: { hour: 1 } })).toEqual({
      status: 404,
      body: { error: 'Alarm not found' },
    });
  });

  it('ignores mqtt_config: accepted, never stored, never echoed', async () => {
    const mqtt_config = {
      broker_url: 'wss://evil.example',
      client_id: 'x',
      device_id: 'd',
      access_token: 'secret-t',
    };
    const created = await api.call('POST', '/api/alarms', { body: alarmBody({ mqtt_config }) });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain('secret-t');
    const list = await api.call('GET', '/api/alarms');
    expect(JSON.stringify(list.body)).not.toContain('secret-t');
    const rows = await api.db.selectFrom('alarms').select('mqtt_config').execute();
    expect(rows).toEqual([{ mqtt_config: null }]);
  });
});

describeOnDatabases('cloud alarms: identity', (open) => {
  let api: CloudApi;
  beforeEach(async () => {
    api = await startCloudApi(issuer, open);
  });
  afterEach(async () => {
    await api.close();
  });

  it('needs a token: 401 without one, on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/alarms'],
      ['POST', '/api/alarms'],
      ['PUT', '/api/alarms/x'],
      ['DELETE', '/api/alarms/x'],
    ] as const) {
      expect(await api.call(method, url, { as: null, body: alarmBody() })).toEqual({
        status: 401,
        body: { error: 'Missing bearer token' },
      });
    }
  });

  it('a yoto_user_id that is not the caller’s is 403, in a query or a body', async () => {
    const forbidden = { status: 403, body: { error: 'yoto_user_id is not the signed-in user' } };
    expect(await api.call('GET', `/api/alarms?yoto_user_id=${encodeURIComponent(BOB)}`)).toEqual(forbidden);
    expect(await api.call('POST', '/api/alarms', { body: alarmBody({ yoto_user_id: BOB }) })).toEqual(
      forbidden,
    );
    const mine = asAlarm((await api.call('POST', '/api/alarms', { body: alarmBody() })).body);
    expect(await api.call('PUT', `/api/alarms/${mine.id}`, { body: { hour: 5, yoto_user_id: BOB } })).toEqual(
      forbidden,
    );
    expect(
      await api.call('DELETE', `/api/alarms/${mine.id}?yoto_user_id=${encodeURIComponent(BOB)}`),
    ).toEqual(forbidden);
    // Nothing was created or changed by the refused calls.
    expect((await api.call('GET', '/api/alarms')).body).toMatchObject({
      counts: { total: 1 },
      alarms: [{ hour: 7 }],
    });
  });

  it('another user’s alarm is 404 as if it did not exist, and is left untouched', async () => {
    const bobs = asAlarm(
      (await api.call('POST', '/api/alarms', { as: BOB, body: alarmBody({ hour: 9 }) })).body,
    );
    const notFound = { status: 404, body: { error: 'Alarm not found' } };
    expect(await api.call('PUT', `/api/alarms/${bobs.id}`, { body: { hour: 5 } })).toEqual(notFound);
    expect(await api.call('DELETE', `/api/alarms/${bobs.id}`)).toEqual(notFound);
    expect(await api.call('PUT', '/api/alarms/never-existed', { body: { hour: 5 } })).toEqual(notFound);
    expect((await api.call('GET', '/api/alarms')).body).toEqual({
      alarms: [],
      counts: { total: 0, wakeup: 0, bedtime: 0 },
    });
    expect((await api.call('GET', '/api/alarms', { as: BOB })).body).toMatchObject({
      alarms: [{ id: bobs.id, hour: 9, yoto_user_id: BOB }],
    });
  });
});
