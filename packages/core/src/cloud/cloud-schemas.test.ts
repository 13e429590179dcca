import { describe, expect, it } from 'vitest';
import {
  alarmTypeBodySchema,
  alarmTypeParamSchema,
  cloudAlarmCreateSchema,
  cloudAlarmUpdateSchema,
  cloudDeviceSchema,
  cloudUserSchema,
  defaultCloudAlarmName,
  describeZodError,
} from './cloud-schemas';
import { daysToMask, maskToDays } from './cloud-alarm-rules';

const alarm = {
  yoto_user_id: 'auth0|demo-parent',
  yoto_device_id: 'demo-player-1',
  alarm_type: 'wakeup',
  playlist_id: 'c1',
  hour: 7,
  minute: 0,
  days: '1000100',
};

const errorOf = (result: { success: boolean; error?: Parameters<typeof describeZodError>[0] }) =>
  result.error ? describeZodError(result.error) : null;

describe('cloud alarm payload', () => {
  it('accepts a minimal alarm and fills defaults (volume level 7 = 70 %, enabled)', () => {
    expect(cloudAlarmCreateSchema.parse(alarm)).toEqual({
      ...alarm,
      device_name: '',
      playlist_name: '',
      volume: 7,
      is_enabled: true,
    });
  });
  it('alarm_type is wakeup or bedtime', () => {
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, alarm_type: 'nap' }))).toBe(
      'alarm_type must be wakeup or bedtime',
    );
  });
  it('hour 0–23 and minute 0–59, whole numbers', () => {
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, hour: 24 }))).toBe(
      'hour must be from 0 to 23',
    );
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, minute: -1 }))).toBe(
      'minute must be from 0 to 59',
    );
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, minute: 1.5 }))).toBe(
      'minute must be a whole number',
    );
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, hour: '7' }))).toBe(
      'hour must be a number from 0 to 23',
    );
  });
  it('days: the 7-character mask, Monday first, with at least one day', () => {
    expect(cloudAlarmCreateSchema.parse({ ...alarm, days: '1111100' }).days).toBe('1111100');
    const bad = 'days must be a 7-character day mask such as "1111100" (Monday first)';
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, days: '111110' }))).toBe(bad);
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, days: '11111a0' }))).toBe(bad);
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, days: ['monday'] }))).toBe(bad);
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, days: '0000000' }))).toBe(
      'days must select at least one day',
    );
  });
  it('day names and the mask convert both ways, Monday first', () => {
    expect(daysToMask(['sunday', 'monday', 'friday'])).toBe('1000101');
    expect(maskToDays('1111100')).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(maskToDays(daysToMask(['saturday']))).toEqual(['saturday']);
  });
  it('volume on the alarm scale 1–10', () => {
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, volume: 70 }))).toBe(
      'volume must be from 1 to 10',
    );
  });
  it('names missing required fields', () => {
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, yoto_device_id: ' ' }))).toBe(
      'yoto_device_id is required',
    );
    const { playlist_id: _omit, ...rest } = alarm;
    expect(errorOf(cloudAlarmCreateSchema.safeParse(rest))).toBe('playlist_id is required');
  });
  it('mqtt_config is accepted (for compatibility) when its fields are text', () => {
    const mqtt_config = { broker_url: 'wss://b', client_id: 'DASHx', device_id: 'd', access_token: 't' };
    expect(cloudAlarmCreateSchema.parse({ ...alarm, mqtt_config }).mqtt_config).toEqual(mqtt_config);
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, mqtt_config: { client_id: 5 } }))).toBe(
      'mqtt_config.client_id must be text',
    );
  });
  it('yoto_user_id is optional (the credential says who calls) but not empty', () => {
    const { yoto_user_id: _omit, ...rest } = alarm;
    expect(cloudAlarmCreateSchema.safeParse(rest).success).toBe(true);
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, yoto_user_id: '' }))).toBe(
      'yoto_user_id is required',
    );
  });
  it('a body that is not an object says so', () => {
    expect(errorOf(cloudAlarmCreateSchema.safeParse([1]))).toBe('the request body must be a JSON object');
  });
  it('an update takes any field but not nothing, and sets no defaults', () => {
    expect(cloudAlarmUpdateSchema.parse({ is_enabled: false })).toEqual({ is_enabled: false });
    expect(errorOf(cloudAlarmUpdateSchema.safeParse({}))).toBe(
      'nothing to update: send at least one alarm field',
    );
    expect(errorOf(cloudAlarmUpdateSchema.safeParse({ yoto_user_id: 'u' }))).toBe(
      'nothing to update: send at least one alarm field',
    );
    expect(errorOf(cloudAlarmUpdateSchema.safeParse({ hour: 30 }))).toBe('hour must be from 0 to 23');
  });
});

describe('cloud user and device records', () => {
  it('user: the profile is kept, tokens are dropped, the time zone must be real', () => {
    const parsed = cloudUserSchema.parse({
      yoto_user_id: 'u',
      access_token: 't',
      refresh_token: 'r',
      token_expires_at: 1,
      timezone: 'Europe/London',
    });
    expect(parsed).toEqual({ yoto_user_id: 'u', timezone: 'Europe/London' });
    expect(errorOf(cloudUserSchema.safeParse({ timezone: 'Europe/Nowhere' }))).toBe(
      'timezone must be an IANA time zone such as "Europe/London"',
    );
  });
  it("device type defaults to 'yoto'", () => {
    expect(cloudDeviceSchema.parse({ yoto_user_id: 'u', yoto_device_id: 'd' })).toEqual({
      yoto_user_id: 'u',
      yoto_device_id: 'd',
      device_name: '',
      device_type: 'yoto',
    });
  });
  it('by-type body and path', () => {
    expect(alarmTypeBodySchema.parse({ yoto_user_id: 'u', alarm_type: 'bedtime' }).alarm_type).toBe(
      'bedtime',
    );
    expect(alarmTypeParamSchema.safeParse({ type: 'snooze' }).success).toBe(false);
  });
});

describe('cloud rules', () => {
  it('default name: the playlist name, else "{Type} Alarm H:MM"', () => {
    expect(defaultCloudAlarmName('wakeup', 7, 5, 'Morning Songs')).toBe('Morning Songs');
    expect(defaultCloudAlarmName('wakeup', 7, 5)).toBe('Wakeup Alarm 7:05');
    expect(defaultCloudAlarmName('bedtime', 19, 30, '  ')).toBe('Bedtime Alarm 19:30');
  });
});
