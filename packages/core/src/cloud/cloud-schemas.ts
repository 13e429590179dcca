// zod schemas of the own backend's payloads (cloud alarms, users, players), with messages a person
// can act on.
import { z } from 'zod';
import { FIRING_OUTCOMES } from './alarm-firing';
import { FADE_IN_CHOICES, SLEEP_TIMER_CHOICES } from './alarm-extras';
import { CLOUD_ALARM_DEFAULT_VOLUME } from './cloud-alarm-rules';
import { DAY_MASK_PATTERN } from './cloud-next-fire';
import { ALARM_TYPES, DEFAULT_DEVICE_TYPE } from '../shared/constants';
import { isValidTimeZone } from '../alarms/local-time';
import { parseLocalDate } from '../alarms/skip-pause';

// The schema-free rules live in cloud-alarm-rules.ts (the web app loads them without this module's zod).
export { defaultCloudAlarmName } from './cloud-alarm-rules';

const required = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);
const optionalText = (field: string, max = 200) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number from ${min} to ${max}` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be from ${min} to ${max}`)
    .max(max, `${field} must be from ${min} to ${max}`);

const alarmTypeSchema = z.enum(ALARM_TYPES, { error: 'alarm_type must be wakeup or bedtime' });
export type CloudAlarmType = z.infer<typeof alarmTypeSchema>;

/** The Monday-first day mask, as on the player: `1111100` is Monday to Friday. */
const cloudDaysSchema = z
  .string({ error: 'days must be a 7-character day mask such as "1111100" (Monday first)' })
  .regex(DAY_MASK_PATTERN, 'days must be a 7-character day mask such as "1111100" (Monday first)')
  .refine((mask) => mask.includes('1'), 'days must select at least one day');

/**
 * Accepted for compatibility with older clients' uploads, never trusted or stored: the server fires
 * through its own broker with the user's own session.
 */
const mqttConfigSchema = z.object(
  {
    broker_url: z.string({ error: 'mqtt_config.broker_url must be text' }).optional(),
    client_id: z.string({ error: 'mqtt_config.client_id must be text' }).optional(),
    device_id: z.string({ error: 'mqtt_config.device_id must be text' }).optional(),
    access_token: z.string({ error: 'mqtt_config.access_token must be text' }).optional(),
  },
  { error: 'mqtt_config must be an object' },
);

/** A `yoto_user_id` in a body or query: optional, and when present it must be the caller's. */
const claimedUserId = required('yoto_user_id').optional();

/** A cloud alarm's extras (alarm-extras.ts): null is off; each applies to its alarm type only. */
const oneOf = (field: string, choices: readonly number[]) =>
  z
    .number({ error: `${field} must be one of ${choices.join(', ')}` })
    .refine((value) => choices.includes(value), `${field} must be one of ${choices.join(', ')}`);
const extrasFields = {
  fade_in_minutes: oneOf('fade_in_minutes', FADE_IN_CHOICES).nullish(),
  sleep_timer_minutes: oneOf('sleep_timer_minutes', SLEEP_TIMER_CHOICES).nullish(),
  night_light: z.boolean({ error: 'night_light must be true or false' }).nullish(),
};

const alarmFields = {
  yoto_device_id: required('yoto_device_id'),
  device_name: optionalText('device_name'),
  alarm_name: optionalText('alarm_name', 100),
  alarm_type: alarmTypeSchema,
  playlist_id: required('playlist_id'),
  playlist_name: optionalText('playlist_name'),
  hour: wholeNumber('hour', 0, 23),
  minute: wholeNumber('minute', 0, 59),
  days: cloudDaysSchema,
  volume: wholeNumber('volume', 1, 10),
  is_enabled: z.boolean({ error: 'is_enabled must be true or false' }),
  mqtt_config: mqttConfigSchema.nullish(),
  ...extrasFields,
};

const bodyObject = { error: 'the request body must be a JSON object' };

/** POST /api/alarms and the upload POST /api/alarms/by-type. */
export const cloudAlarmCreateSchema = z.object(
  {
    yoto_user_id: claimedUserId,
    ...alarmFields,
    device_name: alarmFields.device_name.default(''),
    alarm_name: alarmFields.alarm_name.optional(),
    playlist_name: alarmFields.playlist_name.default(''),
    volume: alarmFields.volume.default(CLOUD_ALARM_DEFAULT_VOLUME),
    is_enabled: alarmFields.is_enabled.default(true),
  },
  bodyObject,
);
export type CloudAlarmCreate = z.infer<typeof cloudAlarmCreateSchema>;

/** PUT /api/alarms/{id}: any of the alarm fields, at least one. */
export const cloudAlarmUpdateSchema = z
  .object({ yoto_user_id: claimedUserId, ...alarmFields }, bodyObject)
  .partial()
  .refine(
    (patch) => Object.keys(patch).some((key) => key !== 'yoto_user_id' && key !== 'mqtt_config'),
    'nothing to update: send at least one alarm field',
  );
export type CloudAlarmUpdate = z.infer<typeof cloudAlarmUpdateSchema>;

