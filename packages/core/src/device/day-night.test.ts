import { describe, expect, it } from 'vitest';
import { CONFIG_V3 } from '../../test/fixtures/config-v3';
import { durationLabel } from '../texts/day-night-texts';
import {
  OK_TO_WAKE_PRESET,
  addMinutes,
  applyDayNight,
  brightnessChoices,
  brightnessLabel,
  dayNightChanges,
  dayNightDraft,
  dayNightProblems,
  isNightAtMinute,
  isNightNow,
  minuteOfDayIn,
  readDayNight,
  shutdownChoices,
  volumeLimitLabel,
  withOkToWakePreset,
} from './day-night';

const realConfig = CONFIG_V3.device.config;
/** A Mini's block as the sandbox keeps it: the v3's without the light, for the family rule. */
const { ambientColour: _a, nightAmbientColour: _n, ...miniConfig } = realConfig;

describe('day and night: reading what a player keeps', () => {
  it("reads a real v3's config, every field as the text it holds", () => {
    expect(readDayNight(realConfig, { hasLight: true })).toEqual({
      dayTime: '06:30',
      nightTime: '18:20',
      ambientColour: '#40bfd9',
      nightAmbientColour: '#f57399',
      maxVolumeLimit: '16',
      nightMaxVolumeLimit: '8',
      dayDisplayBrightness: 'auto',
      nightDisplayBrightness: '100',
      shutdownTimeout: '3600',
    });
  });
  it('a Mini has no light: its colours are left out even when its block carries them', () => {
    const settings = readDayNight(realConfig, { hasLight: false });
    expect(settings).not.toHaveProperty('ambientColour');
    expect(settings).not.toHaveProperty('nightAmbientColour');
    expect(settings.dayTime).toBe('06:30');
  });
  it('a field the block lacks, or holds in a shape we cannot read, is absent', () => {
    const settings = readDayNight(
      { ...miniConfig, nightTime: '7pm', shutdownTimeout: null },
      { hasLight: true },
    );
    expect(settings).not.toHaveProperty('ambientColour');
    expect(settings).not.toHaveProperty('nightTime');
    expect(settings).not.toHaveProperty('shutdownTimeout');
  });
  it('a number is read as its text', () => {
    expect(readDayNight({ maxVolumeLimit: 12, shutdownTimeout: 600 }, { hasLight: true })).toEqual({
      maxVolumeLimit: '12',
      shutdownTimeout: '600',
    });
  });
});

describe('day and night: the delta of a config write', () => {
  const before = readDayNight(realConfig, { hasLight: true });

  it('only the fields the parent changed are written; everything else stays byte for byte', () => {
    const draft = { ...before, nightTime: '19:00', nightAmbientColour: '#b34700' };
    const changes = dayNightChanges(before, draft);
    expect(changes).toEqual({ nightTime: '19:00', nightAmbientColour: '#b34700' });
    const written = applyDayNight(realConfig, changes);
    expect(JSON.stringify({ ...written, nightTime: '18:20', nightAmbientColour: '#f57399' })).toBe(
      JSON.stringify(realConfig),
    );
    expect(Object.keys(written)).toEqual(Object.keys(realConfig));
  });
  it('the change applies to the block as read at write time, not as first shown', () => {
    const changes = dayNightChanges(before, { ...before, dayTime: '07:15' });
    const meanwhile = { ...realConfig, alarms: ['1111100,0730,5WsQg,,,6,1'], maxVolumeLimit: '10' };
    expect(applyDayNight(meanwhile, changes)).toEqual({ ...meanwhile, dayTime: '07:15' });
  });
  it("a field the player lacks is never written, even when a draft has it (a Mini's colours)", () => {
    const mini = readDayNight(miniConfig, { hasLight: false });
    const changes = dayNightChanges(mini, { ...mini, ambientColour: '#00ff00' });
    expect(changes).toEqual({});
    expect(applyDayNight(miniConfig, { ambientColour: '#00ff00' })).toEqual(miniConfig);
  });
  it('the same colour in other capitals is no change', () => {
    expect(dayNightChanges(before, { ...before, ambientColour: '#40BFD9' })).toEqual({});
  });
  it('a number stays a number', () => {
    expect(applyDayNight({ maxVolumeLimit: 16 }, { maxVolumeLimit: '9' })).toEqual({ maxVolumeLimit: 9 });
  });
});

