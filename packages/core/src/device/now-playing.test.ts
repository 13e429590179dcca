import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODAL_GAUGE,
  MODAL_GAUGE_SEGMENTS,
  initialModalVolume,
  modalVolumePayload,
  modalVolumeReducer,
  nowPlayingTitle,
  reportedModalGauge,
  trackTime,
} from './now-playing';
import type { ModalVolumeState } from './now-playing';

describe('now-playing modal', () => {
  it('is titled after the device', () => {
    expect(nowPlayingTitle('Bedroom Player')).toBe('Now Playing on Bedroom Player');
  });
  it('shows track times as m:ss', () => {
    expect(trackTime(65)).toBe('1:05');
    expect(trackTime(0)).toBe('0:00');
    expect(trackTime(undefined)).toBe('0:00');
    expect(trackTime(3599.9)).toBe('59:59');
  });
});

describe('modal gauge: 10 segments, 1-3 red, 4-6 amber, 7-10 green; value × 10 sent', () => {
  it('colours the segments', () => {
    expect(MODAL_GAUGE_SEGMENTS.map((s) => s.colour)).toEqual([
      'red',
      'red',
      'red',
      'amber',
      'amber',
      'amber',
      'green',
      'green',
      'green',
      'green',
    ]);
    expect(MODAL_GAUGE_SEGMENTS.map((s) => s.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('sends the level times ten; mute sends 0', () => {
    expect(modalVolumePayload(7)).toEqual({ volume: 70 });
    expect(modalVolumePayload(0)).toEqual({ volume: 0 });
    expect(modalVolumePayload(10)).toEqual({ volume: 100 });
  });
  it('starts at the default 70, level 7', () => {
    expect(DEFAULT_MODAL_GAUGE).toBe(7);
    expect(initialModalVolume.gauge).toBe(7);
  });
  it("reads the player's volume on its 0–16 scale, whatever its limit", () => {
    expect(reportedModalGauge({ volume: 8 })).toBe(5);
    expect(reportedModalGauge({ volume: 16 })).toBe(10);
    expect(reportedModalGauge({ volume: 0 })).toBe(0);
    // Under a limit of 13 the top is 13 of 16, level 8, not the whole gauge.
    expect(reportedModalGauge({ volume: 13 })).toBe(8);
    expect(reportedModalGauge({})).toBeNull();
  });
  it('a level sent to a 16-step player reads back as the same level, rounding or truncating', () => {
    for (let level = 0; level <= 10; level += 1) {
      const percent = modalVolumePayload(level).volume;
      expect(reportedModalGauge({ volume: Math.round((percent / 100) * 16) })).toBe(level);
      expect(reportedModalGauge({ volume: Math.floor((percent / 100) * 16) })).toBe(level);
    }
  });
});

describe('modal volume: device reports ignored while a change is pending or in flight', () => {
  const run = (state: ModalVolumeState, ...actions: Parameters<typeof modalVolumeReducer>[1][]) =>
    actions.reduce(modalVolumeReducer, state);

  it('adopts reports when idle', () => {
    expect(run(initialModalVolume, { type: 'reported', gauge: 3 }).gauge).toBe(3);
  });
  it('a user change shows at once and holds off reports until settled', () => {
    const changed = run(initialModalVolume, { type: 'change', gauge: 2 });
    expect(changed).toEqual({ gauge: 2, pending: true, inFlight: false, max: 10 });
    expect(run(changed, { type: 'reported', gauge: 7 }).gauge).toBe(2);
    const sent = run(changed, { type: 'sent' });
    expect(sent).toEqual({ gauge: 2, pending: false, inFlight: true, max: 10 });
    expect(run(sent, { type: 'reported', gauge: 7 }).gauge).toBe(2);
    expect(run(sent, { type: 'settled' }, { type: 'reported', gauge: 7 }).gauge).toBe(7);
  });
  it('a change made while in flight stays pending after the first send settles', () => {
    const state = run(
      initialModalVolume,
      { type: 'change', gauge: 2 },
      { type: 'sent' },
      { type: 'change', gauge: 9 },
      { type: 'settled' },
      { type: 'reported', gauge: 2 },
    );
    expect(state).toEqual({ gauge: 9, pending: true, inFlight: false, max: 10 });
  });
  it('under a limit a change stops at the last level within it; a lower limit brings the gauge down', () => {
    const limited = run(initialModalVolume, { type: 'limit', max: 5 });
    expect(limited.gauge).toBe(5);
    expect(run(limited, { type: 'change', gauge: 9 }).gauge).toBe(5);
    expect(run(limited, { type: 'change', gauge: 3 }).gauge).toBe(3);
    expect(run(limited, { type: 'limit', max: 10 }, { type: 'change', gauge: 9 }).gauge).toBe(9);
  });
  it('clamps to 0-10', () => {
    expect(run(initialModalVolume, { type: 'change', gauge: 14 }).gauge).toBe(10);
    expect(run(initialModalVolume, { type: 'reported', gauge: -1 }).gauge).toBe(0);
  });
});
