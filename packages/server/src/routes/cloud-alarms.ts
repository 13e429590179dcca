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
import { callerUserId } from '../auth';
import { createAlarm, deleteAlarms, listAlarms, toCloudAlarm, updateAlarm } from '../db/alarms-repository';
import {
  alarmCounts,
  alarmIdParamsSchema,
  alarmNotFound,
  errorResponses,
  withinCap,
  type CloudRoutesOptions,
} from '../cloud-api';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

/** GET and POST /api/alarms, PUT and DELETE /api/alarms/{id}, scoped to the caller. */
export const cloudAlarmRoutes: FastifyPluginCallback<CloudRoutesOptions> = (scope, { db, now }, done) => {
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/alarms',
    {
      schema: {
        tags: ['alarms'],
        summary: 'The caller’s cloud alarms and their counts',
        querystring: userIdSchema,
        response: { 200: cloudAlarmListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.query.yoto_user_id);
      const alarms = (await listAlarms(db, userId)).map(toCloudAlarm);
      return { alarms, counts: alarmCounts(alarms) };
    },
  );

  app.post(
    '/api/alarms',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['alarms'],
        summary: 'Create a cloud alarm (at most 10 per account: 409 beyond)',
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
      return reply.code(201).send(toCloudAlarm(row));
    },
  );

  app.put(
    '/api/alarms/:id',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['alarms'],
        summary: 'Change some fields of one of the caller’s alarms',
        params: alarmIdParamsSchema,
        body: cloudAlarmUpdateSchema,
        response: { 200: cloudAlarmSchema, ...errorResponses, 404: errorBodySchema },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.body.yoto_user_id);
      const row = await updateAlarm(db, userId, request.params.id, request.body, now());
      if (row === null) throw alarmNotFound();
      return toCloudAlarm(row);
    },
  );

  app.delete(
    '/api/alarms/:id',
    {
      schema: {
        tags: ['alarms'],
        summary: 'Delete one of the caller’s alarms',
        params: alarmIdParamsSchema,
        querystring: userIdSchema,
        response: { 200: deletedCountSchema, ...errorResponses, 404: errorBodySchema },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.query.yoto_user_id);
      const deleted = await deleteAlarms(db, userId, { id: request.params.id });
      if (deleted === 0) throw alarmNotFound();
      return { deleted };
    },
  );
  done();
};
