// What the service worker posts to its pages: SCHEDULE_UPDATE (the next alarm) and ALARM_TRIGGERED.
// The page reads these with the parts of zod/mini its provider client already loads.
import { z } from 'zod/mini';
import { ALARM_TRIGGERED, SCHEDULE_UPDATE } from './message-types';

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

// z.union, not discriminatedUnion: the page's zod/mini code already holds union.
export const outgoingSchema = z.union([
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
