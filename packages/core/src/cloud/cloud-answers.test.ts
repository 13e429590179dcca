import { describe, expect, it } from 'vitest';
import { cloudAlarmListAnswer, cloudDeviceAnswer, cloudUserAnswer, deletedAnswer } from './cloud-answers';
import {
  cloudAlarmListSchema,
  cloudDeviceRecordSchema,
  cloudUserRecordSchema,
  deletedCountSchema,
} from './cloud-schemas';

const alarm = {
  id: 'a1',
  yoto_user_id: 'u',
  yoto_device_id: 'p1',
  device_name: 'B',
  alarm_name: 'Morning',
  alarm_type: 'wakeup',
  playlist_id: 'c1',
  playlist_name: 'Morning',
  hour: 6,
  minute: 5,
  days: '1111100',
  volume: 7,
  is_enabled: true,
  next_fire_at: null,
  last_fired_at: '2026-11-24T07:00:00.000Z',
  last_outcome: 'played',
  last_outcome_at: '2026-11-24T07:00:01.200Z',
  skip_until: '2026-11-25T07:00:00.000Z',
  paused_through: null,
  created_at: 'x',
  updated_at: 'x',
};

describe("the web app's answer schemas match the server's", () => {
  const pairs = [
    [
      cloudAlarmListSchema,
      cloudAlarmListAnswer,
      { alarms: [alarm], counts: { total: 1, wakeup: 1, bedtime: 0 } },
    ],
    [
      cloudUserRecordSchema,
      cloudUserAnswer,
      { yoto_user_id: 'u', email: null, name: 'N', timezone: 'UTC', created_at: 'x', updated_at: 'x' },
    ],
    [
      cloudDeviceRecordSchema,
      cloudDeviceAnswer,
      {
        yoto_user_id: 'u',
        yoto_device_id: 'p',
        device_name: 'B',
        device_type: 'yoto',
        created_at: 'x',
        updated_at: 'x',
      },
    ],
    [deletedCountSchema, deletedAnswer, { deleted: 2 }],
  ] as const;

  it.each(pairs.map((pair, i) => [i, ...pair] as const))(
    'pair %i: both accept the answer and read it alike',
    (_i, server, web, sample) => {
      expect(web.parse(sample)).toEqual(server.parse(sample));
    },
  );

  it('both refuse an answer missing a field or with a wrong type', () => {
    const bad = { alarms: [{ ...alarm, alarm_type: 'nap' }], counts: { total: 1, wakeup: 1, bedtime: 0 } };
    expect(cloudAlarmListAnswer.safeParse(bad).success).toBe(false);
    expect(cloudAlarmListSchema.safeParse(bad).success).toBe(false);
    const { next_fire_at: _gone, ...missing } = alarm;
    expect(
      cloudAlarmListAnswer.safeParse({ alarms: [missing], counts: { total: 1, wakeup: 1, bedtime: 0 } })
        .success,
    ).toBe(false);
  });
});
