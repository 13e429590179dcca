import { describe, expect, it } from 'vitest';
import {
  NO_EXTRAS,
  activeExtras,
  colourPayload,
  extrasBody,
  extrasDraftOf,
  extrasText,
} from './alarm-extras';

describe('cloud alarm extras', () => {
  it('keeps only the extras of the alarm type', () => {
    const all = { fade_in_minutes: 10, sleep_timer_minutes: 30, night_light: true };
    expect(activeExtras({ alarm_type: 'wakeup', ...all })).toEqual({
      fadeMinutes: 10,
      sleepMinutes: 0,
      nightLight: false,
    });
    expect(activeExtras({ alarm_type: 'bedtime', ...all })).toEqual({
      fadeMinutes: 0,
      sleepMinutes: 30,
      nightLight: true,
    });
    expect(activeExtras({ alarm_type: 'bedtime' })).toEqual({
      fadeMinutes: 0,
      sleepMinutes: 0,
      nightLight: false,
    });
  });

  it('says what was done', () => {
    expect(extrasText({ alarm_type: 'wakeup', fade_in_minutes: 10 })).toBe('faded in over 10 min');
    expect(extrasText({ alarm_type: 'bedtime', sleep_timer_minutes: 30, night_light: true })).toBe(
      'sleep timer 30 min, night light on',
    );
    expect(extrasText({ alarm_type: 'wakeup', fade_in_minutes: 0 })).toBe('');
  });

  it('turns a config colour into ambients/set', () => {
    expect(colourPayload('#b34700')).toEqual({ r: 179, g: 71, b: 0 });
    expect(colourPayload('orange')).toBeNull();
    expect(colourPayload(undefined)).toBeNull();
  });
});

describe('the dialog extras', () => {
  it('sends only the type’s own extras, off as null', () => {
    const draft = { fadeMinutes: 10, sleepMinutes: 30, nightLight: true };
    expect(extrasBody('wakeup', draft)).toEqual({
      fade_in_minutes: 10,
      sleep_timer_minutes: null,
      night_light: null,
    });
    expect(extrasBody('bedtime', draft)).toEqual({
      fade_in_minutes: null,
      sleep_timer_minutes: 30,
      night_light: true,
    });
    expect(extrasBody('wakeup', NO_EXTRAS)).toEqual({
      fade_in_minutes: null,
      sleep_timer_minutes: null,
      night_light: null,
    });
  });
  it('starts from the stored alarm', () => {
    expect(extrasDraftOf({ fade_in_minutes: 15, sleep_timer_minutes: null })).toEqual({
      fadeMinutes: 15,
      sleepMinutes: 0,
      nightLight: false,
    });
  });
});
