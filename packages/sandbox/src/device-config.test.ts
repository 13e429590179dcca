import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_CONFIG, alarmStringSchema, configUpdateSchema, replaceConfig } from './device-config';

describe('alarm strings', () => {
  it.each([
    '1111100,0700,5WsQg,01,01,6,1',
    // Real strings: yotoplay/examples card-alarm/README.md, bcomnes/yoto-nodejs-client devices.js.
    '1111100,0730,6Mq8g,,,5,1',
    '1111111,1100,5WsQg,,,8',
    '1111100,07:30,6Mq8g,,,5,1',
    '1111100,7:30,6Mq8g,,,5,1',
    '1111111,0600,,,,5,1',
    '0000011,2359,abc,02,03,10,0,extra,more',
  ])('accepts %s', (alarm) => {
    expect(alarmStringSchema.safeParse(alarm).success).toBe(true);
  });

  it.each([
    '',
    '1111100,0700',
    '111110,0700,x,01,01,6,1',
    '1111100,2460,x,01,01,6,1',
    '1111100,07:3,x,01,01,6,1',
    '1111100,24:00,x,01,01,6,1',
    '1111100,0700,a b,01,01,6,1',
    '1111100,0700,x,01,01,17,1',
    '1111100,0700,x,01,01,6,yes',
  ])('refuses %j', (alarm) => {
    expect(alarmStringSchema.safeParse(alarm).success).toBe(false);
  });
});

describe('replaceConfig', () => {
  it('fills every key left out with its default', () => {
    expect(replaceConfig({ nightTime: '20:00' })).toEqual({ ...DEFAULT_DEVICE_CONFIG, nightTime: '20:00' });
  });

  it('refuses unknown keys in an update', () => {
    expect(configUpdateSchema.safeParse({ config: { alarmz: [] } }).success).toBe(false);
  });
});
