// The receipt of a cloud alarm's last firing (docs/decisions/alarm-firing-claims.md), as the cloud
// card shows it: what happened,
// when, on which player. Times are the household's clock, to a tenth of a second, so a parent can
// see that 07:00 meant 07:00:00.2.
import { PREPARE_WINDOW_MS } from './alarm-firing';
import type { FiringOutcome } from '../shared/constants';
import { isValidTimeZone } from '../alarms/local-time';
import { zoneCity } from '../alarms/zone-label';
import { extrasText, type AlarmExtras } from './alarm-extras';

export interface FiringRecord {
  /** The instant the alarm was due (UTC ISO). */
  last_fired_at: string | null;
  last_outcome: FiringOutcome | null;
  /** When the outcome was known: for 'played', when the player said it plays the card. */
  last_outcome_at: string | null;
  device_name: string;
  yoto_device_id: string;
  /** The alarm's extras (fade, sleep timer, night light): a played receipt says they were done. */
  alarm_type?: AlarmExtras['alarm_type'];
  fade_in_minutes?: number | null;
  sleep_timer_minutes?: number | null;
  night_light?: boolean | null;
}

interface Receipt {
  text: string;
  /** Whether the alarm did what it was for: the card shows a failure differently. */
  ok: boolean;
}

/** `07:00:00.2`, with the weekday in front when it was not on `now`'s day. */
export function receiptTime(iso: string, timeZone: string, now: Date): string {
  const at = new Date(iso);
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 1,
    hourCycle: 'h23',
  }).format(at);
  const day = (date: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      date,
    );
  if (day(at) === day(now)) return clock;
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short' }).format(at);
  return `${weekday} ${clock}`;
}

/** 'America/New_York' → 'New York'. */

/**
 * The receipt line, or null before the alarm has ever rung. `playerZone` is the player's own zone
 * when known: a player found off is told in its own clock, named when it is not the household's.
 */
export function firingReceipt(
  alarm: FiringRecord,
  timeZone: string,
  now: Date = new Date(),
  playerZone: string | null = null,
): Receipt | null {
  if (!alarm.last_fired_at) return null;
  const player = alarm.device_name || alarm.yoto_device_id;
  const due = receiptTime(alarm.last_fired_at, timeZone, now);
  const at = alarm.last_outcome_at ? receiptTime(alarm.last_outcome_at, timeZone, now) : due;
  switch (alarm.last_outcome) {
    case null:
      return { text: `Ringing on ${player} (due ${due})…`, ok: true };
    case 'played': {
      const extras =
        alarm.alarm_type === undefined ? '' : extrasText({ ...alarm, alarm_type: alarm.alarm_type });
      return { text: `Played ${at} on ${player}${extras ? `, ${extras}` : ''}`, ok: true };
    }
    case 'no-response':
      return { text: `Sent to ${player} at ${due}, but the player did not say it was playing`, ok: false };
    case 'player-offline': {
      // Found off at the prepare window, minutes before the alarm: said at once, with that time.
      const offAt = alarm.last_outcome_at;
      if (offAt && Date.parse(offAt) < Date.parse(alarm.last_fired_at)) {
        const zone = playerZone && isValidTimeZone(playerZone) ? playerZone : timeZone;
        const offText = receiptTime(offAt, zone, now);
        const dueText = receiptTime(alarm.last_fired_at, zone, now);
        const place = zone === timeZone ? '' : ` (${zoneCity(zone)} time)`;
        return now.getTime() < Date.parse(alarm.last_fired_at)
          ? {
              text: `${player} was off at ${offText}${place}: the alarm due ${dueText} can't ring unless someone switches it on`,
              ok: false,
            }
          : { text: `Not played: ${player} was off at ${offText} (due ${dueText})${place}`, ok: false };
      }
      return { text: `Not played: ${player} was offline at ${due}`, ok: false };
    }
    case 'failed':
      return { text: `Not played: the start on ${player} failed at ${due}`, ok: false };
    case 'missed':
      return { text: `Missed at ${due}: the server was not running then`, ok: false };
  }
}

/** The worker waits up to 10 s for the player to say it plays: a receipt is there after that. */
const RECEIPT_SETTLES_MS = 12_000;
/** The worker checks the player at the prepare window, waiting 5 s for it to answer. */
const PREPARE_NOTE_SETTLES_MS = PREPARE_WINDOW_MS - 10_000;
const PENDING_POLL_MS = 2_000;
const LOOK_AHEAD_MS = 24 * 60 * 60_000;

/**
 * When the cloud card should ask for its alarms again so a new receipt shows without a reload:
 * soon while a firing has no outcome yet, else just after the next alarm's receipt settles;
 * false when nothing rings within a day.
 */
export function receiptRefreshDelay(
  alarms: ReadonlyArray<FiringRecord & { next_fire_at: string | null }>,
  now: Date,
): number | false {
  if (alarms.some((alarm) => alarm.last_fired_at !== null && alarm.last_outcome === null))
    return PENDING_POLL_MS;
  const untilDue = alarms
    .map((alarm) => (alarm.next_fire_at ? Date.parse(alarm.next_fire_at) - now.getTime() : Number.NaN))
    .filter((wait) => wait >= 0 && wait <= LOOK_AHEAD_MS);
  // Just after each alarm's prepare window has checked the player (its "was off" note), and just
  // after its receipt settles.
  const waits = [
    ...untilDue.map((wait) => wait - PREPARE_NOTE_SETTLES_MS).filter((wait) => wait > 0),
    ...untilDue.map((wait) => wait + RECEIPT_SETTLES_MS),
  ];
  return waits.length === 0 ? false : Math.min(...waits);
}
