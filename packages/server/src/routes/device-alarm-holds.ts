import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
  alarmHoldBodySchema,
  alarmHoldChangeAnswerSchema,
  alarmHoldsAnswerSchema,
} from '@playlist-alarms/core/alarms/alarm-hold-schemas';
import { errorBodySchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { requireCaller } from '../auth';
import { changeHold, listHolds, type HoldChangeDeps } from '../alarm-holds/hold-change';
import { errorResponses } from '../cloud-api';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

// GET and POST /api/devices/{deviceId}/alarm-holds: "Skip next", "Pause until…" and "Resume" of
// an alarm the player keeps (docs/decisions/device-alarm-holds.md). The caller's own provider
// token reads and writes the player, so the provider decides whose player it is.

const paramsSchema = z.object({
  deviceId: z.string().min(1, 'deviceId is required').max(100, 'deviceId must be at most 100 characters'),
});

const failures = {
  ...errorResponses,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};

export const deviceAlarmHoldRoutes: FastifyPluginCallback<HoldChangeDeps> = (scope, deps, done) => {
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/devices/:deviceId/alarm-holds',
    {
      schema: {
        tags: ['devices'],
        summary: 'The player’s skipped and paused alarms',
        params: paramsSchema,
        response: { 200: alarmHoldsAnswerSchema, ...failures },
      },
    },
    async (request) => ({
      holds: await listHolds(deps, requireCaller(request), request.params.deviceId),
    }),
  );

  app.post(
    '/api/devices/:deviceId/alarm-holds',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['devices'],
        summary: 'Skip the next ringing of a player’s alarm, pause it through a date, or resume it',
        description:
          'alarm is the alarm’s string as read (or its held string), index its position then. The ' +
          'server switches the alarm off on the player and back on after the skipped ringing or the ' +
          'pause’s last day; resume switches it on at once.',
        params: paramsSchema,
        body: alarmHoldBodySchema,
        response: { 200: alarmHoldChangeAnswerSchema, ...failures },
      },
    },
    (request) => changeHold(deps, requireCaller(request), request.params.deviceId, request.body),
  );
  done();
};
