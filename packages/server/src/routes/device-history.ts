import type { FastifyPluginCallback } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  observedPlayAnswerSchema,
  observedPlayBodySchema,
} from '@playlist-alarms/core/alarms/observed-play-schemas';
import { historyAnswerSchema, historyQuerySchema } from '@playlist-alarms/core/cloud/alarm-history-schemas';
import { errorBodySchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { requireCaller } from '../auth';
import { assertMaySeePlayer, type PlayerAccessDeps } from '../alarm-history/player-access';
import { historyPage } from '../alarm-history/history-page';
import { recordObservedPlay } from '../alarm-history/observed-play';
import { errorResponses } from '../cloud-api';
import type { Database } from '../db/schema';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

// GET /api/devices/{deviceId}/history: the player's alarm ringings of the last 30 days, newest
// first, paged by cursor; POST …/history/observed: a page saw one of the player's own alarms play
// (docs/decisions/alarm-history.md).

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

  app.post(
    '/api/devices/:deviceId/history/observed',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['devices'],
        summary: 'Tell the history that this page saw one of the player’s own alarms play',
        description:
          'alarm is the alarm’s string as the page read it, due_at the ringing’s instant, started_at ' +
          'when the page saw the player start the alarm’s card (from 1 minute before to 10 after ' +
          'due_at). The server checks them against the player’s config: a ringing of the last hour. ' +
          'Sent twice, or by a second page, it records the ringing once.',
        params: paramsSchema,
        body: observedPlayBodySchema,
        response: {
          200: observedPlayAnswerSchema,
          ...errorResponses,
          404: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    (request) => recordObservedPlay(deps, requireCaller(request), request.params.deviceId, request.body),
  );
  done();
};
