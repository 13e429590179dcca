// The messages between the page and the service worker (SPEC §7 "Service worker"): the page sends
// SYNC_ALARMS with its enabled alarms, players and playlists; the worker answers SCHEDULE_UPDATE
// with the next alarm and posts ALARM_TRIGGERED at its time. The worker is a helper of the page,
// not a clock (the server rings alarms), so a message it cannot read is answered, never fatal.
import { z } from 'zod/mini';
import { WEEKDAYS } from '@playlist-alarms/core/weekdays';
import { isValidTimeZone, nextOccurrence } from '@playlist-alarms/core/next-alarm';

// zod/mini: the page's eager code already holds it, and the worker stays small.
const nonEmpty = () => z.string().check(z.minLength(1));

export const SYNC_ALARMS = 'SYNC_ALARMS';
export const SCHEDULE_UPDATE = 'SCHEDULE_UPDATE';
export const ALARM_TRIGGERED = 'ALARM_TRIGGERED';
/** Sent by vite-plugin-pwa's registration when the user accepts an update. */
export const SKIP_WAITING = 'SKIP_WAITING';

const syncedAlarmSchema = z.object({
  id: nonEmpty(),
  /** Rung by the player itself ('device') or fired by the server ('cloud'). */
  source: z.enum(['device', 'cloud']),
  deviceId: nonEmpty(),
  hour: z.int().check(z.gte(0), z.lte(23)),
  minute: z.int().check(z.gte(0), z.lte(59)),
  days: z.array(z.enum(WEEKDAYS)),
  cardId: z.string(),
  /** A cloud alarm's zone is its user's; a device alarm's is its player's (absent: the page's). */
  timeZone: z.nullish(z.string()),
});
export type SyncedAlarm = z.infer<typeof syncedAlarmSchema>;

export const syncAlarmsSchema = z.object({
  type: z.literal(SYNC_ALARMS),
  /** The page's own zone: the fallback for alarms and players without one. */
  timeZone: nonEmpty(),
  /** Enabled alarms only; the page leaves disabled ones out. */
  alarms: z.array(syncedAlarmSchema),
  devices: z.array(z.object({ deviceId: nonEmpty(), name: z.string(), timeZone: z.nullish(z.string()) })),
  playlists: z.array(z.object({ cardId: z.string(), title: z.string() })),
});
export type SyncAlarms = z.infer<typeof syncAlarmsSchema>;

const incomingSchema = z.discriminatedUnion('type', [
  syncAlarmsSchema,
  z.object({ type: z.literal(SKIP_WAITING) }),
]);
export type IncomingMessage = z.infer<typeof incomingSchema>;

export const scheduledAlarmSchema = z.object({
  alarmId: z.string(),
  source: z.enum(['device', 'cloud']),
  deviceId: z.string(),
  /** The player's name, or its id when the page sent no name. */
  deviceName: z.string(),
  cardId: z.string(),
  /** The playlist's title, or null when the card is not in the page's lists. */
  title: z.nullable(z.string()),
  /** UTC ISO instant. */
  at: z.string(),
});
export type ScheduledAlarm = z.infer<typeof scheduledAlarmSchema>;

export const outgoingSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(SCHEDULE_UPDATE),
    next: z.nullable(scheduledAlarmSchema),
    /** Why the last SYNC_ALARMS was refused (the schedule before it stands). */
    error: z.optional(z.string()),
  }),
  z.object({ type: z.literal(ALARM_TRIGGERED), alarm: scheduledAlarmSchema }),
]);
export type OutgoingMessage = z.infer<typeof outgoingSchema>;
export type ScheduleUpdate = Extract<OutgoingMessage, { type: typeof SCHEDULE_UPDATE }>;

export type ParsedIncoming = { ok: true; message: IncomingMessage } | { ok: false; error: string };

/** Reads a message the page posted; an unknown or malformed one gets a readable reason. */
export function parseIncoming(data: unknown): ParsedIncoming {
  const parsed = incomingSchema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, error: `Unreadable service worker message: ${where}${issue?.message ?? 'invalid'}` };
}

/**
 * The earliest alarm strictly after `now`, with core's next-alarm rules (each alarm in its own
 * zone, DST-correct). Ties go to the first in the page's list, as core's findNextAlarm does.
 */
export function nextScheduledAlarm(sync: SyncAlarms, now: Date): ScheduledAlarm | null {
  const pageZone = isValidTimeZone(sync.timeZone) ? sync.timeZone : 'UTC';
  const devices = new Map(sync.devices.map((device) => [device.deviceId, device]));
  const titles = new Map(sync.playlists.map((playlist) => [playlist.cardId, playlist.title]));
  const zoneOf = (candidate: string | null | undefined, fallback: string) =>
    candidate && isValidTimeZone(candidate) ? candidate : fallback;

  let best: { alarm: SyncedAlarm; at: Date } | null = null;
  for (const alarm of sync.alarms) {
    const device = devices.get(alarm.deviceId);
    const zone = zoneOf(alarm.timeZone, zoneOf(device?.timeZone, pageZone));
    const at = nextOccurrence(alarm, now, zone);
    if (at && (!best || at.getTime() < best.at.getTime())) best = { alarm, at };
  }
  if (!best) return null;
  const { alarm, at } = best;
  return {
    alarmId: alarm.id,
    source: alarm.source,
    deviceId: alarm.deviceId,
    deviceName: devices.get(alarm.deviceId)?.name || alarm.deviceId,
    cardId: alarm.cardId,
    title: titles.get(alarm.cardId) ?? null,
    at: at.toISOString(),
  };
}
