// The push API's answers as the page checks them, in zod/mini like the page's other edges
// (push-answers.test.ts pins them to push-subscription-schemas.ts).
import * as z from 'zod/mini';
import { NOTIFICATION_KINDS } from './parent-notification';

export const pushKeyAnswer = z.object({ publicKey: z.string() });

export const pushSubscriptionAnswer = z.object({
  endpoint: z.string(),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  createdAt: z.string(),
});
export type PushSubscriptionAnswer = z.infer<typeof pushSubscriptionAnswer>;

export const pushSubscriptionListAnswer = z.object({ subscriptions: z.array(pushSubscriptionAnswer) });

export const notificationSettingsAnswer = z.object({
  quietHours: z.object({ start: z.string(), end: z.string() }),
});

/** What the server pushes (the service worker reads it; the server's push-sender.ts writes it). */
export const pushPayload = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayloadAnswer = z.infer<typeof pushPayload>;
