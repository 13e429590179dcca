import { describe, expect, it } from 'vitest';
import { makeCloudAlarm } from '../../test/fixtures/builders';
import { cloudAlarmCounts, cloudAlarmSummary, nextFireLabel, withCloudAlarm } from './cloud-alarm-list';

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

describe('a cloud alarm row’s second line', () => {
  it('says the card, days, volume, player, extras and next ring, leaving out what is empty', () => {
    const alarm = makeCloudAlarm({
      days: '1111100',
      volume: 7,
      fade_in_minutes: 10,
      next_fire_at: '2026-11-30T07:00:00.000Z',
    });
    expect(cloudAlarmSummary(alarm, 'Morning Songs', 'Europe/London', 'en-GB')).toBe(
      'Morning Songs · weekdays · volume 70% · Bedroom Player · faded in over 10 min · next Mon 07:00',
    );
    const bare = makeCloudAlarm({ device_name: '', yoto_device_id: 'p9', next_fire_at: null });
    expect(cloudAlarmSummary(bare, '', 'Europe/London', 'en-GB')).toBe('Mon, Wed, Fri · volume 70% · p9');
  });

  it('reads the next ring by the household’s clock, and says nothing for an unknown zone', () => {
    expect(nextFireLabel('2026-11-30T07:00:00.000Z', 'America/New_York', 'en-GB')).toBe('Mon 02:00');
    expect(nextFireLabel('2026-11-30T07:00:00.000Z', 'Not/AZone', 'en-GB')).toBeNull();
    expect(nextFireLabel(null, 'Europe/London')).toBeNull();
  });
});
