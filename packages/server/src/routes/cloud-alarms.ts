import type { FastifyPluginCallback } from 'fastify';
import {
  cloudAlarmCreateSchema,
  cloudAlarmListSchema,
  cloudAlarmSchema,
  cloudAlarmUpdateSchema,
  deletedCountSchema,
  errorBodySchema,
  userIdSchema,
} from '@playlist-alarms/core/cloud/cloud-schemas';
import { callerUserId, requireCaller } from '../auth';
import { createAlarm, deleteAlarms, toCloudAlarm, updateAlarm } from '../db/alarms-repository';
import { householdAlarm, householdAlarms, notePlayersOf } from '../household/household-access';
import {
  alarmCounts,
  alarmIdParamsSchema,
  alarmNotFound,
  errorResponses,
  withinCap,
  type CloudRoutesOptions,
} from '../cloud-api';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

/**
 * GET and POST /api/alarms, PUT and DELETE /api/alarms/{id}: the caller's household's alarms
 * (src/household/); a new alarm is the caller's.
 */
export const cloudAlarmRoutes: FastifyPluginCallback<CloudRoutesOptions> = (
  scope,
  { db, now, household },
  done,
) => {
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/alarms',
    {
      schema: {
        tags: ['alarms'],
        summary: 'The cloud alarms of the caller’s household and their counts',
        description:
          'The alarms the caller set, and those another parent of the family set on one of the ' +
          'family’s players (yoto_user_id names who set each).',
        querystring: userIdSchema,
        response: { 200: cloudAlarmListSchema, ...errorResponses },
      },
    },
    async (request) => {
      callerUserId(request, request.query.yoto_user_id);
      const alarms = (await householdAlarms(household, requireCaller(request))).map(toCloudAlarm);
      return { alarms, counts: alarmCounts(alarms) };
    },
  );

  app.post(
    '/api/alarms',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['alarms'],
        summary: 'Create a cloud alarm (at most 10 set by each parent: 409 beyond)',
        description:
          'days is a 7-character mask, Monday first ("1111100" = Monday to Friday). ' +
          'mqtt_config is accepted for compatibility and never stored. The answer carries next_fire_at ' +
          '(UTC) in the user’s time zone, null when disabled.',
        body: cloudAlarmCreateSchema,
        response: { 201: cloudAlarmSchema, ...errorResponses, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const userId = callerUserId(request, request.body.yoto_user_id);
      const row = await withinCap(createAlarm(db, userId, request.body, now()));
      await notePlayersOf(household, requireCaller(request));
      return reply.code(201).send(toCloudAlarm(row));
    },
  );

  app.put(
    '/api/alarms/:id',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['alarms'],
        summary: 'Change some fields of one of the household’s alarms',
        params: alarmIdParamsSchema,
        body: cloudAlarmUpdateSchema,
        response: { 200: cloudAlarmSchema, ...errorResponses, 404: errorBodySchema },
      },
    },
    async (request) => {
      callerUserId(request, request.body.yoto_user_id);
      const alarm = await householdAlarm(household, requireCaller(request), request.params.id);
      if (alarm === null) throw alarmNotFound();
      // Under the creator's lock and in the creator's zone, whoever edits.
      const row = await updateAlarm(db, alarm.yoto_user_id, alarm.id, request.body, now());
      if (row === null) throw alarmNotFound();
      return toCloudAlarm(row);
    },
  );

  app.delete(
    '/api/alarms/:id',
    {
      schema: {
        tags: ['alarms'],
        summary: 'Delete one of the household’s alarms',
        params: alarmIdParamsSchema,
        querystring: userIdSchema,
        response: { 200: deletedCountSchema, ...errorResponses, 404: errorBodySchema },
      },
    },
    async (request) => {
      callerUserId(request, request.query.yoto_user_id);
      const alarm = await householdAlarm(household, requireCaller(request), request.params.id);
      if (alarm === null) throw alarmNotFound();
      const deleted = await deleteAlarms(db, alarm.yoto_user_id, { id: alarm.id });
      if (deleted === 0) throw alarmNotFound();
      return { deleted };
    },
  );
  done();
};
