import { describe, expect, it } from 'vitest';
import {
  ALARM_VOLUME_SLIDER,
  DEFAULT_CATEGORY,
  FAMILY_CATEGORY,
  RESTRICTED_CATEGORY,
  DEFAULT_ALARM_TIME,
  LED_PRESETS,
  MAX_CLOUD_ALARMS,
  PAGE_SIZE,
  PLAYER_MODAL_VOLUME,
  REMOTE_VOLUME,
  RSSI,
  SLEEP_TIMER,
  TIMEZONES,
  TIMINGS_MS,
  timezoneChoices,
} from './constants';

describe('constants', () => {
  it('limits', () => {
    expect(PAGE_SIZE).toBe(12);
    expect(MAX_CLOUD_ALARMS).toBe(10);
  });
  it('playlist categories: default MYO, family-library, restricted', () => {
    expect([DEFAULT_CATEGORY, FAMILY_CATEGORY, RESTRICTED_CATEGORY]).toEqual([
      'MYO',
      'family-library',
      'restricted',
    ]);
  });
  it('timings in ms', () => {
    expect(TIMINGS_MS).toEqual({
      statusPoll: 30000,
      firstStatusPoll: 2000,
      alarmPrepare: 300000,
      afterAlarmVolumeSet: 500,
      alarmReschedule: 1000,
      afterMqttConnect: 1000,
      snackbar: 6000,
      tourHighlight: 200,
      bluetoothBanner: 5000,
      mqttConnectTimeout: 10000,
    });
  });
  it('volume controls', () => {
    expect(REMOTE_VOLUME).toMatchObject({ max: 14, default: 7, debounceMs: 800, updatingClearMs: 500 });
    expect(REMOTE_VOLUME).toMatchObject({ forcedSyncMs: 3000, mismatchTolerance: 2 });
    expect(PLAYER_MODAL_VOLUME).toEqual({ default: 70, max: 10, debounceMs: 800, updatingClearMs: 1000 });
    expect(ALARM_VOLUME_SLIDER).toEqual({ min: 10, max: 100, step: 5, default: 70, marks: [10, 50, 100] });
    expect(DEFAULT_ALARM_TIME).toBe('07:00');
  });
  it('sleep timer presets Off, 30m, 1h, 2h; default 30 minutes; RSSI default -80', () => {
    expect(SLEEP_TIMER.presets.map((p) => [p.label, p.minutes])).toEqual([
      ['Off', 0],
      ['30m', 30],
      ['1h', 60],
      ['2h', 120],
    ]);
    expect(SLEEP_TIMER.defaultMinutes).toBe(30);
    expect(RSSI).toEqual({ default: -80, min: -100, max: -30, step: 5 });
  });
  it('LED presets (RGB)', () => {
    expect(LED_PRESETS.map((p) => `${p.name} ${p.r}/${p.g}/${p.b}`)).toEqual([
      'Orange 255/165/0',
      'Red 220/20/60',
      'Green 139/195/74',
      'Blue 135/206/235',
      'Yellow 255/235/59',
      'Purple 200/162/200',
      'White 255/255/255',
      'Off 0/0/0',
    ]);
  });
  it('timezone choices plus the detected one', () => {
    expect(TIMEZONES).toHaveLength(11);
    expect(timezoneChoices('Europe/London')).toEqual([...TIMEZONES]);
    expect(timezoneChoices('Asia/Kolkata').at(-1)).toBe('Asia/Kolkata');
    expect(timezoneChoices(undefined)).toHaveLength(11);
  });
});
