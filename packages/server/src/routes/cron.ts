import crypto from 'node:crypto';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { FIRING_OUTCOMES } from '@playlist-alarms/core/cloud/alarm-firing';
import {
  cronStatusSchema,
  passSummarySchema,
  type CronStatus,
} from '@playlist-alarms/core/cloud/alarm-firing-schemas';
import { errorBodySchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import type { AlarmWorker } from '../alarm-worker/worker';
import { firingStats } from '../db/firings-repository';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import { useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

interface CronRoutesOptions {
  db: Kysely<Database>;
  worker: AlarmWorker;
  /** When set, each call needs it; when null both routes are open (idempotent, counts only). */
  cronSecret: string | null;
  workerOn: boolean;
  /** The app's clock (tests pin it): whether a skip or a pause still holds depends on it. */
  now?: () => Date;
}

function presentedSecret(request: FastifyRequest): string | null {
  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const header = request.headers['x-cron-secret'];
  return bearer ?? (typeof header === 'string' ? header : null);
}

/** Constant-time, so the answer's timing says nothing about how much of a guess was right. */
function secretMatches(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** GET /api/cron/check (one pass) and GET /api/cron/status, for deployments with an external scheduler. */
export const cronRoutes: FastifyPluginCallback<CronRoutesOptions> = (scope, options, done) => {
  const { db, worker, cronSecret, workerOn, now = () => new Date() } = options;
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  scope.addHook('onRequest', (request, _reply, next) => {
    const given = presentedSecret(request);
    if (cronSecret !== null && (given === null || !secretMatches(given, cronSecret))) {
      next(new HttpError(401, 'Missing or wrong cron secret'));
    } else next();
  });
  // Concurrent checks share one pass: a scheduler that fires twice costs one.
  let running: ReturnType<AlarmWorker['pass']> | null = null;
  const errors = { 401: errorBodySchema };

  app.get(
    '/api/cron/check',
    {
      schema: {
        tags: ['cron'],
        summary: 'Run one pass of the alarm worker: fire what is due (idempotent)',
        description:
          'Needs CRON_SECRET (Authorization: Bearer <secret> or x-cron-secret) when it is set. ' +
          'Counts only, no user data.',
        response: { 200: passSummarySchema, ...errors },
      },
    },
    async () => {
      running ??= worker.pass().finally(() => {
        running = null;
      });
      return running;
    },
  );

  app.get(
    '/api/cron/status',
    {
      schema: {
        tags: ['cron'],
        summary: 'The last pass of this process, the next due time and counts (no user data)',
        response: { 200: cronStatusSchema, ...errors },
      },
    },
    async (): Promise<CronStatus> => {
      const stats = await firingStats(db, now());
      const last24h = {
        played: 0,
        'no-response': 0,
        failed: 0,
        'player-offline': 0,
        missed: 0,
        in_progress: 0,
      };
      for (const { outcome, count } of stats.last24h) {
        if (outcome === null) last24h.in_progress += count;
        else if (FIRING_OUTCOMES.includes(outcome)) last24h[outcome] += count;
      }
      return {
        worker: workerOn ? 'on' : 'off',
        last_pass: worker.lastPassSummary,
        next_due_at: stats.nextDueAt,
        counts: {
          enabled_alarms: stats.enabledAlarms,
          due_within_minute: stats.dueWithinMinute,
          armed: worker.armedCount,
          skipped: stats.skipped,
          paused: stats.paused,
          last_24h: last24h,
        },
      };
    },
  );
  done();
};
