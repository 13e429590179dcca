import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { alarmBody, describeOnDatabases, startCloudApi, type CloudApi } from '../../test/support/cloud-api';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

describeOnDatabases('cloud alarms: bad input, limits and the cap', (open) => {
  let api: CloudApi;
  beforeEach(async () => {
    api = await startCloudApi(issuer, open);
  });
  afterEach(async () => {
    await api.close();
  });

  const created = async () =>
    ((await api.call('POST', '/api/alarms', { body: alarmBody() })).body as { id: string }).id;

  it.each([
    [{ hour: 24 }, 'hour must be from 0 to 23'],
    [{ hour: '7' }, 'hour must be a number from 0 to 23'],
    [{ minute: 60 }, 'minute must be from 0 to 59'],
    [{ minute: 1.5 }, 'minute must be a whole number'],
    [{ days: '111110' }, 'days must be a 7-character day mask such as "1111100" (Monday first)'],
    [{ days: ['monday'] }, 'days must be a 7-character day mask such as "1111100" (Monday first)'],
    [{ days: '0000000' }, 'days must select at least one day'],
    [{ volume: 70 }, 'volume must be from 1 to 10'],
    [{ alarm_type: 'nap' }, 'alarm_type must be wakeup or bedtime'],
    [{ playlist_id: ' ' }, 'playlist_id is required'],
    [{ yoto_device_id: undefined }, 'yoto_device_id is required'],
    [{ is_enabled: 'yes' }, 'is_enabled must be true or false'],
    [{ alarm_name: 'x'.repeat(101) }, 'alarm_name must be at most 100 characters'],
    [{ mqtt_config: 'wss://x' }, 'mqtt_config must be an object'],
    [{ yoto_user_id: '' }, 'yoto_user_id is required'],
  ])('POST /api/alarms with %j is 400 naming the field', async (override, error) => {
    expect(await api.call('POST', '/api/alarms', { body: alarmBody(override) })).toEqual({
      status: 400,
      body: { error },
    });
    expect((await api.call('GET', '/api/alarms')).body).toMatchObject({ counts: { total: 0 } });
  });

  it('PUT with bad or no fields is 400, and the alarm is unchanged', async () => {
    const id = await created();
    expect(await api.call('PUT', `/api/alarms/${id}`, { body: { minute: 99 } })).toEqual({
      status: 400,
      body: { error: 'minute must be from 0 to 59' },
    });
    expect(await api.call('PUT', `/api/alarms/${id}`, { body: {} })).toEqual({
      status: 400,
      body: { error: 'nothing to update: send at least one alarm field' },
    });
    expect((await api.call('GET', '/api/alarms')).body).toMatchObject({ alarms: [{ id, minute: 30 }] });
  });

  it('a body that is not a JSON object is 400', async () => {
    expect(await api.call('POST', '/api/alarms', { body: [alarmBody()] })).toEqual({
      status: 400,
      body: { error: 'the request body must be a JSON object' },
    });
    expect(await api.call('POST', '/api/alarms')).toEqual({
      status: 400,
      body: { error: 'the request body must be a JSON object' },
    });
  });

  it('malformed JSON is 400 with an error, never 500', async () => {
    for (const raw of ['{"hour": 7,', '', 'null x']) {
      const answer = await api.call('POST', '/api/alarms', { raw });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.stringMatching(/JSON|body/i) as unknown });
    }
  });

  it('a body over 16 KiB is 413', async () => {
    const answer = await api.call('POST', '/api/alarms', {
      body: alarmBody({ playlist_name: 'x'.repeat(17_000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: expect.stringMatching(/too large/i) as unknown });
    const put = await api.call('PUT', '/api/alarms/any', { body: { alarm_name: 'y'.repeat(20_000) } });
    expect(put.status).toBe(413);
  });

  it('a bad path parameter or query is 400', async () => {
    // Fastify's router refuses path parameters over 100 characters before any route runs.
    const long = await api.call('PUT', `/api/alarms/${'i'.repeat(101)}`, { body: { hour: 1 } });
    expect(long.status).toBe(414);
    expect(long.body).toHaveProperty('error');
    expect(await api.call('PUT', '/api/alarms/%20', { body: { hour: 1 } })).toEqual({
      status: 404,
      body: { error: 'Alarm not found' },
    });
    expect(await api.call('GET', '/api/alarms?yoto_user_id=')).toEqual({
      status: 400,
      body: { error: 'yoto_user_id is required' },
    });
  });

  it('the eleventh alarm is 409 and is not stored', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await api.call('POST', '/api/alarms', { body: alarmBody({ minute: i }) })).status).toBe(201);
    }
    expect(await api.call('POST', '/api/alarms', { body: alarmBody() })).toEqual({
      status: 409,
      body: { error: 'An account can hold at most 10 cloud alarms' },
    });
    expect((await api.call('GET', '/api/alarms')).body).toMatchObject({ counts: { total: 10 } });
  });

  it('20 concurrent creates leave exactly 10 alarms (the cap holds under concurrency)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.call('POST', '/api/alarms', { body: alarmBody({ minute: i }) }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect((await api.call('GET', '/api/alarms')).body).toMatchObject({ counts: { total: 10 } });
    expect(await api.db.selectFrom('alarms').select('id').execute()).toHaveLength(10);
  });
});
