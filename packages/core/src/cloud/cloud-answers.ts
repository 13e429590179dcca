// The backend's cloud answers as the web app checks them, in zod/mini like the app's other edges
// (see cloud-alarm-rules.ts for why). cloud-answers.test.ts pins them to cloud-schemas' answers.
import * as z from 'zod/mini';
import { ALARM_TYPES, FIRING_OUTCOMES } from '../shared/constants';

const alarmType = z.enum(ALARM_TYPES);

export const cloudAlarmAnswer = z.object({
  id: z.string(),
  yoto_user_id: z.string(),
  yoto_device_id: z.string(),
  device_name: z.string(),
  alarm_name: z.string(),
  alarm_type: alarmType,
  playlist_id: z.string(),
  playlist_name: z.string(),
  hour: z.number(),
  minute: z.number(),
  days: z.string(),
  volume: z.number(),
  is_enabled: z.boolean(),
  next_fire_at: z.nullable(z.string()),
  // The last firing's receipt (the alarm worker's).
  last_fired_at: z.nullable(z.string()),
  last_outcome: z.nullable(z.enum(FIRING_OUTCOMES)),
  last_outcome_at: z.nullable(z.string()),
  // Skip next and pause (skip-pause.ts); absent from an older server's answer.
  skip_until: z._default(z.nullable(z.string()), null),
  paused_through: z._default(z.nullable(z.string()), null),
  // The extras (fade in, sleep timer, night light); an older server leaves them out.
  fade_in_minutes: z.optional(z.nullable(z.number())),
  sleep_timer_minutes: z.optional(z.nullable(z.number())),
  night_light: z.optional(z.nullable(z.boolean())),
  created_at: z.string(),
  updated_at: z.string(),
});

export const cloudAlarmListAnswer = z.object({
  alarms: z.array(cloudAlarmAnswer),
  counts: z.object({ total: z.number(), wakeup: z.number(), bedtime: z.number() }),
});

export const cloudUserAnswer = z.object({
  yoto_user_id: z.string(),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  timezone: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

export const cloudDeviceAnswer = z.object({
  yoto_user_id: z.string(),
  yoto_device_id: z.string(),
  device_name: z.string(),
  device_type: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const deletedAnswer = z.object({ deleted: z.number() });

/** POST /api/alarms/{id}/trigger's answer when this request fired the alarm (alarm-firing-schemas). */
export const triggerAnswer = z.object({
  alarm_id: z.string(),
  due_at: z.string(),
  outcome: z.enum(FIRING_OUTCOMES),
  outcome_at: z.string(),
  next_fire_at: z.nullable(z.string()),
});
