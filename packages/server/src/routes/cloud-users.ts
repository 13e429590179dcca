import type { FastifyPluginCallback } from 'fastify';
import {
  cloudDeviceListSchema,
  cloudDeviceRecordSchema,
  cloudDeviceSchema,
  cloudUserRecordSchema,
  cloudUserSchema,
  userIdSchema,
  type CloudUserRecord,
} from '@playlist-alarms/core/cloud/cloud-schemas';
import { callerUserId } from '../auth';
import { errorResponses, type CloudRoutesOptions } from '../cloud-api';
import type { UsersTable } from '../db/schema';
import { listDevices, saveUserProfile, upsertDevice } from '../db/users-repository';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

// Only the profile leaves the server: the row's encrypted token columns are never answered.
const toUserRecord = (row: UsersTable): CloudUserRecord => ({
  yoto_user_id: row.yoto_user_id,
  email: row.email,
  name: row.name,
  timezone: row.timezone,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** POST /api/users, GET and POST /api/devices, scoped to the caller. */
export const cloudUserRoutes: FastifyPluginCallback<CloudRoutesOptions> = (scope, { db, now }, done) => {
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/users',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['users'],
        summary: 'Record the caller’s profile',
        description:
          'Stores email, name and time zone (an IANA zone; alarms are computed in UTC without one). ' +
          'access_token, refresh_token and token_expires_at are accepted for compatibility and ignored: ' +
          'never stored, never echoed.',
        body: cloudUserSchema,
        response: { 200: cloudUserRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.body.yoto_user_id);
      const { email, name, timezone } = request.body;
      return toUserRecord(await saveUserProfile(db, userId, { email, name, timezone }, now()));
    },
  );

  app.get(
    '/api/devices',
    {
      schema: {
        tags: ['devices'],
        summary: 'The caller’s recorded players',
        querystring: userIdSchema,
        response: { 200: cloudDeviceListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = callerUserId(request, request.query.yoto_user_id);
      return { devices: await listDevices(db, userId) };
    },
  );

  app.post(
    '/api/devices',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['devices'],
        summary: 'Record one of the caller’s players (a second call renames it)',
        body: cloudDeviceSchema,
        response: { 200: cloudDeviceRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { yoto_user_id: claimed, ...device } = request.body;
      const userId = callerUserId(request, claimed);
      return upsertDevice(db, { ...device, yoto_user_id: userId });
    },
  );
  done();
};
