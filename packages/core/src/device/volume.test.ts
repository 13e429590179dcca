import { describe, expect, it } from 'vitest';
import type { GaugeColour, VolumeBand } from './volume';
import {
  VOLUME_BAND_LABELS,
  alarmLevelToPercent,
  deviceVolumeDisplay,
  gaugeBand,
  gaugeSegmentColour,
  gaugeToPercent,
  modalGaugeToPercent,
  stepGauge,
  deviceToGauge,
  percentToModalGauge,
} from './volume';
import { percentToStep } from './volume-limit';

describe('remote gauge 0–14 sends the percentage of 16 of its step (a player truncates)', () => {
  it.each([
    [0, 0],
    [1, 7],
    [5, 38],
    [7, 50],
    [10, 69],
    [13, 94],
    [14, 100],
  ])('gauge %i → %i', (gauge, percent) => expect(gaugeToPercent(gauge)).toBe(percent));
  it('clamps out-of-range gauge values', () => {
    expect(gaugeToPercent(20)).toBe(100);
    expect(gaugeToPercent(-3)).toBe(0);
  });
  it('round-trips every segment through the step a truncating player takes', () => {
    expect(deviceToGauge(percentToStep(50))).toBe(7);
    for (let g = 0; g <= 14; g += 1) expect(deviceToGauge(percentToStep(gaugeToPercent(g)))).toBe(g);
  });
});

describe('Quieter and Louder step the remote gauge by one segment', () => {
  it('steps down and up, held within 0–14', () => {
    expect(stepGauge(7, -1)).toBe(6);
    expect(stepGauge(7, 1)).toBe(8);
    expect(stepGauge(0, -1)).toBe(0);
    expect(stepGauge(14, 1)).toBe(14);
  });
  it('Louder stops at the level the player limit allows', () => {
    expect(stepGauge(7, 1, 7)).toBe(7);
  });
});

describe('player modal: volume sent is gauge value times 10', () => {
  it('multiplies by 10 and inverts', () => {
    expect(modalGaugeToPercent(0)).toBe(0);
    expect(modalGaugeToPercent(7)).toBe(70);
    expect(modalGaugeToPercent(10)).toBe(100);
    expect(percentToModalGauge(70)).toBe(7);
    expect(percentToModalGauge(74)).toBe(7);
  });
});

describe('alarm string volume: percent / 10 rounded, 1 to 10', () => {
  it('a cloud alarm volume is shown as the stored value times 10', () => {
    expect(alarmLevelToPercent(7)).toBe(70);
    expect(alarmLevelToPercent(1)).toBe(10);
  });
});

describe('displayed device volume is value/16 with a percentage; volumeMax is the limit, in words', () => {
  it('without a limit', () => {
    expect(deviceVolumeDisplay(8)).toEqual({ text: '8/16', percent: 50, label: '8/16 (50%)' });
    expect(deviceVolumeDisplay(8, 16).label).toBe('8/16 (50%)');
  });
  it('a reported volumeMax is the limit, not the scale', () => {
    expect(deviceVolumeDisplay(6, 13)).toEqual({
      text: '6/16',
      percent: 38,
      label: '6/16 (38%), limit 13 of 16',
    });
  });
  it('a limit of 0 is a limit too', () => {
    expect(deviceVolumeDisplay(0, 0).label).toBe('0/16 (0%), limit 0 of 16');
  });
});

const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

describe('gauge colour bands', () => {
  it('14 segments: 1–4 red, 5–9 amber, 10–14 green', () => {
    const colours = Array.from({ length: 14 }, (_, i) => gaugeSegmentColour(i + 1, 14));
    expect(colours).toEqual([...times(4, 'red'), ...times(5, 'amber'), ...times(5, 'green')]);
  });
  it('10 segments: 1–3 red, 4–6 amber, 7–10 green', () => {
    const colours = Array.from({ length: 10 }, (_, i) => gaugeSegmentColour(i + 1, 10));
    expect(colours).toEqual([...times(3, 'red'), ...times(3, 'amber'), ...times(4, 'green')]);
  });
  it('mute (0) and beyond the gauge have no colour', () => {
    expect(gaugeSegmentColour(0, 14)).toBeNull();
    expect(gaugeSegmentColour(11, 10)).toBeNull();
  });
});

describe('gauge bands carry text as well as colour', () => {
  const bands = (segments: 14 | 10) =>
    Array.from({ length: segments + 1 }, (_, level) => VOLUME_BAND_LABELS[gaugeBand(level, segments)]);
  it('14 segments: mute, then Quiet on red, Medium on amber, Loud on green', () => {
    expect(bands(14)).toEqual(['Muted', ...times(4, 'Quiet'), ...times(5, 'Medium'), ...times(5, 'Loud')]);
  });
  it('10 segments: mute, then Quiet on red, Medium on amber, Loud on green', () => {
    expect(bands(10)).toEqual(['Muted', ...times(3, 'Quiet'), ...times(3, 'Medium'), ...times(4, 'Loud')]);
  });
  it('names the band of the colour each level lights last', () => {
    const named: Record<GaugeColour, VolumeBand> = { red: 'quiet', amber: 'medium', green: 'loud' };
    for (const segments of [14, 10] as const) {
      for (let level = 1; level <= segments; level += 1) {
        const colour = gaugeSegmentColour(level, segments);
        expect(colour && named[colour]).toBe(gaugeBand(level, segments));
      }
    }
  });
  it('holds out-of-range levels at the ends', () => {
    expect(gaugeBand(-2, 14)).toBe('muted');
    expect(gaugeBand(20, 14)).toBe('loud');
    expect(gaugeBand(11, 10)).toBe('loud');
  });
});
