// The cloud alarms list as the page keeps it between reads: an alarm the server just answered
// put in its place (or added), with the counts that go with the list; and what a row of it says.
import { daysWording } from '../alarms/weekdays';
import { extrasText } from './alarm-extras';
import { maskToDays } from './cloud-alarm-rules';
import type { AlarmCounts, CloudAlarm, CloudAlarmList } from './cloud-schemas';
import { cloudVolumeLabel } from './cloud-upload';

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

/**
 * When the alarm next rings, as a clock in the household's zone reads it ("Mon 07:00" in the
 * browser's language); null when it rings no more, or the zone is unknown to the browser.
 */
export function nextFireLabel(at: string | null, timeZone: string, locale?: string): string | null {
  if (!at) return null;
  try {
    return new Date(at).toLocaleString(locale, {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
  } catch {
    return null;
  }
}

/**
 * A row's second line: card, days, volume, player, extras and the next ring, each left out when
 * there is nothing to say ("Morning Songs · weekdays · volume 70% · Bedroom Player · next Mon 07:00").
 */
export function cloudAlarmSummary(
  alarm: CloudAlarm,
  cardTitle: string,
  timeZone: string,
  locale?: string,
): string {
  const next = nextFireLabel(alarm.next_fire_at, timeZone, locale);
  return [
    cardTitle,
    daysWording(maskToDays(alarm.days)),
    `volume ${cloudVolumeLabel(alarm.volume)}`,
    alarm.device_name || alarm.yoto_device_id,
    extrasText(alarm),
    next && `next ${next}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
