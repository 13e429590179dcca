import { describe, expect, it } from 'vitest';
import { makeCloudAlarm } from '../../test/fixtures/builders';
import { cloudAlarmCounts, withCloudAlarm } from './cloud-alarm-list';

describe('the cloud alarms list between reads', () => {
  const morning = makeCloudAlarm({ id: 'a1' });
  const night = makeCloudAlarm({ id: 'a2', alarm_type: 'bedtime' });

  it('counts total, wakeup and bedtime', () => {
    expect(cloudAlarmCounts([morning, night, morning])).toEqual({ total: 3, wakeup: 2, bedtime: 1 });
  });

  it('replaces an alarm of the same id in its place, and adds a new one at the end', () => {
    const list = { alarms: [morning, night], counts: cloudAlarmCounts([morning, night]) };
    const off = { ...morning, is_enabled: false };
    expect(withCloudAlarm(list, off)).toEqual({ alarms: [off, night], counts: list.counts });
    const copy = makeCloudAlarm({ id: 'a3', alarm_type: 'bedtime' });
    expect(withCloudAlarm(list, copy)).toEqual({
      alarms: [morning, night, copy],
      counts: { total: 3, wakeup: 1, bedtime: 2 },
    });
    expect(withCloudAlarm(undefined, copy)).toEqual({
      alarms: [copy],
      counts: { total: 1, wakeup: 0, bedtime: 1 },
    });
  });
});