describe('day and night: checks of a draft', () => {
  it('says what is wrong, field by field', () => {
    expect(
      dayNightProblems({
        dayTime: '7:00',
        ambientColour: 'green',
        maxVolumeLimit: '17',
        shutdownTimeout: 'x',
      }),
    ).toEqual({
      dayTime: 'A time like 07:00',
      ambientColour: 'A colour like #40bfd9',
      maxVolumeLimit: 'A level from 0 to 16',
      shutdownTimeout: 'A number of seconds',
    });
    expect(dayNightProblems({ nightDisplayBrightness: '101' })).toEqual({
      nightDisplayBrightness: 'Auto, or a level from 0 to 100',
    });
  });
  it('day and night cannot start at the same minute', () => {
    expect(dayNightProblems({ dayTime: '07:00', nightTime: '07:00' })).toEqual({
      nightTime: 'Day and night cannot start at the same time',
    });
  });
  it('a real config has none', () => {
    expect(dayNightProblems(readDayNight(realConfig, { hasLight: true }))).toEqual({});
  });
});

describe('the OK-to-wake preset', () => {
  it('stay in bed in dim orange from 19:00, time to get up in green from 07:00', () => {
    expect(OK_TO_WAKE_PRESET).toEqual({
      nightTime: '19:00',
      dayTime: '07:00',
      nightAmbientColour: '#b34700',
      ambientColour: '#22c55e',
    });
    expect(dayNightProblems(OK_TO_WAKE_PRESET)).toEqual({});
  });
  it('fills the fields the player keeps and leaves the others', () => {
    const draft = readDayNight(realConfig, { hasLight: true });
    expect(withOkToWakePreset(draft)).toEqual({ ...draft, ...OK_TO_WAKE_PRESET });
    const mini = readDayNight(miniConfig, { hasLight: false });
    expect(withOkToWakePreset(mini)).toEqual({ ...mini, dayTime: '07:00', nightTime: '19:00' });
  });
});

describe('is it night now', () => {
  const preset = { dayTime: '07:00', nightTime: '19:00' };
  it('night runs from nightTime up to dayTime, across midnight', () => {
    expect(isNightAtMinute(preset, 6 * 60 + 59)).toBe(true);
    expect(isNightAtMinute(preset, 7 * 60)).toBe(false);
    expect(isNightAtMinute(preset, 18 * 60 + 59)).toBe(false);
    expect(isNightAtMinute(preset, 19 * 60)).toBe(true);
    expect(isNightAtMinute(preset, 0)).toBe(true);
  });
  it('a night that starts after midnight and ends before day (a night shift) works too', () => {
    const odd = { dayTime: '10:00', nightTime: '02:00' };
    expect(isNightAtMinute(odd, 1 * 60)).toBe(false);
    expect(isNightAtMinute(odd, 3 * 60)).toBe(true);
    expect(isNightAtMinute(odd, 10 * 60)).toBe(false);
  });
  it('equal times mean no night', () => {
    expect(isNightAtMinute({ dayTime: '07:00', nightTime: '07:00' }, 3 * 60)).toBe(false);
  });
  it("reads the player's own clock: 20:30 in London is 15:30 in New York", () => {
    const at = Date.UTC(2026, 0, 15, 20, 30);
    expect(minuteOfDayIn('Europe/London', at)).toBe(20 * 60 + 30);
    expect(minuteOfDayIn('America/New_York', at)).toBe(15 * 60 + 30);
    expect(isNightNow(preset, 'Europe/London', at)).toBe(true);
    expect(isNightNow(preset, 'America/New_York', at)).toBe(false);
  });
  it('summer time moves the clock: 18:30 UTC in July is 19:30 in London', () => {
    expect(isNightNow(preset, 'Europe/London', Date.UTC(2026, 6, 15, 18, 30))).toBe(true);
  });
  it('minutes round the clock', () => {
    expect(addMinutes('23:59', 2)).toBe('00:01');
    expect(addMinutes('00:00', -1)).toBe('23:59');
  });
});

describe('day and night: labels', () => {
  it('volume limits on the 0–16 scale', () => {
    expect(volumeLimitLabel('8')).toBe('8 of 16');
  });
  it('brightness', () => {
    expect(brightnessLabel('auto')).toBe('Auto');
    expect(brightnessLabel('60')).toBe('60 %');
    expect(brightnessChoices('55')).toContain('55');
    expect(brightnessChoices('auto')[0]).toBe('auto');
  });
  it('idle switch-off', () => {
    expect(durationLabel('3600')).toBe('1 hour');
    expect(durationLabel('7200')).toBe('2 hours');
    expect(durationLabel('600')).toBe('10 minutes');
    expect(durationLabel('45')).toBe('45 seconds');
    expect(shutdownChoices('45')).toEqual(['45', '300', '600', '900', '1800', '3600', '7200']);
  });
});

describe('day and night: Save', () => {
  const before = readDayNight(realConfig, { hasLight: true });
  it('is on when something changed and nothing is wrong', () => {
    expect(dayNightDraft(before, before).canSave).toBe(false);
    expect(dayNightDraft(before, { ...before, dayTime: '07:00' })).toEqual({
      changes: { dayTime: '07:00' },
      problems: {},
      canSave: true,
    });
    expect(dayNightDraft(before, { ...before, dayTime: '' }).canSave).toBe(false);
  });
});
