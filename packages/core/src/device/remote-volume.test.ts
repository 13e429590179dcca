import { beforeEach, describe, expect, it } from 'vitest';
import { RemoteVolumeSync, initialRemoteVolume, remoteVolumeStep } from './remote-volume';
import type { RemoteVolumeTimers } from './remote-volume';
import { deviceToGauge, gaugeToPercent } from './volume';

describe('remoteVolumeStep (remote volume control)', () => {
  it('a user change shows at once, raises the flag and (re)starts the 800 ms debounce', () => {
    const { state, effects } = remoteVolumeStep(initialRemoteVolume(), { type: 'user', value: 11 });
    expect(state).toMatchObject({ value: 11, pending: 11, updating: true });
    expect(effects).toContainEqual({ type: 'schedule', timer: 'debounce', ms: 800 });
    expect(effects.some((e) => e.type === 'send')).toBe(false);
  });

  it('the debounce sends the percentage of 16 of the level and schedules the 500 ms flag and the 3 s check', () => {
    const changed = remoteVolumeStep(initialRemoteVolume(), { type: 'user', value: 10 }).state;
    const { state, effects } = remoteVolumeStep(changed, { type: 'elapsed', timer: 'debounce' });
    expect(effects).toEqual([
      { type: 'send', gauge: 10, percent: 69 },
      { type: 'schedule', timer: 'updating', ms: 500 },
      { type: 'schedule', timer: 'forcedSync', ms: 3000 },
    ]);
    expect(state).toMatchObject({ awaited: 10, pending: null, updating: true });
  });

  it('clamps user values to the gauge (mute is 0)', () => {
    expect(remoteVolumeStep(initialRemoteVolume(), { type: 'user', value: 99 }).state.value).toBe(14);
    expect(remoteVolumeStep(initialRemoteVolume(), { type: 'user', value: 0 }).state.value).toBe(0);
  });

  it('adopts the first device report exactly, later ones only beyond the tolerance of 2', () => {
    let state = remoteVolumeStep(initialRemoteVolume(), { type: 'device', value: 6 }).state;
    expect(state.value).toBe(6);
    state = remoteVolumeStep(state, { type: 'device', value: 8 }).state;
    expect(state.value).toBe(6);
    state = remoteVolumeStep(state, { type: 'device', value: 9 }).state;
    expect(state.value).toBe(9);
  });

  it('ignores device reports while updating but remembers them', () => {
    const changed = remoteVolumeStep(initialRemoteVolume(), { type: 'user', value: 12 }).state;
    const { state } = remoteVolumeStep(changed, { type: 'device', value: 2 });
    expect(state.value).toBe(12);
    expect(state.device).toBe(2);
  });

  it('under a limit a press never goes past it, so the player never clamps it back', () => {
    const limited = initialRemoteVolume(5, 7);
    const { state } = remoteVolumeStep(limited, { type: 'user', value: 12 });
    expect(state).toMatchObject({ value: 7, pending: 7 });
    const sent = remoteVolumeStep(state, { type: 'elapsed', timer: 'debounce' });
    expect(sent.effects[0]).toEqual({ type: 'send', gauge: 7, percent: 50 });
  });

  it('a lower limit brings the shown and waiting values down to it; a higher one lets them be', () => {
    let state = remoteVolumeStep(initialRemoteVolume(), { type: 'user', value: 12 }).state;
    state = remoteVolumeStep(state, { type: 'limit', max: 7 }).state;
    expect(state).toMatchObject({ value: 7, pending: 7, max: 7 });
    state = remoteVolumeStep(state, { type: 'limit', max: 14 }).state;
    expect(state).toMatchObject({ value: 7, max: 14 });
  });

  it('a newer change keeps the flag on after the earlier send’s 500 ms', () => {
    let state = remoteVolumeStep(initialRemoteVolume(), { type: 'user', value: 12 }).state;
    state = remoteVolumeStep(state, { type: 'elapsed', timer: 'debounce' }).state;
    state = remoteVolumeStep(state, { type: 'user', value: 3 }).state;
    state = remoteVolumeStep(state, { type: 'elapsed', timer: 'updating' }).state;
    expect(state.updating).toBe(true);
  });
});

/** A fake clock: core has no timers of its own, so the test hands it these. */
class FakeTimers implements RemoteVolumeTimers {
  private now = 0;
  private nextId = 1;
  private readonly due = new Map<number, { at: number; callback: () => void }>();

  set(callback: () => void, ms: number): number {
    const id = this.nextId++;
    this.due.set(id, { at: this.now + ms, callback });
    return id;
  }

  clear(handle: unknown): void {
    this.due.delete(handle as number);
  }

