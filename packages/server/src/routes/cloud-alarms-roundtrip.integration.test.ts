import fc from 'fast-check';
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

const mask = fc
  .array(fc.boolean(), { minLength: 7, maxLength: 7 })
  .filter((bits) => bits.includes(true))
  .map((bits) => bits.map((on) => (on ? '1' : '0')).join(''));
const schedule = fc.record({
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  days: mask,
});

interface Answer {
  id: string;
  hour: number;
  minute: number;
  days: string;
  next_fire_at: string;
}

describeOnDatabases('cloud alarms: day mask and time round-trip', (open) => {
  let api: CloudApi;
  beforeEach(async () => {
    api = await startCloudApi(issuer, open);
  });
  afterEach(async () => {
    await api.close();
  });

  it('what is created or updated is what is read back, and next_fire_at lands on it (UTC user)', async () => {
    await fc.assert(
      fc.asyncProperty(schedule, schedule, async (first, second) => {
        const created = await api.call('POST', '/api/alarms', { body: alarmBody(first) });
        expect(created.status).toBe(201);
        const { id } = created.body as Answer;
        const updated = await api.call('PUT', `/api/alarms/${id}`, { body: second });
        expect(updated.status).toBe(200);
        const list = (await api.call('GET', '/api/alarms')).body as { alarms: Answer[] };
        expect(list.alarms).toHaveLength(1);
        const [read] = list.alarms;
        expect(read).toMatchObject(second);
        expect(read).toEqual(updated.body);
        // next_fire_at: the time read back, on a day of the mask (Monday first), within a week.
        const at = new Date(read!.next_fire_at);
        expect([at.getUTCHours(), at.getUTCMinutes()]).toEqual([second.hour, second.minute]);
        expect(second.days[(at.getUTCDay() + 6) % 7]).toBe('1');
        const ahead = at.getTime() - api.clock.now.getTime();
        expect(ahead).toBeGreaterThan(0);
        expect(ahead).toBeLessThanOrEqual(7 * 24 * 3600_000);
        expect((await api.call('DELETE', `/api/alarms/${id}`)).status).toBe(200);
      }),
      { numRuns: 30 },
    );
  });
});
