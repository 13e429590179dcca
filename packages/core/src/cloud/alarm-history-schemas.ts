// zod schemas of GET /api/devices/{deviceId}/history (docs/decisions/alarm-history.md): the
// query the server checks and the answer it gives. The page checks the answer with
// alarm-history-answers.ts (zod/mini).
import { z } from 'zod';
import { ALARM_TYPES } from '../shared/constants';
import { ALARM_HISTORY_TEXTS } from '../texts/alarm-history-texts';
import { HISTORY_OUTCOMES, decodeHistoryCursor } from './alarm-history';

export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 100;

export const historyQuerySchema = z.object({
  before: z
    .string({ error: ALARM_HISTORY_TEXTS.badCursor })
    .max(1000, ALARM_HISTORY_TEXTS.badCursor)
    .refine((text) => decodeHistoryCursor(text) !== null, ALARM_HISTORY_TEXTS.badCursor)
    .optional(),
  limit: z.coerce
    .number({ error: ALARM_HISTORY_TEXTS.badLimit })
    .int(ALARM_HISTORY_TEXTS.badLimit)
    .min(1, ALARM_HISTORY_TEXTS.badLimit)
    .max(HISTORY_PAGE_MAX, ALARM_HISTORY_TEXTS.badLimit)
    .default(HISTORY_PAGE_DEFAULT),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** One ringing of the player, newest first in the answer. */
export const historyEntrySchema = z.object({
  /** Stable within the history: the cursor names the last entry shown by it. */
  id: z.string(),
  /** cloud: a cloud alarm the server rang; device: one of the player's own alarms. */
  source: z.enum(['cloud', 'device']),
  alarm_name: z.string(),
  /** A cloud alarm's type; null for a player's own alarm. */
  alarm_type: z.enum(ALARM_TYPES).nullable(),
  /** The ringing's instant (UTC ISO). */
  due_at: z.string(),
  outcome: z.enum(HISTORY_OUTCOMES),
  /** When card/start went to the player (played only; null when not recorded). */
  played_at: z.string().nullable(),
  /** The alarm's fade-in started with it. */
  faded: z.boolean(),
  /** The cloud alarm was deleted since. */
  alarm_deleted: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyAnswerSchema = z.object({
  entries: z.array(historyEntrySchema),
  /** Pass as `before` for the next page; null at the end. */
  next_before: z.string().nullable(),
});
export type HistoryAnswer = z.infer<typeof historyAnswerSchema>;
