import type { FastifyPluginCallback } from 'fastify';
import {
  alarmTypeBodySchema,
  alarmTypeParamSchema,
  cloudAlarmCreateSchema,
  cloudAlarmSchema,
  deletedCountSchema,
  errorBodySchema,
  userIdSchema,
} from '@playlist-alarms/core/cloud/cloud-schemas';
import { callerUserId, requireCaller } from '../auth';
import { notePlayersOf } from '../household/household-access';
import { deleteAlarms, findAlarmOfType, replaceAlarmOfType, toCloudAlarm } from '../db/alarms-repository';
import { HttpError } from '../errors';
import { errorResponses, withinCap, type CloudRoutesOptions } from '../cloud-api';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

// delete-all takes its user id in the body; an empty POST (no body at all) means the caller.
const optionalUserIdBody = userIdSchema.nullish().transform((body) => body ?? {});

/**
 * The by-type forms, delete-all and clear-all: the alarms the caller set, never another parent's
 * (docs/decisions/shared-household.md), so one parent's "delete all" leaves the other's alarms.
 */
export const cloudAlarmByTypeRoutes: FastifyPluginCallback<CloudRoutesOptions> = (
  scope,
  { db, now, household },
  done,
) => {
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/alarms/by-type',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['alarms by type'],
        summary: 'Upload an alarm: it replaces the caller’s alarm(s) of its alarm_type',
        body: cloudAlarmCreateSchema,
        response: { 200: cloudAlarmSchema, ...errorResponses, 409: errorBodySchema },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.body.yoto_user_id);
      const row = await withinCap(replaceAlarmOfType(db, userId, request.body, now()));
      await notePlayersOf(household, requireCaller(request));
      return toCloudAlarm(row);
    },
  );

  app.get(
    '/api/alarms/by-type/:type',
    {
      schema: {
        tags: ['alarms by type'],
        summary: 'The caller’s alarm of a type (404 when there is none)',
        params: alarmTypeParamSchema,
        querystring: userIdSchema,
        response: { 200: cloudAlarmSchema, ...errorResponses, 404: errorBodySchema },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.query.yoto_user_id);
      const row = await findAlarmOfType(db, userId, request.params.type);
      if (row === null) throw new HttpError(404, `No ${request.params.type} alarm`);
      return toCloudAlarm(row);
    },
  );

  app.delete(
    '/api/alarms/by-type/:type',
    {
      schema: {
        tags: ['alarms by type'],
        summary: 'Delete the caller’s alarms of a type',
        params: alarmTypeParamSchema,
        querystring: userIdSchema,
        response: { 200: deletedCountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.query.yoto_user_id);
      return { deleted: await deleteAlarms(db, userId, { type: request.params.type }) };
    },
  );

  app.post(
    '/api/alarms/delete-by-type',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['alarms by type'],
        summary: 'Delete the caller’s alarms of a type (body form)',
        body: alarmTypeBodySchema,
        response: { 200: deletedCountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.body.yoto_user_id);
      return { deleted: await deleteAlarms(db, userId, { type: request.body.alarm_type }) };
    },
  );

  app.post(
    '/api/alarms/delete-all',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['alarms'],
        summary: 'Delete all of the caller’s alarms',
        body: optionalUserIdBody,
        response: { 200: deletedCountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.body.yoto_user_id);
      return { deleted: await deleteAlarms(db, userId) };
    },
  );

  app.delete(
    '/api/alarms/clear-all',
    {
      schema: {
        tags: ['alarms'],
        summary: 'Delete all of the caller’s alarms (query form)',
        querystring: userIdSchema,
        response: { 200: deletedCountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.query.yoto_user_id);
      return { deleted: await deleteAlarms(db, userId) };
    },
  );
  done();
};
