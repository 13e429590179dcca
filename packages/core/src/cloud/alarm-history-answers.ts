// The server's answer of GET /api/devices/{deviceId}/history as the web app checks it, in zod/mini
// like the app's other answer edges; alarm-history-answers.test.ts pins it to the server's schema.
import * as z from 'zod/mini';
import { ALARM_TYPES } from '../shared/constants';
import { HISTORY_OUTCOMES } from './alarm-history';

export const historyEntryAnswer = z.object({
  id: z.string(),
  source: z.enum(['cloud', 'device']),
  alarm_name: z.string(),
  alarm_type: z.nullable(z.enum(ALARM_TYPES)),
  due_at: z.string(),
  outcome: z.enum(HISTORY_OUTCOMES),
  played_at: z.nullable(z.string()),
  faded: z.boolean(),
  alarm_deleted: z.boolean(),
});

export const historyPageAnswer = z.object({
  entries: z.array(historyEntryAnswer),
  next_before: z.nullable(z.string()),
});

export type HistoryEntryAnswer = z.infer<typeof historyEntryAnswer>;
export type HistoryPageAnswer = z.infer<typeof historyPageAnswer>;

/** POST /api/devices/{deviceId}/history/observed: whether this call wrote the play. */
export const observedPlayPageAnswer = z.object({ recorded: z.boolean() });
export type ObservedPlayPageAnswer = z.infer<typeof observedPlayPageAnswer>;
