// The page's alarm scheduler (docs/architecture.md, An alarm's firing): the next
// alarm across the players' own alarms and the cloud's, its countdown, and what to do at its time.
// The player rings its device alarms itself and the server rings cloud alarms; the page only asks
// the server to fire a due cloud alarm (the same claim, so it still rings once).
import { alarmPhase, findNextAlarm, type AlarmPhase, type DeviceAlarms } from './next-alarm';
import { timeWithPlace } from './zone-label';

export interface CloudAlarmPlan {
  id: string;
  yoto_device_id: string;
  playlist_id: string;
  is_enabled: boolean;
  /** The server's next firing (UTC ISO), computed in the household's zone. */
  next_fire_at: string | null;
}

/** `timeZone`: the zone whose clock reads the alarm's time (a player's own alarm: its player's). */
export type PlannedAlarm =
  | { source: 'device'; deviceId: string; cardId: string; at: Date; timeZone: string }
  | {
      source: 'cloud';
      deviceId: string;
      cardId: string;
      at: Date;
      timeZone: string;
      alarmId: string;
      dueAt: string;
    };

/**
 * The earliest enabled alarm after `now`, device or cloud; a tie goes to the player's own. Each
 * player's alarms ring in its own zone; `timeZone` (the page's) stands in for a player without one.
 */
export function planNextAlarm(
  devices: readonly DeviceAlarms[],
  cloud: readonly CloudAlarmPlan[],
  now: Date,
  timeZone: string,
): PlannedAlarm | null {
  const device = findNextAlarm(devices, now, timeZone);
  let best: PlannedAlarm | null = device && {
    source: 'device',
    deviceId: device.deviceId,
    cardId: device.alarm.cardId,
    at: device.at,
    timeZone: device.timeZone,
  };
  for (const alarm of cloud) {
    if (!alarm.is_enabled || !alarm.next_fire_at) continue;
    const at = new Date(alarm.next_fire_at);
    // A firing the server is late to move on from is still this one until it is claimed.
    if (Number.isNaN(at.getTime()) || at.getTime() < now.getTime() - 60_000) continue;
    if (best && at.getTime() >= best.at.getTime()) continue;
    best = {
      source: 'cloud',
      deviceId: alarm.yoto_device_id,
      cardId: alarm.playlist_id,
      at,
      // The server computed the instant; the page shows it on its own clock.
      timeZone,
      alarmId: alarm.id,
      dueAt: alarm.next_fire_at,
    };
  }
  return best;
}

/** "in 2d 3h", "in 7h 05m", "in 4m 09s", "in 12s", "now". */
export function countdownText(remainingMs: number): string {
  if (remainingMs <= 0) return 'now';
  const seconds = Math.ceil(remainingMs / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `in ${days}d ${hours}h`;
  if (hours > 0) return `in ${hours}h ${two(minutes)}m`;
  if (minutes > 0) return `in ${minutes}m ${two(rest)}s`;
  return `in ${rest}s`;
}

/** The alarm's time of day on the clock of `timeZone`, in the browser's locale. */
const localClock = (at: Date, timeZone: string): string =>
  at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone });

interface LineOptions {
  /** The zone of the clock the reader has in front of them (the browser's). */
  viewerZone: string;
  clock?: (at: Date, timeZone: string) => string;
}

/**
 * The page's line for the planned alarm at `now`: what, where, when and the countdown; from five
 * minutes ahead (and once due) the prepare state, which names the player being connected. The time
 * is the one the alarm's clock shows, with its place when that clock is not the reader's.
 */
export function schedulerLine(
  plan: PlannedAlarm,
  names: { title: string; deviceName: string },
  now: Date,
  { viewerZone, clock = localClock }: LineOptions,
): { phase: AlarmPhase; text: string } {
  const phase = alarmPhase(plan.at, now);
  const source = plan.source === 'cloud' ? 'cloud alarm' : 'player alarm';
  const time = timeWithPlace(clock(plan.at, plan.timeZone), plan.timeZone, viewerZone, plan.at);
  const what = `${names.title} on ${names.deviceName} at ${time} (${source})`;
  const countdown = countdownText(plan.at.getTime() - now.getTime());
  return {
    phase,
    text:
      phase === 'waiting'
        ? `⏰ Next alarm: ${what}, ${countdown}`
        : `🔔 Preparing alarm: ${what}, ${countdown}. Connecting ${names.deviceName}.`,
  };
}

/** What the page says after asking the server to fire a cloud alarm; null when nothing is wrong. */
export type TriggerAnswer =
  | { status: 'fired'; outcome: string; detail: string | null }
  /** 409: the server's own timer (or another tab or replica) fired it first. */
  | { status: 'already-fired' }
  | { status: 'refused'; reason: string };

export function triggerProblem(
  answer: TriggerAnswer,
  cardId: string,
  knownCards: ReadonlySet<string>,
): { kind: 'playlist-not-found' | 'failed'; reason: string } | null {
  if (answer.status === 'refused') return { kind: 'failed', reason: answer.reason };
  if (answer.status === 'fired' && answer.outcome !== 'played') {
    return { kind: 'failed', reason: answer.detail ?? `the player's answer was ${answer.outcome}` };
  }
  // Rung, but the card is in none of the parent's lists (deleted, or never theirs): say so.
  if (answer.status === 'fired' && knownCards.size > 0 && !knownCards.has(cardId)) {
    return { kind: 'playlist-not-found', reason: cardId };
  }
  return null;
}
