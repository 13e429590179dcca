// Saying where an alarm's time is read: a player keeps its own zone (config geoTimezone), which
// need not be the zone of the browser looking at it. "07:00" alone would be read as the viewer's
// 07:00, so where the two clocks differ the time carries the player's place ("07:00 in New York").
import { tzOffset } from '@date-fns/tz';
import { isValidTimeZone, wallClock } from './local-time';

/**
 * A readable place for an IANA zone: its last part with spaces ('America/New_York' → 'New York',
 * 'America/Argentina/Buenos_Aires' → 'Buenos Aires'). Zones that are no place ('UTC',
 * 'Etc/GMT+5') keep their own name, which reads as an offset.
 */
export function zoneCity(timeZone: string): string {
  const parts = timeZone.split('/');
  const last = parts[parts.length - 1] ?? timeZone;
  if (parts.length === 1 || parts[0] === 'Etc') return last;
  return last.replace(/_/g, ' ');
}

/** Whether clocks in the two zones read differently at `at` (same offset: same clock, whatever the name). */
export function clocksDiffer(zone: string, viewerZone: string, at: Date): boolean {
  if (!isValidTimeZone(zone) || !isValidTimeZone(viewerZone)) return false;
  return tzOffset(zone, at) !== tzOffset(viewerZone, at);
}

/**
 * A time read on the player's clock, as the viewer should see it: as it is when the viewer's clock
 * agrees at `at`, else with the player's place. No zone (or an unknown one) means the viewer's.
 */
export function timeWithPlace(
  time: string,
  zone: string | null | undefined,
  viewerZone: string,
  at: Date,
): string {
  if (!zone || !clocksDiffer(zone, viewerZone, at)) return time;
  return `${time} in ${zoneCity(zone)}`;
}

/**
 * Beside a time being chosen for a player whose clock differs from the viewer's: whose clock the
 * time is on, and what it reads now ("On the player's clock in New York, now 07:12"); else null.
 */
export function playerClockNote(
  zone: string | null | undefined,
  viewerZone: string,
  now: Date,
): string | null {
  if (!zone || !clocksDiffer(zone, viewerZone, now)) return null;
  const { hour, minute } = wallClock(now, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `On the player's clock in ${zoneCity(zone)}, now ${two(hour)}:${two(minute)}`;
}
