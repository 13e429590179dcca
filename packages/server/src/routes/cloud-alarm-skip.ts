import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  cloudAlarmSchema,
  errorBodySchema,
  pauseBodySchema,
  userIdSchema,
} from '@playlist-alarms/core/cloud/cloud-schemas';
import { SKIP_PAUSE_TEXTS } from '@playlist-alarms/core/texts/skip-pause-texts';
import { callerUserId, requireCaller } from '../auth';
import { toCloudAlarm } from '../db/alarms-repository';
import { pauseThrough, resumeAlarm, skipNext, type MarkRefusal } from '../db/skip-pause-repository';
import type { AlarmsTable } from '../db/schema';
import { alarmIdParamsSchema, alarmNotFound, errorResponses, type CloudRoutesOptions } from '../cloud-api';
import { HttpError } from '../errors';
import { householdAlarm } from '../household/household-access';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

function answer(result: AlarmsTable | MarkRefusal | null) {
  if (result === null) throw alarmNotFound();
  if (result === 'nothing-to-skip') throw new HttpError(409, SKIP_PAUSE_TEXTS.nothingToSkip);
  if (result === 'starting-now') throw new HttpError(409, SKIP_PAUSE_TEXTS.startingNow);
  if (result === 'past-date') throw new HttpError(400, SKIP_PAUSE_TEXTS.pastDate);
  return toCloudAlarm(result);
}

const responses = { 200: cloudAlarmSchema, ...errorResponses, 404: errorBodySchema, 409: errorBodySchema };

/** POST /api/alarms/{id}/skip, /pause and /resume: one of the household's alarms, stored at once. */
export const cloudAlarmSkipRoutes: FastifyPluginCallback<CloudRoutesOptions> = (
  scope,
  { db, now, household },
  done,
) => {
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // The creator's id, once the caller may manage the alarm (its lock and zone are the creator's).
  const creatorOf = async (request: FastifyRequest, claimed: string | undefined, id: string) => {
    callerUserId(request, claimed);
    const alarm = await householdAlarm(household, requireCaller(request), id);
    if (alarm === null) throw alarmNotFound();
    return alarm.yoto_user_id;
  };
  const schema = (summary: string) => ({
    tags: ['alarms'],
    summary,
    params: alarmIdParamsSchema,
    response: responses,
  });

  app.post(
    '/api/alarms/:id/skip',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        ...schema('Skip the next ringing only (409 when none is ahead, or it is starting now)'),
        querystring: userIdSchema,
      },
    },
    async (request) => {
      const userId = await creatorOf(request, request.query.yoto_user_id, request.params.id);
      return answer(await skipNext(db, userId, request.params.id, now()));
    },
  );

  app.post(
    '/api/alarms/:id/pause',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        ...schema('Keep the alarm silent through a date (inclusive, in the user’s zone)'),
        description: 'through is YYYY-MM-DD, today or later in the user’s time zone.',
        body: pauseBodySchema,
      },
    },
    async (request) => {
      const userId = await creatorOf(request, request.body.yoto_user_id, request.params.id);
      return answer(await pauseThrough(db, userId, request.params.id, request.body.through, now()));
    },
  );

  app.post(
    '/api/alarms/:id/resume',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: { ...schema('Undo a skip and a pause'), querystring: userIdSchema },
    },
    async (request) => {
      const userId = await creatorOf(request, request.query.yoto_user_id, request.params.id);
      return answer(await resumeAlarm(db, userId, request.params.id, now()));
    },
  );
  done();
};
