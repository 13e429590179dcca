// The server's answers about a player's held alarms (GET and POST /api/devices/{id}/alarm-holds),
// as the web app checks them, in zod/mini like the app's other answer edges (cloud-answers.ts).
import * as z from 'zod/mini';

export const ALARM_HOLD_STATES = ['held', 'awaiting-player'] as const;

export const alarmHoldAnswer = z.object({
  /** The player's string for the alarm while held (switched off). */
  alarm: z.string(),
  /** UTC ISO instant of the skipped ringing. */
  skip_until: z.nullable(z.string()),
  /** Last silent day, YYYY-MM-DD, in `time_zone`. */
  paused_through: z.nullable(z.string()),
  /** The zone the hold's dates are read in (the player's, else the user's, else UTC). */
  time_zone: z.string(),
  /** ISO instant the server switches the alarm back on. */
  switch_on_at: z.string(),
  /** awaiting-player: switched on in the cloud while the player was off, checked again when it is back. */
  state: z.enum(ALARM_HOLD_STATES),
});

/** GET: every hold of the player. */
export const alarmHoldListAnswer = z.object({ holds: z.array(alarmHoldAnswer) });

/** POST: every hold after the change, and the player's config.alarms as the server left them. */
export const alarmHoldChangeAnswer = z.object({
  holds: z.array(alarmHoldAnswer),
  alarms: z.array(z.string()),
});

export type AlarmHold = z.infer<typeof alarmHoldAnswer>;
export type AlarmHoldChangeAnswer = z.infer<typeof alarmHoldChangeAnswer>;
