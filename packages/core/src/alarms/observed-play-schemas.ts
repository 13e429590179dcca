// zod schema of POST /api/devices/{deviceId}/history/observed (docs/decisions/alarm-history.md):
// what a page saw of a player's own alarm playing.
import { z } from 'zod';
import { isValidTimeZone } from './local-time';

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 instant` });

export const observedPlayBodySchema = z.strictObject(
  {
    alarm: z
      .string({ error: 'alarm must be the alarm’s text as the player keeps it' })
      .min(1, 'alarm must be the alarm’s text as the player keeps it')
      .max(500, 'alarm must be at most 500 characters'),
    due_at: instant('due_at'),
    started_at: instant('started_at'),
    /** The zone the page read the alarm in: the server's for a player without a zone of its own. */
    time_zone: z
      .string({ error: 'time_zone must be an IANA time zone such as Europe/London' })
      .max(64, 'time_zone must be at most 64 characters')
      .refine(isValidTimeZone, 'time_zone must be an IANA time zone such as Europe/London')
      .optional(),
  },
  { error: 'the request body must be a JSON object' },
);
export type ObservedPlayBody = z.infer<typeof observedPlayBodySchema>;

/** The answer: whether this call wrote the row (false: a page or a retry already had). */
export const observedPlayAnswerSchema = z.object({ recorded: z.boolean() });
export type ObservedPlayAnswer = z.infer<typeof observedPlayAnswerSchema>;
