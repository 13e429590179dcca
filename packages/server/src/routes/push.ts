import type { FastifyPluginCallback } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorBodySchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { NOTIFICATION_KINDS } from '@playlist-alarms/core/notifications/parent-notification';
import {
  MAX_BROWSERS_PER_PARENT,
  notificationSettingsSchema,
  pushKeySchema,
  pushSubscribeSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@playlist-alarms/core/notifications/push-subscription-schemas';
import { callerUserId } from '../auth';
import {
  deleteSubscription,
  listSubscriptions,
  quietHoursOf,
  saveQuietHours,
  saveSubscription,
} from '../db/push-repository';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import type { VapidKeys } from '../push/push-config';
import { checkPushEndpoint } from '../push/push-endpoints';
import { CLOUD_BODY_LIMIT, useZodSchemas, type ZodTypeProvider } from '../zod-schemas';

// The Web Push API (docs/decisions/push-notifications.md): the public key, the caller's browsers'
// subscriptions, the caller's quiet hours. Every row is the caller's: another's endpoint answers
// as a missing one.

interface PushRoutesOptions {
  db: Kysely<Database>;
  now: () => Date;
  /** null: push is off on this server (no VAPID keys outside demo mode). */
  vapid: VapidKeys | null;
  extraEndpointHosts: readonly string[];
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;
const pushOff = () => new HttpError(404, 'Push notifications are not set up on this server');

export const pushRoutes: FastifyPluginCallback<PushRoutesOptions> = (scope, options, done) => {
  const { db, now, vapid, extraEndpointHosts } = options;
  useZodSchemas(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/push/key',
    {
      schema: {
        tags: ['push'],
        summary: 'The VAPID public key: the browser’s applicationServerKey',
        response: { 200: pushKeySchema, ...errors, 404: errorBodySchema },
      },
    },
    () => {
      if (vapid === null) throw pushOff();
      return Promise.resolve({ publicKey: vapid.publicKey });
    },
  );

  app.get(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'The caller’s browsers’ push subscriptions and the kinds each wants',
        response: { 200: pushSubscriptionListSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listSubscriptions(db, callerUserId(request, undefined));
      return {
        subscriptions: rows.map(({ endpoint, kinds, createdAt }) => ({ endpoint, kinds, createdAt })),
      };
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['push'],
        summary: 'Subscribe this browser (a PushSubscription’s JSON); kinds left out: all of them',
        description:
          'The endpoint must be a browser push service (or a host PUSH_ENDPOINT_HOSTS lists): else 400. ' +
          `At most ${MAX_BROWSERS_PER_PARENT} browsers per parent: a new one beyond is 409.`,
        body: pushSubscribeSchema,
        response: { 201: pushSubscriptionSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const userId = callerUserId(request, undefined);
      if (vapid === null) throw pushOff();
      const { endpoint, keys, kinds } = request.body;
      const check = checkPushEndpoint(endpoint, extraEndpointHosts);
      if (!check.ok) throw new HttpError(400, check.reason);
      const known = await listSubscriptions(db, userId);
      if (known.length >= MAX_BROWSERS_PER_PARENT && !known.some((s) => s.endpoint === endpoint)) {
        throw new HttpError(
          409,
          `Notifications can be on in at most ${MAX_BROWSERS_PER_PARENT} browsers: turn them off in one first`,
        );
      }
      const saved = await saveSubscription(
        db,
        userId,
        { endpoint, p256dh: keys.p256dh, auth: keys.auth, kinds: kinds ?? NOTIFICATION_KINDS },
        now(),
      );
      return reply
        .code(201)
        .send({ endpoint: saved.endpoint, kinds: saved.kinds, createdAt: saved.createdAt });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['push'],
        summary: 'Unsubscribe one of the caller’s browsers, by its endpoint',
        body: pushUnsubscribeSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors, 404: errorBodySchema },
      },
    },
    async (request) => {
      const userId = callerUserId(request, undefined);
      if (!(await deleteSubscription(db, userId, request.body.endpoint)))
        throw new HttpError(404, 'Subscription not found');
      return { deleted: true as const };
    },
  );

  app.get(
    '/api/push/settings',
    {
      schema: {
        tags: ['push'],
        summary: 'The caller’s notification settings (quiet hours, in their own zone)',
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => ({ quietHours: await quietHoursOf(db, callerUserId(request, undefined)) }),
  );

  app.put(
    '/api/push/settings',
    {
      bodyLimit: CLOUD_BODY_LIMIT,
      schema: {
        tags: ['push'],
        summary: 'Change the caller’s quiet hours (equal start and end: none)',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const userId = callerUserId(request, undefined);
      await saveQuietHours(db, userId, request.body.quietHours, now());
      return { quietHours: await quietHoursOf(db, userId) };
    },
  );
  done();
};
