// zod schemas of the alarm worker's routes: POST /api/alarms/{id}/trigger and /api/cron/*.
import { z } from 'zod';
import { FIRING_OUTCOMES } from './alarm-firing';

const isoInstant = z.iso.datetime({ offset: true, error: 'due_at must be an ISO 8601 instant' });

/** POST /api/alarms/{id}/trigger: the due time the page computed (the alarm's next_fire_at). */
export const triggerBodySchema = z.object(
  { due_at: isoInstant.transform((text) => new Date(text).toISOString()) },
  { error: 'the request body must be a JSON object' },
);

/** The trigger's answer: this request fired the alarm, and how it went. */
export const triggerResultSchema = z.object({
  alarm_id: z.string(),
  due_at: z.string(),
  outcome: z.enum(FIRING_OUTCOMES),
  outcome_at: z.string(),
  next_fire_at: z.string().nullable(),
});

/** What one pass did (counts only: the cron routes carry no user data). */
export const passSummarySchema = z.object({
  started_at: z.string(),
  finished_at: z.string(),
  /** Claimed and rung by this pass. */
  fired: z.number().int().min(0),
  /** Claimed and recorded as missed (10 minutes late or more). */
  missed: z.number().int().min(0),
  /** Due, but another process (or page) had claimed them. */
  already_claimed: z.number().int().min(0),
  /** Stuck firings of a process that died, settled by this pass. */
  recovered: z.number().int().min(0),
});
export type PassSummary = z.infer<typeof passSummarySchema>;

const count = z.number().int().min(0);

export const cronStatusSchema = z.object({
  /** Whether this process runs the timers (ALARM_WORKER). */
  worker: z.enum(['on', 'off']),
  last_pass: passSummarySchema.nullable(),
  /** The earliest next_fire_at of any enabled alarm. */
  next_due_at: z.string().nullable(),
  counts: z.object({
    enabled_alarms: z.number().int().min(0),
    due_within_minute: z.number().int().min(0),
    /** Timers armed in this process. */
    armed: z.number().int().min(0),
    /** Enabled alarms whose next ringing is skipped, and those paused (a pause covers a skip). */
    skipped: count,
    paused: count,
    /** Firings of the last 24 hours by outcome (in_progress: claimed, no outcome yet). */
    last_24h: z.object({
      played: count,
      'no-response': count,
      failed: count,
      'player-offline': count,
      missed: count,
      in_progress: count,
    }),
  }),
});
export type CronStatus = z.infer<typeof cronStatusSchema>;
