import type { FastifyPluginCallback } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { historyAnswerSchema, historyQuerySchema } from '@playlist-alarms/core/cloud/alarm-history-schemas';
import { errorBodySchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { requireCaller } from '../auth';
import { assertMaySeePlayer, type PlayerAccessDeps } from '../alarm-history/player-access';
import { historyPage } from '../alarm-history/history-page';
import { errorResponses } from '../cloud-api';
import type { Database } from '../db/schema';
import { useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

// GET /api/devices/{deviceId}/history: the player's alarm ringings of the last 30 days, newest
// first, paged by cursor (docs/decisions/alarm-history.md).

const paramsSchema = z.object({
  deviceId: z.string().min(1, 'deviceId is required').max(100, 'deviceId must be at most 100 characters'),
});

export interface DeviceHistoryDeps extends PlayerAccessDeps {
  db: Kysely<Database>;
  now: () => Date;
}

export const deviceHistoryRoutes: FastifyPluginCallback<DeviceHistoryDeps> = (scope, deps, done) => {
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/devices/:deviceId/history',
    {
      schema: {
        tags: ['devices'],
        summary: 'The player’s alarm history: its ringings of the last 30 days, newest first',
        description:
          'Cloud alarm firings (played, and how late; faded; off; missed; failed) and the player’s own ' +
          'alarms the server skipped or paused. Pass next_before as before for the next page.',
        params: paramsSchema,
        querystring: historyQuerySchema,
        response: {
          200: historyAnswerSchema,
          ...errorResponses,
          404: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      await assertMaySeePlayer(deps, caller, request.params.deviceId);
      return historyPage(deps.db, caller.sub, request.params.deviceId, request.query, deps.now());
    },
  );
  done();
};
