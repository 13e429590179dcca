// The push API's payloads as our server validates and serializes them (zod, for its OpenAPI document
// too): a browser's PushSubscription with the kinds it wants, the parent's quiet hours, the answers.
// Which push services an endpoint may name is the server's check (docs/decisions/push-notifications.md).
import { z } from 'zod';
import { CLOCK_TIME_PATTERN } from './notification-settings';
import { NOTIFICATION_KINDS } from './parent-notification';

// The keys' sizes are fixed, so their base64url length is too: a wrong one is refused here rather
// than failing every later send to that browser.
const base64urlKey = (name: string, pattern: RegExp, what: string) =>
  z.string().min(1, `${name} is required`).regex(pattern, `${name} must be ${what}, base64url`);

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, {
  error: `kind must be one of ${NOTIFICATION_KINDS.join(', ')}`,
});

const endpointSchema = z
  .string()
  .min(1, 'endpoint is required')
  .max(2048, 'endpoint must be at most 2048 characters')
  .url('endpoint must be a URL');

/** Browsers one parent may have notifications on in: each piece of news is one send per browser. */
export const MAX_BROWSERS_PER_PARENT = 10;

/** What `PushSubscription.toJSON()` gives, plus the kinds this browser wants (all when left out). */
export const pushSubscribeSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point is 65 bytes, the first 0x04 (87 characters from 'B'); the auth
    // secret 16 bytes (22 characters). Padding is allowed, as some encoders add it.
    p256dh: base64urlKey(
      'keys.p256dh',
      /^B[A-Za-z0-9_-]{86}=?$/,
      'an uncompressed P-256 public key (65 bytes)',
    ),
    auth: base64urlKey('keys.auth', /^[A-Za-z0-9_-]{22}(==)?$/, 'a 16-byte secret'),
  }),
  kinds: z.array(notificationKindSchema).max(NOTIFICATION_KINDS.length).optional(),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

export const pushKeySchema = z.object({
  /** The VAPID public key, base64url: the browser's `applicationServerKey`. */
  publicKey: z.string(),
});

export const pushSubscriptionSchema = z.object({
  endpoint: z.string(),
  kinds: z.array(notificationKindSchema),
  createdAt: z.string(),
});
export const pushSubscriptionListSchema = z.object({ subscriptions: z.array(pushSubscriptionSchema) });

const clockTime = z.string().regex(CLOCK_TIME_PATTERN, 'must be a time as HH:MM (00:00 to 23:59)');

export const quietHoursSchema = z.object({ start: clockTime, end: clockTime });

export const notificationSettingsSchema = z.object({ quietHours: quietHoursSchema });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A parent who never chose: quiet from 21:00 to 07:00 in their own zone. */
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '07:00' } as const;
