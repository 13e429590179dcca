import { describe, expect, it } from 'vitest';
import { FADE_MIN_STEP_MS, alarmTargetStep, fadeSchedule, isFadeVolume, playerLimitAt } from './fade-in';

describe('fade-in schedule', () => {
  it('is empty for no fade (0 minutes) and when there is nothing to climb', () => {
    expect(fadeSchedule({ startStep: 1, targetStep: 8, minutes: 0 })).toEqual([]);
    expect(fadeSchedule({ startStep: 8, targetStep: 8, minutes: 10 })).toEqual([]);
    expect(fadeSchedule({ startStep: 9, targetStep: 8, minutes: 10 })).toEqual([]);
  });

  it('climbs one whole step at a time, ending on the target at the chosen minute', () => {
    const steps = fadeSchedule({ startStep: 1, targetStep: 8, minutes: 10 });
    expect(steps.map((s) => s.step)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(steps.at(-1)).toEqual({ offsetMs: 10 * 60_000, step: 8 });
    expect(steps[0]?.offsetMs).toBe(Math.round((10 * 60_000) / 7));
    for (const { step } of steps) expect(Number.isInteger(step)).toBe(true);
  });

  it('steps at most every 30 s: a short fade takes bigger whole steps', () => {
    const steps = fadeSchedule({ startStep: 1, targetStep: 16, minutes: 1 });
    expect(steps).toEqual([
      { offsetMs: 30_000, step: 9 },
      { offsetMs: 60_000, step: 16 },
    ]);
    const long = fadeSchedule({ startStep: 1, targetStep: 16, minutes: 5 });
    expect(long).toHaveLength(10);
    long.forEach((s, i) => {
      const previous = i === 0 ? 0 : (long[i - 1]?.offsetMs ?? 0);
      expect(s.offsetMs - previous).toBeGreaterThanOrEqual(FADE_MIN_STEP_MS);
      expect(s.step).toBeGreaterThan(i === 0 ? 1 : (long[i - 1]?.step ?? 0));
    });
    expect(long.at(-1)).toEqual({ offsetMs: 5 * 60_000, step: 16 });
  });

  it('targets the alarm volume as a player step, capped by the limit', () => {
    expect(alarmTargetStep(5, 16)).toBe(8);
    expect(alarmTargetStep(10, 16)).toBe(16);
    expect(alarmTargetStep(10, 6)).toBe(6);
    const capped = fadeSchedule({ startStep: 1, targetStep: alarmTargetStep(10, 6), minutes: 15 });
    expect(Math.max(...capped.map((s) => s.step))).toBe(6);
  });
});

describe("the player's limit for the time of day", () => {
  const config = { dayTime: '07:00', nightTime: '19:00', maxVolumeLimit: '12', nightMaxVolumeLimit: '5' };
  it('is the night limit from nightTime to dayTime in the player zone, else the day limit', () => {
    expect(playerLimitAt(config, 'UTC', Date.parse('2026-11-27T06:30:00Z'))).toBe(5);
    expect(playerLimitAt(config, 'UTC', Date.parse('2026-11-27T07:30:00Z'))).toBe(12);
    expect(playerLimitAt(config, 'Europe/Berlin', Date.parse('2026-11-27T06:30:00Z'))).toBe(12);
  });
  it('is the whole scale when the config says nothing', () => {
    expect(playerLimitAt({}, 'UTC', 0)).toBe(16);
    expect(playerLimitAt({ maxVolumeLimit: '9' }, undefined, 0)).toBe(9);
  });
});

describe('a volume the fade did not set', () => {
  it('is the set step (as the limit holds it), or the one before until the newer one is reported', () => {
    expect(isFadeVolume(4, { current: 4, previous: 3, confirmed: false }, 16)).toBe(true);
    expect(isFadeVolume(3, { current: 4, previous: 3, confirmed: false }, 16)).toBe(true);
    expect(isFadeVolume(3, { current: 4, previous: 3, confirmed: true }, 16)).toBe(false);
    expect(isFadeVolume(6, { current: 9, previous: 5, confirmed: false }, 6)).toBe(true);
    expect(isFadeVolume(10, { current: 4, previous: 3, confirmed: false }, 16)).toBe(false);
  });
});
