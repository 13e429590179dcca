import { z } from 'zod';
import type { Kysely } from 'kysely';
import {
  errorBodySchema,
  type AlarmCounts,
  type CloudAlarm,
} from '@playlist-alarms/core/cloud/cloud-schemas';
import { AlarmLimitError } from './db/alarms-repository';
import type { Database } from './db/schema';
import { HttpError } from './errors';
import type { Household } from './household/household-access';

// What the cloud API's route plugins share (routes never import each other).

export interface CloudRoutesOptions {
  db: Kysely<Database>;
  /** The clock that next_fire_at is computed from (tests pin it). */
  now: () => Date;
  /** Who else in the family may reach an alarm (src/household/). */
  household: Household;
}

/** The error answers every cloud route documents. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
} as const;

export const alarmIdParamsSchema = z.object({
  id: z.string().min(1, 'id is required').max(100, 'id must be at most 100 characters'),
});

/** Another user's alarm answers exactly as a missing one does: nothing of it leaks. */
export const alarmNotFound = () => new HttpError(404, 'Alarm not found');

/** The cap is a conflict with what the account holds, not bad input. */
export async function withinCap<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AlarmLimitError) throw new HttpError(409, error.message);
    throw error;
  }
}

export const alarmCounts = (alarms: readonly CloudAlarm[]): AlarmCounts => ({
  total: alarms.length,
  wakeup: alarms.filter((a) => a.alarm_type === 'wakeup').length,
  bedtime: alarms.filter((a) => a.alarm_type === 'bedtime').length,
});
