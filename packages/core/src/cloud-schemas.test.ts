import { describe, expect, it } from 'vitest';
import {
  alarmTypeBodySchema,
  alarmTypeParamSchema,
  canAddCloudAlarm,
  cloudAlarmCreateSchema,
  cloudAlarmSchema,
  cloudAlarmUpdateSchema,
  cloudDeviceSchema,
  cloudUserSchema,
  defaultCloudAlarmName,
  describeZodError,
} from './cloud-schemas';

const alarm = {
  yoto_user_id: 'auth0|demo-parent',
  yoto_device_id: 'demo-player-1',
  alarm_type: 'wakeup',
  playlist_id: 'c1',
  hour: 7,
  minute: 0,
  days: ['monday', 'friday'],
};

const errorOf = (result: { success: boolean; error?: Parameters<typeof describeZodError>[0] }) =>
  result.error ? describeZodError(result.error) : null;

describe('SPEC §3/§7 cloud alarm payload', () => {
  it('accepts a minimal alarm and fills defaults (volume level 7 = 70 %, enabled)', () => {
    expect(cloudAlarmCreateSchema.parse(alarm)).toEqual({
      ...alarm,
      device_name: '',
      playlist_name: '',
      volume: 7,
      is_enabled: true,
      mqtt_config: null,
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
  it('days: weekday names, at least one, repeats dropped', () => {
    expect(cloudAlarmCreateSchema.parse({ ...alarm, days: ['monday', 'monday'] }).days).toEqual(['monday']);
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, days: [] }))).toBe(
      'days must name at least one weekday',
    );
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, days: ['Funday'] }))).toBe(
      'days must be weekday names such as "monday"',
    );
    expect(errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, days: '1111100' }))).toBe(
      'days must be a list of weekday names',
    );
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
  it('optional mqtt_config must be complete', () => {
    const mqtt_config = { broker_url: 'wss://b', client_id: 'DASHx', device_id: 'd', access_token: 't' };
    expect(cloudAlarmCreateSchema.parse({ ...alarm, mqtt_config }).mqtt_config).toEqual(mqtt_config);
    expect(
      errorOf(cloudAlarmCreateSchema.safeParse({ ...alarm, mqtt_config: { broker_url: 'x' } })),
    ).toContain('mqtt_config.client_id is required');
  });
  it('an update takes any field but not nothing, and sets no defaults', () => {
    expect(cloudAlarmUpdateSchema.parse({ is_enabled: false })).toEqual({ is_enabled: false });
    expect(errorOf(cloudAlarmUpdateSchema.safeParse({}))).toBe('nothing to update');
    expect(errorOf(cloudAlarmUpdateSchema.safeParse({ hour: 30 }))).toBe('hour must be from 0 to 23');
  });
  it('reads a stored alarm with a numeric id', () => {
    const stored = cloudAlarmSchema.parse({
      ...cloudAlarmCreateSchema.parse(alarm),
      id: 5,
      alarm_name: 'Wakeup Alarm 7:00',
    });
    expect(stored.id).toBe('5');
  });
});

describe('SPEC §3 cloud user and device records', () => {
  it('user needs an id and an access token', () => {
    expect(
      cloudUserSchema.parse({ yoto_user_id: 'u', access_token: 't', timezone: 'Europe/London' }).timezone,
    ).toBe('Europe/London');
    expect(errorOf(cloudUserSchema.safeParse({ yoto_user_id: 'u' }))).toBe('access_token is required');
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

describe('SPEC §9 and §7 cloud rules', () => {
  it('at most 10 cloud alarms per account', () => {
    expect(canAddCloudAlarm(9)).toBe(true);
    expect(canAddCloudAlarm(10)).toBe(false);
  });
  it('default name: the playlist name, else "{Type} Alarm H:MM"', () => {
    expect(defaultCloudAlarmName('wakeup', 7, 5, 'Morning Songs')).toBe('Morning Songs');
    expect(defaultCloudAlarmName('wakeup', 7, 5)).toBe('Wakeup Alarm 7:05');
    expect(defaultCloudAlarmName('bedtime', 19, 30, '  ')).toBe('Bedtime Alarm 19:30');
  });
});
