// zod schemas of the own backend's payloads (SPEC §3 cloud entities, §7 routes), with messages a person can act on.
import { z } from 'zod';
import { ALARM_TYPES, DEFAULT_DEVICE_TYPE, MAX_CLOUD_ALARMS } from './constants';
import { WEEKDAYS } from './weekdays';

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

export const alarmTypeSchema = z.enum(ALARM_TYPES, { error: 'alarm_type must be wakeup or bedtime' });
export type CloudAlarmType = z.infer<typeof alarmTypeSchema>;

export const weekdaySchema = z.enum(WEEKDAYS, {
  error: 'days must be weekday names such as "monday"',
});

/** Days as weekday names, at least one; repeats are dropped, order kept. */
export const cloudDaysSchema = z
  .array(weekdaySchema, { error: 'days must be a list of weekday names' })
  .min(1, 'days must name at least one weekday')
  .transform((days) => [...new Set(days)]);

/** Stored on the alarm scale 1–10; shown ×10 as a percent (SPEC §5). */
export const CLOUD_ALARM_DEFAULT_VOLUME = 7;

export const mqttConfigSchema = z.object({
  broker_url: required('mqtt_config.broker_url'),
  client_id: required('mqtt_config.client_id'),
  device_id: required('mqtt_config.device_id'),
  access_token: required('mqtt_config.access_token'),
});

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
  mqtt_config: mqttConfigSchema.nullable(),
};

/** POST /api/alarms. */
export const cloudAlarmCreateSchema = z.object({
  yoto_user_id: required('yoto_user_id'),
  ...alarmFields,
  device_name: alarmFields.device_name.default(''),
  alarm_name: alarmFields.alarm_name.optional(),
  playlist_name: alarmFields.playlist_name.default(''),
  volume: alarmFields.volume.default(CLOUD_ALARM_DEFAULT_VOLUME),
  is_enabled: alarmFields.is_enabled.default(true),
  mqtt_config: alarmFields.mqtt_config.default(null),
});
export type CloudAlarmCreate = z.infer<typeof cloudAlarmCreateSchema>;

/** PUT /api/alarms/{id}: any of the alarm fields, at least one. */
export const cloudAlarmUpdateSchema = z
  .object({ yoto_user_id: required('yoto_user_id'), ...alarmFields })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'nothing to update');
export type CloudAlarmUpdate = z.infer<typeof cloudAlarmUpdateSchema>;

/** A stored cloud alarm as the backend answers it. */
export const cloudAlarmSchema = z.object({
  id: z.union([z.string(), z.number().transform(String)]),
  yoto_user_id: z.string(),
  ...alarmFields,
  alarm_name: z.string(),
  device_name: z.string(),
  playlist_name: z.string(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type CloudAlarm = z.infer<typeof cloudAlarmSchema>;

/** POST /api/users. */
export const cloudUserSchema = z.object({
  yoto_user_id: required('yoto_user_id'),
  email: optionalText('email').nullish(),
  name: optionalText('name').nullish(),
  timezone: optionalText('timezone', 64).nullish(),
  access_token: required('access_token'),
  /** ISO date text or epoch seconds. */
  token_expires_at: z
    .union([z.string(), z.number()], { error: 'token_expires_at must be a date or epoch seconds' })
    .nullish(),
  refresh_token: z.string({ error: 'refresh_token must be text' }).nullish(),
});
export type CloudUser = z.infer<typeof cloudUserSchema>;

/** POST /api/devices. */
export const cloudDeviceSchema = z.object({
  yoto_user_id: required('yoto_user_id'),
  yoto_device_id: required('yoto_device_id'),
  device_name: optionalText('device_name').default(''),
  device_type: optionalText('device_type', 64).default(DEFAULT_DEVICE_TYPE),
});
export type CloudDevice = z.infer<typeof cloudDeviceSchema>;

/** Query `?yoto_user_id=` and bodies that carry only it (delete-all). */
export const userIdSchema = z.object({ yoto_user_id: required('yoto_user_id') });
/** POST /api/alarms/by-type and /api/alarms/delete-by-type. */
export const alarmTypeBodySchema = z.object({
  yoto_user_id: required('yoto_user_id'),
  alarm_type: alarmTypeSchema,
});
/** Path `{type}` of /api/alarms/by-type/{type}. */
export const alarmTypeParamSchema = z.object({ type: alarmTypeSchema });

export const alarmCountsSchema = z.object({
  total: z.number().int().min(0),
  wakeup: z.number().int().min(0),
  bedtime: z.number().int().min(0),
});
export type AlarmCounts = z.infer<typeof alarmCountsSchema>;

/** Every error answer of the backend: `{ "error": "…" }`. */
export const errorBodySchema = z.object({ error: z.string() });

/** One line naming each bad field, for a 400 answer. */
export const describeZodError = (error: z.ZodError): string =>
  error.issues.map((issue) => issue.message).join('; ');

/** SPEC §9: at most 10 cloud alarms per account. */
export const canAddCloudAlarm = (existing: number): boolean => existing < MAX_CLOUD_ALARMS;

/** SPEC §7 upload: the playlist's name, else "{Type} Alarm H:MM". */
export function defaultCloudAlarmName(
  type: CloudAlarmType,
  hour: number,
  minute: number,
  playlistName?: string | null,
) {
  const name = playlistName?.trim();
  if (name) return name;
  const label = type.charAt(0).toUpperCase() + type.slice(1);
  return `${label} Alarm ${hour}:${String(minute).padStart(2, '0')}`;
}