/** A stored cloud alarm as the backend answers it (never with mqtt_config or a token). */
export const cloudAlarmSchema = z.object({
  id: z.string(),
  yoto_user_id: z.string(),
  yoto_device_id: z.string(),
  device_name: z.string(),
  alarm_name: z.string(),
  alarm_type: alarmTypeSchema,
  playlist_id: z.string(),
  playlist_name: z.string(),
  hour: z.number().int(),
  minute: z.number().int(),
  days: z.string(),
  volume: z.number().int(),
  is_enabled: z.boolean(),
  /** UTC ISO instant of the next firing in the user's time zone; null when disabled. */
  next_fire_at: z.string().nullable(),
  /** The receipt of the last firing: its due instant (UTC ISO), null before the first. */
  last_fired_at: z.string().nullable(),
  /** How it went; null while it is still firing (or never fired). */
  last_outcome: z.enum(FIRING_OUTCOMES).nullable(),
  /** When that outcome was recorded. */
  last_outcome_at: z.string().nullable(),
  /** The skipped ringing (UTC ISO), null when none; inert once passed (skip-pause.ts). */
  skip_until: z.string().nullable().default(null),
  /** The pause's last silent day, YYYY-MM-DD in the user's zone; null when none. */
  paused_through: z.string().nullable().default(null),
  /** The extras; older servers leave them out. */
  fade_in_minutes: z.number().int().nullish(),
  sleep_timer_minutes: z.number().int().nullish(),
  night_light: z.boolean().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CloudAlarm = z.infer<typeof cloudAlarmSchema>;

/**
 * POST /api/users: the profile only. Older clients' access_token, refresh_token and token_expires_at are
 * accepted and dropped (not in the schema, so zod strips them): tokens are never stored from here.
 */
export const cloudUserSchema = z.object(
  {
    yoto_user_id: claimedUserId,
    email: optionalText('email').nullish(),
    name: optionalText('name').nullish(),
    timezone: optionalText('timezone', 64)
      .refine(
        (zone) => zone === '' || isValidTimeZone(zone),
        'timezone must be an IANA time zone such as "Europe/London"',
      )
      .nullish(),
  },
  bodyObject,
);

/** The user record as the backend answers it: no token of any kind. */
export const cloudUserRecordSchema = z.object({
  yoto_user_id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  timezone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CloudUserRecord = z.infer<typeof cloudUserRecordSchema>;

/** POST /api/devices. */
export const cloudDeviceSchema = z.object(
  {
    yoto_user_id: claimedUserId,
    yoto_device_id: required('yoto_device_id'),
    device_name: optionalText('device_name').default(''),
    device_type: optionalText('device_type', 64).default(DEFAULT_DEVICE_TYPE),
  },
  bodyObject,
);

export const cloudDeviceRecordSchema = z.object({
  yoto_user_id: z.string(),
  yoto_device_id: z.string(),
  device_name: z.string(),
  device_type: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CloudDeviceRecord = z.infer<typeof cloudDeviceRecordSchema>;

/** Query `?yoto_user_id=` and bodies that carry only it (delete-all). */
export const userIdSchema = z.object({ yoto_user_id: claimedUserId }, bodyObject);
/** POST /api/alarms/delete-by-type. */
export const alarmTypeBodySchema = z.object(
  { yoto_user_id: claimedUserId, alarm_type: alarmTypeSchema },
  bodyObject,
);
/** Path `{type}` of /api/alarms/by-type/{type}. */
export const alarmTypeParamSchema = z.object({ type: alarmTypeSchema });

const alarmCountsSchema = z.object({
  total: z.number().int().min(0),
  wakeup: z.number().int().min(0),
  bedtime: z.number().int().min(0),
});
export type AlarmCounts = z.infer<typeof alarmCountsSchema>;

/** GET /api/alarms. */
export const cloudAlarmListSchema = z.object({
  alarms: z.array(cloudAlarmSchema),
  counts: alarmCountsSchema,
});
export type CloudAlarmList = z.infer<typeof cloudAlarmListSchema>;

/** GET /api/devices. */
export const cloudDeviceListSchema = z.object({ devices: z.array(cloudDeviceRecordSchema) });

/** POST /api/alarms/{id}/pause: the last silent day, today or later in the user's zone. */
export const pauseBodySchema = z.object(
  {
    yoto_user_id: claimedUserId,
    through: z
      .string({ error: 'through must be a date such as 2026-08-03' })
      .refine((text) => parseLocalDate(text) !== null, 'through must be a date such as 2026-08-03'),
  },
  bodyObject,
);

/** Every delete answers how many alarms it removed. */
export const deletedCountSchema = z.object({ deleted: z.number().int().min(0) });

/** Every error answer of the backend: `{ "error": "…" }`. */
export const errorBodySchema = z.object({ error: z.string() });

/** One line naming each bad field, for a 400 answer. */
export const describeZodError = (error: z.ZodError): string =>
  error.issues.map((issue) => issue.message).join('; ');
