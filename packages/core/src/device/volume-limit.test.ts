import { describe, expect, it } from 'vitest';
import {
  REAL_EVENTS_VOLUME_MAX_13,
  REAL_EVENTS_VOLUME_MAX_8,
  REAL_VOLUME_DELTAS_MAX_13,
} from '../../test/fixtures/volume-events';
import { mergeEvents, parseDeviceEvents } from './device-messages';
import type { DeviceEvents } from './device-messages';
import {
  gaugeToStep,
  maxGaugeUnder,
  percentToStep,
  stepToGauge,
  stepToPercent,
  volumeLimitOf,
  volumeLimitText,
} from './volume-limit';

const roundingPlayer = (percent: number) => Math.round((percent * 16) / 100);

describe('the player volume scale is 0–16; volumeMax is its limit', () => {
  it('reads real events: volumeMax 13 and 8 are limits, the volume a step of 16', () => {
    const day = parseDeviceEvents(REAL_EVENTS_VOLUME_MAX_13);
    const night = parseDeviceEvents(REAL_EVENTS_VOLUME_MAX_8);
    expect(volumeLimitOf(day?.volumeMax)).toBe(13);
    expect(volumeLimitOf(night?.volumeMax)).toBe(8);
    expect(volumeLimitText(8)).toBe('limit 8 of 16');
    // volume 5 under a limit of 8 is 5 of 16 on the gauge, not 5 of 8 (which would show 63 %).
    expect(stepToGauge(night?.volume ?? -1, 14)).toBe(4);
  });
  it('real volume deltas under a limit of 13 read as steps of 16, the top level within 13 being 11', () => {
    let merged: DeviceEvents | null = parseDeviceEvents(REAL_EVENTS_VOLUME_MAX_13);
    const levels: number[] = [];
    for (const delta of REAL_VOLUME_DELTAS_MAX_13) {
      const parsed = parseDeviceEvents(delta);
      merged = merged && parsed ? mergeEvents(merged, parsed) : merged;
      levels.push(stepToGauge(merged?.volume ?? -1, 14));
    }
    // 9, 10, 8, 6, 7 of 16 on the 14-level gauge (read as "of 13" they would be 10, 11, 9, 6, 8).
    expect(levels).toEqual([8, 9, 7, 5, 6]);
    expect(maxGaugeUnder(volumeLimitOf(merged?.volumeMax), 14)).toBe(11);
  });
  it('a missing or odd limit is the whole scale; out-of-range ones are held to it', () => {
    expect(volumeLimitOf(undefined)).toBe(16);
    expect(volumeLimitOf(Number.NaN)).toBe(16);
    expect(volumeLimitOf(40)).toBe(16);
    expect(volumeLimitOf(-2)).toBe(0);
  });
  it('volume/set carries a percentage of 16 that lands on the step whether the player rounds or truncates', () => {
    expect(stepToPercent(8)).toBe(50);
    expect(stepToPercent(16)).toBe(100);
    expect(stepToPercent(0)).toBe(0);
    for (let step = 0; step <= 16; step += 1) {
      expect(percentToStep(stepToPercent(step))).toBe(step);
      expect(roundingPlayer(stepToPercent(step))).toBe(step);
    }
  });
  it('a truncating player: 10 → 1, 30 → 4, 50 → 8 (as measured on a v3)', () => {
    expect([10, 20, 30, 40, 50].map(percentToStep)).toEqual([1, 3, 4, 6, 8]);
  });
  it.each([14, 10] as const)(
    'every level of the %i-segment gauge survives level → step → level',
    (segments) => {
      for (let level = 0; level <= segments; level += 1) {
        expect(stepToGauge(gaugeToStep(level, segments), segments)).toBe(level);
      }
    },
  );
  it('the gauges stop at the last level within the limit', () => {
    expect(maxGaugeUnder(8, 14)).toBe(7);
    expect(maxGaugeUnder(13, 14)).toBe(11);
    expect(maxGaugeUnder(16, 14)).toBe(14);
    expect(maxGaugeUnder(0, 14)).toBe(0);
    expect(maxGaugeUnder(8, 10)).toBe(5);
    for (let limit = 0; limit <= 16; limit += 1) {
      const top = maxGaugeUnder(limit, 14);
      expect(gaugeToStep(top, 14)).toBeLessThanOrEqual(limit);
      if (top < 14) expect(gaugeToStep(top + 1, 14)).toBeGreaterThan(limit);
    }
  });
});
