import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { cloudAlarmSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { alarmBody, describeOnDatabases, startCloudApi, type CloudApi } from '../../test/support/cloud-api';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';

// A cloud alarm's extras through the real routes: stored, answered, changed and switched off, and
// refused with a sentence when they are not among the choices.

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

describeOnDatabases('cloud alarms: fade in, sleep timer, night light', (open) => {
  let api: CloudApi;
  beforeEach(async () => {
    api = await startCloudApi(issuer, open);
  });
  afterEach(async () => {
    await api.close();
  });

  it('stores and answers them; a PUT changes them and null switches them off', async () => {
    const made = await api.call('POST', '/api/alarms', { body: alarmBody({ fade_in_minutes: 10 }) });
    expect(made.status).toBe(201);
    const alarm = cloudAlarmSchema.parse(made.body);
    expect(alarm).toMatchObject({ fade_in_minutes: 10, sleep_timer_minutes: null, night_light: null });

    const bedtime = await api.call('PUT', `/api/alarms/${alarm.id}`, {
      body: { alarm_type: 'bedtime', fade_in_minutes: null, sleep_timer_minutes: 30, night_light: true },
    });
    expect(bedtime.status).toBe(200);
    expect(bedtime.body).toMatchObject({ fade_in_minutes: null, sleep_timer_minutes: 30, night_light: true });

    const off = await api.call('PUT', `/api/alarms/${alarm.id}`, { body: { night_light: null } });
    expect(off.body).toMatchObject({ sleep_timer_minutes: 30, night_light: null });
    const plain = await api.call('POST', '/api/alarms', { body: alarmBody() });
    expect(plain.body).toMatchObject({ fade_in_minutes: null, sleep_timer_minutes: null, night_light: null });
  });

  it('refuses a length that is not offered, with the choices', async () => {
    const answer = await api.call('POST', '/api/alarms', { body: alarmBody({ fade_in_minutes: 7 }) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'fade_in_minutes must be one of 0, 5, 10, 15, 30' });
    const timer = await api.call('POST', '/api/alarms', { body: alarmBody({ sleep_timer_minutes: '30' }) });
    expect(timer.status).toBe(400);
    expect(timer.body).toEqual({ error: 'sleep_timer_minutes must be one of 0, 15, 30, 45, 60, 90' });
  });
});
