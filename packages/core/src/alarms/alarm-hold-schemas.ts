// zod schemas of the device alarm hold routes (docs/decisions/device-alarm-holds.md): the page's
// POST body and the server's two answers, with messages a person can act on.
import { z } from 'zod';
import { SKIP_PAUSE_TEXTS } from '../texts/skip-pause-texts';
import { parseLocalDate } from './skip-pause';

const localDate = z
  .string({ error: SKIP_PAUSE_TEXTS.badDate })
  .refine((text) => parseLocalDate(text) !== null, SKIP_PAUSE_TEXTS.badDate);

/** What the page asks: skip the next ringing, pause through a date, or resume (alarm-hold.ts). */
export const alarmHoldChangeSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('skip') }),
    z.object({ action: z.literal('pause'), through: localDate }),
    z.object({ action: z.literal('resume') }),
  ],
  { error: 'change.action must be skip, pause or resume' },
);

/** POST /api/devices/{deviceId}/alarm-holds. */
export const alarmHoldBodySchema = z.object(
  {
    alarm: z
      .string({ error: 'alarm must be the alarm’s text as the player keeps it' })
      .min(1, 'alarm must be the alarm’s text as the player keeps it')
      .max(500, 'alarm must be at most 500 characters'),
    index: z
      .number({ error: 'index must be the alarm’s position, a whole number from 0' })
      .int('index must be a whole number')
      .min(0, 'index must be a whole number from 0')
      .max(999, 'index must be at most 999'),
    change: alarmHoldChangeSchema,
  },
  { error: 'the request body must be a JSON object' },
);
export type AlarmHoldBody = z.infer<typeof alarmHoldBodySchema>;

export const ALARM_HOLD_STATES = ['held', 'awaiting-player'] as const;

/** A held alarm of a player, as the server answers it. */
export const alarmHoldSchema = z.object({
  /** The player's string for the alarm while held (switched off). */
  alarm: z.string(),
  /** UTC ISO instant of the skipped ringing. */
  skip_until: z.string().nullable(),
  /** YYYY-MM-DD, the last silent day in time_zone. */
  paused_through: z.string().nullable(),
  /** The player's zone (its geoTimezone), else the user's, else UTC. */
  time_zone: z.string(),
  /** UTC ISO instant the server switches the alarm back on. */
  switch_on_at: z.string(),
  /** awaiting-player: switched on in the cloud while the player was off; checked when it is back. */
  state: z.enum(ALARM_HOLD_STATES),
});
export type AlarmHold = z.infer<typeof alarmHoldSchema>;

/** GET /api/devices/{deviceId}/alarm-holds. */
export const alarmHoldsAnswerSchema = z.object({ holds: z.array(alarmHoldSchema) });

/** POST /api/devices/{deviceId}/alarm-holds: every hold of the player after the change, and its list now. */
export const alarmHoldChangeAnswerSchema = z.object({
  holds: z.array(alarmHoldSchema),
  alarms: z.array(z.string()),
});
export type AlarmHoldChangeAnswer = z.infer<typeof alarmHoldChangeAnswerSchema>;
