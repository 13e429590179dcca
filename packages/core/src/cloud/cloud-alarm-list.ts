// The cloud alarms list as the page keeps it between reads: an alarm the server just answered
// put in its place (or added), with the counts that go with the list.
import type { AlarmCounts, CloudAlarm, CloudAlarmList } from './cloud-schemas';

/** Total, wakeup and bedtime, as GET /api/alarms counts them. */
export const cloudAlarmCounts = (alarms: readonly CloudAlarm[]): AlarmCounts => ({
  total: alarms.length,
  wakeup: alarms.filter((a) => a.alarm_type === 'wakeup').length,
  bedtime: alarms.filter((a) => a.alarm_type === 'bedtime').length,
});

/** `list` with `alarm` replacing the one of its id, or added at the end when it is new. */
export function withCloudAlarm(list: CloudAlarmList | undefined, alarm: CloudAlarm): CloudAlarmList {
  const alarms = list?.alarms ?? [];
  const next = alarms.some((a) => a.id === alarm.id)
    ? alarms.map((a) => (a.id === alarm.id ? alarm : a))
    : [...alarms, alarm];
  return { alarms: next, counts: cloudAlarmCounts(next) };
}
