import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  cloudDraftBody,
  draftOfCloudAlarm,
  duplicateCloudAlarm,
} from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import { cloudAlarmSchema, type CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { alarmBody, describeOnDatabases, startCloudApi, type CloudApi } from '../../test/support/cloud-api';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';

// The page's everyday controls as the server sees them: the bodies core builds for the dialog's
// Create and Save, the card's switch and Duplicate, sent to the real routes.

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

const names = { deviceName: 'Bedroom Player', cardTitle: 'Grandma Reads' };

describeOnDatabases('cloud alarms: create, edit, switch and duplicate as the page sends them', (open) => {
  let api: CloudApi;
  beforeEach(async () => {
    api = await startCloudApi(issuer, open);
  });
  afterEach(async () => {
    await api.close();
  });

  const created = async (body: unknown): Promise<CloudAlarm> => {
    const answer = await api.call('POST', '/api/alarms', { body });
    expect(answer.status).toBe(201);
    return cloudAlarmSchema.parse(answer.body);
  };

  it('stores the dialog’s new alarm, and its Save changes the same alarm in place', async () => {
    const body = cloudDraftBody(
      {
        deviceId: 'player-1',
        cardId: 'fam-1',
        time: '06:15',
        days: ['monday', 'tuesday'],
        volumePercent: 50,
        alarmType: 'bedtime',
      },
      names,
    );
    const alarm = await created(body);
    expect(alarm).toMatchObject({ ...body });
    expect(alarm.next_fire_at).not.toBeNull();

    const edit = cloudDraftBody({ ...draftOfCloudAlarm(alarm), time: '06:40' }, names, alarm);
    const saved = await api.call('PUT', `/api/alarms/${alarm.id}`, { body: edit });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: alarm.id, hour: 6, minute: 40, playlist_name: 'Grandma Reads' });
    expect((await api.call('GET', '/api/alarms')).body).toMatchObject({
      alarms: [{ id: alarm.id, minute: 40 }],
      counts: { total: 1, bedtime: 1 },
    });
  });

  it('the switch changes only is_enabled, and next_fire_at goes and comes back', async () => {
    const alarm = await created(alarmBody());
    const off = await api.call('PUT', `/api/alarms/${alarm.id}`, { body: { is_enabled: false } });
    const { updated_at: _was, ...rest } = alarm;
    expect(off.body).toMatchObject({ ...rest, is_enabled: false, next_fire_at: null });
    const on = await api.call('PUT', `/api/alarms/${alarm.id}`, { body: { is_enabled: true } });
    expect(on.body).toMatchObject({ is_enabled: true, next_fire_at: alarm.next_fire_at });
  });

  it('a duplicate is a second alarm with the same schedule; at 10 it is refused with 409', async () => {
    const alarm = await created(alarmBody());
    const copy = await created(duplicateCloudAlarm(alarm));
    expect(copy).toMatchObject({
      alarm_name: 'Morning Songs (copy)',
      hour: alarm.hour,
      minute: alarm.minute,
      days: alarm.days,
      playlist_id: alarm.playlist_id,
    });
    expect(copy.id).not.toBe(alarm.id);
    for (let i = 2; i < 10; i += 1) await created(duplicateCloudAlarm(alarm));
    expect(await api.call('POST', '/api/alarms', { body: duplicateCloudAlarm(alarm) })).toEqual({
      status: 409,
      body: { error: 'An account can hold at most 10 cloud alarms' },
    });
    expect((await api.call('GET', '/api/alarms')).body).toMatchObject({ counts: { total: 10 } });
  });
});
