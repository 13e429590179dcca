// The messages between the page and the service worker: the page sends
// SYNC_ALARMS with its enabled alarms, players and playlists; the worker answers SCHEDULE_UPDATE
// with the next alarm and posts ALARM_TRIGGERED at its time. The worker is a helper of the page,
// not a clock (the server rings alarms), so a message it cannot read is answered, never fatal.
// This module reads what pages send; worker-messages.ts what the worker sends (the page loads only that).
import { z } from 'zod/mini';
import { maskToDays } from '@playlist-alarms/core/cloud/cloud-alarm-rules';
import { DAY_MASK_PATTERN } from '@playlist-alarms/core/cloud/cloud-next-fire';
import { WEEKDAYS } from '@playlist-alarms/core/alarms/weekdays';
import { SKIP_WAITING, SYNC_ALARMS } from './message-types';

// zod/mini keeps the worker small.
const nonEmpty = () => z.string().check(z.minLength(1));

const syncedAlarmSchema = z.object({
  id: nonEmpty(),
  /** Rung by the player itself ('device') or fired by the server ('cloud'). */
  source: z.enum(['device', 'cloud']),
  deviceId: nonEmpty(),
  hour: z.int().check(z.gte(0), z.lte(23)),
  minute: z.int().check(z.gte(0), z.lte(59)),
  /** Day names, or a cloud alarm's Monday-first mask as stored ('1111100'), read as names here. */
  days: z.union([
    z.array(z.enum(WEEKDAYS)),
    z.pipe(z.string().check(z.regex(DAY_MASK_PATTERN)), z.transform(maskToDays)),
  ]),
  cardId: z.string(),
  /** A cloud alarm's zone is its user's; a device alarm's is its player's (absent: the page's). */
  timeZone: z.nullish(z.string()),
});
export type SyncedAlarm = z.output<typeof syncedAlarmSchema>;
/** What a page sends (days may be a mask). */
export type SyncedAlarmInput = z.input<typeof syncedAlarmSchema>;

export const syncAlarmsSchema = z.object({
  type: z.literal(SYNC_ALARMS),
  /** The page's own zone: the fallback for alarms and players without one. */
  timeZone: nonEmpty(),
  /** Enabled alarms only; the page leaves disabled ones out. */
  alarms: z.array(syncedAlarmSchema),
  devices: z.array(z.object({ deviceId: nonEmpty(), name: z.string(), timeZone: z.nullish(z.string()) })),
  playlists: z.array(z.object({ cardId: z.string(), title: z.string() })),
});
export type SyncAlarms = z.output<typeof syncAlarmsSchema>;
export type SyncAlarmsInput = z.input<typeof syncAlarmsSchema>;

const incomingSchema = z.discriminatedUnion('type', [
  syncAlarmsSchema,
  z.object({ type: z.literal(SKIP_WAITING) }),
]);
type IncomingMessage = z.infer<typeof incomingSchema>;

type ParsedIncoming = { ok: true; message: IncomingMessage } | { ok: false; error: string };

/** Reads a message the page posted; an unknown or malformed one gets a readable reason. */
export function parseIncoming(data: unknown): ParsedIncoming {
  const parsed = incomingSchema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, error: `Unreadable service worker message: ${where}${issue?.message ?? 'invalid'}` };
}
