import type { FastifyPluginCallback } from 'fastify';
import { triggerBodySchema, triggerResultSchema } from '@playlist-alarms/core/cloud/alarm-firing-schemas';
import { errorBodySchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import type { AlarmWorker } from '../alarm-worker/worker';
import { callerUserId, requireCaller } from '../auth';
import { alarmIdParamsSchema, alarmNotFound, errorResponses, type CloudRoutesOptions } from '../cloud-api';
import { findAlarmToFire, findFiring } from '../db/firings-repository';
import { HttpError } from '../errors';
import { householdAlarm } from '../household/household-access';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

/** A page's clock may run a little ahead of the server's. */
const TRIGGER_EARLY_MS = 60_000;

interface TriggerRoutesOptions extends CloudRoutesOptions {
  worker: AlarmWorker;
}

/**
 * POST /api/alarms/{id}/trigger: the page's scheduler asks the server to fire a due cloud alarm.
 * The same claim as the worker's timers, so a page and any number of replicas start the card once.
 */
export const alarmTriggerRoutes: FastifyPluginCallback<TriggerRoutesOptions> = (
  scope,
  { db, now, worker, household },
  done,
) => {
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/alarms/:id/trigger',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      // Each trigger may reach a player: the tighter tier, as sign-in has.
      config: { rateLimitTier: 'sign-in' },
      schema: {
        tags: ['alarms'],
        summary: 'Fire one of the household’s cloud alarms at its due time (once, however many ask)',
        description:
          'due_at is the alarm’s next_fire_at. The first caller (page or server) claims the firing and ' +
          'the answer carries its receipt once the player confirmed (up to about 11 s); every later ' +
          'caller gets 409 naming the outcome. 409 also when due_at is not the alarm’s next firing or ' +
          'is more than a minute ahead.',
        params: alarmIdParamsSchema,
        body: triggerBodySchema,
        response: { 200: triggerResultSchema, ...errorResponses, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      callerUserId(request, undefined);
      const alarmId = request.params.id;
      const dueAt = request.body.due_at;
      // Any parent's page may fire the family's alarm; it fires as its creator's, as the worker would.
      const reachable = await householdAlarm(household, requireCaller(request), alarmId);
      const alarm = reachable === null ? null : await findAlarmToFire(db, reachable.yoto_user_id, alarmId);
      if (alarm === null) throw alarmNotFound();
      const alreadyFired = async () => {
        const firing = await findFiring(db, alarmId, dueAt);
        if (firing === null) return null;
        const how = firing.outcome === null ? 'it is firing now' : `outcome: ${firing.outcome}`;
        return new HttpError(409, `Alarm already fired for ${dueAt} (${how})`);
      };
      const fired = await alreadyFired();
      if (fired !== null) throw fired;
      if (alarm.is_enabled !== 1) throw new HttpError(409, 'Alarm is disabled');
      if (alarm.next_fire_at !== dueAt) {
        throw new HttpError(
          409,
          `due_at ${dueAt} is not this alarm’s next firing (next_fire_at ${alarm.next_fire_at ?? 'none'})`,
        );
      }
      if (new Date(dueAt).getTime() - now().getTime() > TRIGGER_EARLY_MS) {
        throw new HttpError(409, `Alarm is not due yet (due ${dueAt})`);
      }
      const result = await worker.fire({ ...alarm, next_fire_at: dueAt }, dueAt);
      if (!result.claimed) throw (await alreadyFired()) ?? new HttpError(409, 'Alarm changed; not fired');
      return {
        alarm_id: alarmId,
        due_at: dueAt,
        outcome: result.outcome,
        outcome_at: result.outcomeAt,
        next_fire_at: result.nextFireAt,
      };
    },
  );
  done();
};