  /** Runs every timer that falls due within the next `ms`, in time order. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const next = [...this.due.entries()]
        .filter(([, timer]) => timer.at <= end)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.due.delete(next[0]);
      this.now = next[1].at;
      next[1].callback();
    }
    this.now = end;
  }
}

describe('RemoteVolumeSync with fake timers', () => {
  let clock: FakeTimers;
  beforeEach(() => {
    clock = new FakeTimers();
  });

  const setup = () => {
    const sent: number[] = [];
    const sync = new RemoteVolumeSync((percent) => sent.push(percent), clock);
    let notified = 0;
    sync.subscribe(() => (notified += 1));
    return { sync, sent, notified: () => notified };
  };

  it('sends only once the user has stopped for 800 ms', () => {
    const { sync, sent, notified } = setup();
    sync.setByUser(8);
    expect(sync.state.value).toBe(8);
    expect(notified()).toBe(1);
    clock.advance(700);
    sync.setByUser(9);
    clock.advance(799);
    expect(sent).toEqual([]);
    clock.advance(1);
    expect(sent).toEqual([gaugeToPercent(9)]);
    clock.advance(10_000);
    expect(sent).toEqual([63]);
  });

  it('keeps the updating flag 500 ms after the send, ignoring the player meanwhile', () => {
    const { sync } = setup();
    sync.reportFromDevice(5);
    sync.setByUser(12);
    clock.advance(800);
    sync.reportFromDevice(1);
    expect(sync.state.value).toBe(12);
    clock.advance(499);
    expect(sync.state.updating).toBe(true);
    clock.advance(1);
    expect(sync.state.updating).toBe(false);
    // Flag off: a stray report beyond the tolerance is adopted.
    sync.reportFromDevice(2);
    expect(sync.state.value).toBe(2);
  });

  it('a confirmation after the flag settles at once and cancels the forced sync', () => {
    const { sync } = setup();
    sync.reportFromDevice(7);
    sync.setByUser(13);
    clock.advance(1300);
    sync.reportFromDevice(13);
    expect(sync.state).toMatchObject({ value: 13, awaited: null });
    sync.reportFromDevice(12); // within the tolerance and not awaited: the UI stays
    clock.advance(3000);
    expect(sync.state.value).toBe(13);
  });

  it('forces the sync after 3 s when the player confirmed while the flag was on', () => {
    const { sync } = setup();
    sync.reportFromDevice(7);
    sync.setByUser(10);
    clock.advance(900);
    sync.reportFromDevice(10); // ignored: updating
    expect(sync.state.awaited).toBe(10);
    clock.advance(2899);
    expect(sync.state.awaited).toBe(10);
    clock.advance(1);
    expect(sync.state).toMatchObject({ value: 10, awaited: null, updating: false });
  });

  it('after 3 s adopts a capped player value that is not the awaited one and differs by more than 2', () => {
    const { sync } = setup();
    sync.reportFromDevice(7);
    sync.setByUser(14);
    clock.advance(900);
    sync.reportFromDevice(9); // the player's volume limit
    clock.advance(3000);
    expect(sync.state.value).toBe(9);
  });

  it('within the tolerance the UI keeps the user value at the forced sync', () => {
    const { sync } = setup();
    sync.reportFromDevice(7);
    sync.setByUser(9);
    clock.advance(900);
    sync.reportFromDevice(8);
    clock.advance(3000);
    expect(sync.state).toMatchObject({ value: 9, awaited: null });
  });

  it('mute sends 0', () => {
    const { sync, sent } = setup();
    sync.setByUser(0);
    clock.advance(800);
    expect(sent).toEqual([0]);
  });

  it('dispose stops pending timers: nothing is sent afterwards', () => {
    const { sync, sent } = setup();
    sync.setByUser(4);
    sync.dispose();
    clock.advance(5000);
    expect(sent).toEqual([]);
  });
});

describe('deviceToGauge', () => {
  it('maps the 0–16 hardware scale to the gauge; every gauge value round-trips through the player', () => {
    expect(deviceToGauge(8)).toBe(7);
    expect(deviceToGauge(16)).toBe(14);
    // A limit of 13 does not make 13 the top of the gauge: 13 of 16 is level 11.
    expect(deviceToGauge(13)).toBe(11);
    expect(deviceToGauge(20)).toBe(14);
    for (let gauge = 0; gauge <= 14; gauge += 1) {
      const rounding = Math.round((gaugeToPercent(gauge) / 100) * 16);
      const truncating = Math.floor((gaugeToPercent(gauge) / 100) * 16);
      expect(deviceToGauge(rounding)).toBe(gauge);
      expect(deviceToGauge(truncating)).toBe(gauge);
    }
  });
});
