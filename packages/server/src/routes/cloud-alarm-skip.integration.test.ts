import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { cloudAlarmSchema, type CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import {
  alarmBody,
  BOB,
  describeOnDatabases,
  startCloudApi,
  type CloudApi,
} from '../../test/support/cloud-api';
import type { TestDatabase } from '../../test/support/test-databases';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';

// "Skip next", "Pause until…" and "Resume" through the real routes, on both databases. The clock
// is Wednesday 2026-06-10 06:00 UTC; the user has no zone, so UTC; the alarm is 07:30 on weekdays.

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

describeOnDatabases('cloud alarms: skip next, pause until, resume', (open) => {
  let test: TestDatabase;
  let api: CloudApi;
  /** The app over the test's database; closing it leaves the database (a process restart). */
  const start = (db = test.db) => startCloudApi(issuer, () => ({ ...test, db, dispose: async () => {} }));
  beforeEach(async () => {
    test = await open();
    api = await start();
  });
  afterEach(async () => {
    await api.close();
    await test.dispose();
  });

  const created = async (overrides: Record<string, unknown> = {}): Promise<CloudAlarm> => {
    const answer = await api.call('POST', '/api/alarms', { body: alarmBody(overrides) });
    expect(answer.status).toBe(201);
    return cloudAlarmSchema.parse(answer.body);
  };
  const post = (id: string, action: string, body?: unknown) =>
    api.call('POST', `/api/alarms/${id}/${action}`, body === undefined ? {} : { body });
  const listed = async (id: string) => {
    const { alarms } = (await api.call('GET', '/api/alarms')).body as { alarms: CloudAlarm[] };
    return alarms.find((alarm) => alarm.id === id);
  };

  it('skip passes over the next ringing only, survives a restart, and resume brings it back', async () => {
    const alarm = await created();
    expect(alarm).toMatchObject({ next_fire_at: '2026-06-10T07:30:00.000Z', skip_until: null });
    const skipped = await post(alarm.id, 'skip');
    expect(skipped).toMatchObject({
      status: 200,
      body: { skip_until: '2026-06-10T07:30:00.000Z', next_fire_at: '2026-06-11T07:30:00.000Z' },
    });

    // A restart in the middle: a new process on its own connection reads the same skip.
    await api.app.close();
    api = await start(test.connectAgain());
    expect(await listed(alarm.id)).toMatchObject({
      skip_until: '2026-06-10T07:30:00.000Z',
      next_fire_at: '2026-06-11T07:30:00.000Z',
    });

    expect(await post(alarm.id, 'resume')).toMatchObject({
      status: 200,
      body: { skip_until: null, paused_through: null, next_fire_at: '2026-06-10T07:30:00.000Z' },
    });
  });

  it('pause keeps it silent through the date (inclusive); the cron status counts both marks', async () => {
    const paused = await created();
    const skipped = await created({ hour: 8 });
    // Friday 12 June is the last silent day: the next ringing is Monday 15 June.
    expect(await post(paused.id, 'pause', { through: '2026-06-12' })).toMatchObject({
      status: 200,
      body: { paused_through: '2026-06-12', next_fire_at: '2026-06-15T07:30:00.000Z' },
    });
    await post(skipped.id, 'skip');
    const status = await api.call('GET', '/api/cron/status');
    expect(status).toMatchObject({ status: 200, body: { counts: { skipped: 1, paused: 1 } } });
    // Once the pause is over, it is no longer counted.
    api.clock.now = new Date('2026-06-13T00:00:00.000Z');
    expect((await api.call('GET', '/api/cron/status')).body).toMatchObject({
      counts: { skipped: 0, paused: 0 },
    });
  });

  it('editing the time clears the skip; the pause stays', async () => {
    const alarm = await created();
    await post(alarm.id, 'skip');
    await post(alarm.id, 'pause', { through: '2026-06-10' });
    const edited = await api.call('PUT', `/api/alarms/${alarm.id}`, { body: { minute: 45 } });
    expect(edited.body).toMatchObject({
      skip_until: null,
      paused_through: '2026-06-10',
      next_fire_at: '2026-06-11T07:45:00.000Z',
    });
  });

  it('refuses bad input with { error }, and another user’s alarm is not found', async () => {
    const alarm = await created();
    const refusals = [
      [await post(alarm.id, 'pause', { through: '2026-06-09' }), 400],
      [await post(alarm.id, 'pause', { through: '2026-13-01' }), 400],
      [await post(alarm.id, 'pause', { through: '2026-02-30' }), 400],
      [await post(alarm.id, 'pause', {}), 400],
      [await post('no-such-alarm', 'skip'), 404],
      [await api.call('POST', `/api/alarms/${alarm.id}/skip`, { as: BOB }), 404],
      [
        await api.call('POST', `/api/alarms/${alarm.id}/pause`, { as: BOB, body: { through: '2026-07-01' } }),
        404,
      ],
      [await api.call('POST', `/api/alarms/${alarm.id}/resume`, { as: BOB }), 404],
    ] as const;
    for (const [answer, status] of refusals) {
      expect(answer.status).toBe(status);
      expect(Object.keys(answer.body as object)).toEqual(['error']);
      expect(typeof (answer.body as { error: unknown }).error).toBe('string');
    }
    expect(await listed(alarm.id)).toMatchObject({ skip_until: null, paused_through: null });

    await api.call('PUT', `/api/alarms/${alarm.id}`, { body: { is_enabled: false } });
    expect(await post(alarm.id, 'skip')).toEqual({
      status: 409,
      body: { error: 'This alarm has no ringing ahead to skip' },
    });
  });

  it('refuses a skip with 409 once a worker has claimed the ringing (it starts within seconds)', async () => {
    const alarm = await created();
    const dueAt = '2026-06-10T07:30:00.000Z';
    await test.db
      .insertInto('alarm_firings')
      .values({
        alarm_id: alarm.id,
        due_at: dueAt,
        claimed_by: 'worker-a',
        claimed_at: '2026-06-10T05:59:59.000Z',
      })
      .execute();
    expect(await post(alarm.id, 'skip')).toEqual({
      status: 409,
      body: { error: 'Too late to skip: this ringing is starting now. Skip the next one once it is over.' },
    });
    expect(await listed(alarm.id)).toMatchObject({ skip_until: null, next_fire_at: dueAt });
  });
});
