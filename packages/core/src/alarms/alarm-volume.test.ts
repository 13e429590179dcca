import { describe, expect, it } from 'vitest';
import { ALARM_VOLUME_SLIDER } from '../shared/constants';
import {
  ALARM_VOLUME_MAPPING_NOTE,
  ALARM_VOLUME_WRITE_MAX,
  alarmPercentToStep,
  alarmStepText,
  alarmVolumeLabel,
  cloudVolumeToStep,
} from './alarm-volume';

describe("alarm volume: the slider's 10–100 % onto the player's alarm levels 1–8", () => {
  it("lands 100 % on Yoto's limit of 8 and 10 % on 1", () => {
    expect(ALARM_VOLUME_WRITE_MAX).toBe(8);
    expect(alarmPercentToStep(ALARM_VOLUME_SLIDER.max)).toBe(8);
    expect(alarmPercentToStep(ALARM_VOLUME_SLIDER.min)).toBe(1);
    expect(alarmPercentToStep(ALARM_VOLUME_SLIDER.default)).toBe(6);
    expect(alarmPercentToStep(50)).toBe(4);
  });
  it('never leaves 1–8 and never goes down as the slider goes up', () => {
    let last = 0;
    for (let percent = ALARM_VOLUME_SLIDER.min; percent <= ALARM_VOLUME_SLIDER.max; percent += 5) {
      const step = alarmPercentToStep(percent);
      expect(step).toBeGreaterThanOrEqual(Math.max(1, last));
      expect(step).toBeLessThanOrEqual(8);
      last = step;
    }
    expect(alarmPercentToStep(500)).toBe(8);
    expect(alarmPercentToStep(-20)).toBe(1);
  });
  it('uses every level from 1 to 8 somewhere on the slider', () => {
    const steps = new Set<number>();
    for (let percent = ALARM_VOLUME_SLIDER.min; percent <= ALARM_VOLUME_SLIDER.max; percent += 5)
      steps.add(alarmPercentToStep(percent));
    expect([...steps].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it("maps a cloud alarm's stored 1–10 as the dialog maps the same percent", () => {
    expect(cloudVolumeToStep(7)).toBe(alarmPercentToStep(70));
    expect(cloudVolumeToStep(10)).toBe(8);
    expect(cloudVolumeToStep(1)).toBe(1);
  });
});

describe('alarm volume: what the dialog and lists say', () => {
  it('names the level the slider writes and where the range lands', () => {
    expect(alarmStepText(70)).toBe('level 6 of 8');
    expect(ALARM_VOLUME_MAPPING_NOTE).toContain('0–16');
    expect(ALARM_VOLUME_MAPPING_NOTE).toContain('100% is level 8');
  });
  it('shows a stored level, and says so when it is above the limit', () => {
    expect(alarmVolumeLabel(6)).toBe('volume 6 of 8');
    expect(alarmVolumeLabel(12)).toBe("volume 12 of 16 (above Yoto's alarm limit of 8)");
    expect(alarmVolumeLabel(0)).toBe('volume 0 (silent)');
  });
});
