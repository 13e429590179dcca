import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/support/manual-clock';
import { PeriodicPass } from './periodic-pass';

/** A promise a test resolves by hand, to hold a pass open. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const START = new Date('2026-08-04T06:00:00.000Z');

describe('PeriodicPass', () => {
  it('passes at start, then once per interval after the last pass ended', async () => {
    const clock = new ManualClock(START);
    const times: string[] = [];
    const periodic = new PeriodicPass({
      clock,
      intervalMs: 1_000,
      pass: () => Promise.resolve(times.push(clock.now().toISOString())),
      onError: () => undefined,
    });
    periodic.start();
    await periodic.whenIdle();
    expect(times).toEqual(['2026-08-04T06:00:00.000Z']);
    await clock.advance(999, () => periodic.whenIdle());
    expect(times).toHaveLength(1);
    await clock.advance(1_001, () => periodic.whenIdle()); // to 06:00:02
    expect(times).toEqual([
      '2026-08-04T06:00:00.000Z',
      '2026-08-04T06:00:01.000Z',
      '2026-08-04T06:00:02.000Z',
    ]);
    await periodic.stop();
    expect(clock.pending).toBe(0);
  });

  it('never overlaps: the next timer is armed only when a slow pass has ended', async () => {
    const clock = new ManualClock(START);
    const slow = gate();
    let passes = 0;
    const periodic = new PeriodicPass({
      clock,
      intervalMs: 1_000,
      pass: async () => {
        passes += 1;
        if (passes === 1) await slow.promise;
      },
      onError: () => undefined,
    });
    periodic.start();
    await clock.advance(5_000);
    expect(passes).toBe(1);
    expect(clock.pending).toBe(0);
    slow.open();
    await periodic.whenIdle();
    expect(clock.pending).toBe(1);
    await clock.advance(1_000, () => periodic.whenIdle());
    expect(passes).toBe(2);
    await periodic.stop();
  });

  it('hands a failing pass to onError and keeps going', async () => {
    const clock = new ManualClock(START);
    const errors: unknown[] = [];
    let passes = 0;
    const periodic = new PeriodicPass({
      clock,
      intervalMs: 1_000,
      pass: () => {
        passes += 1;
        return passes === 1 ? Promise.reject(new Error('database away')) : Promise.resolve();
      },
      onError: (error) => errors.push(error),
    });
    periodic.start();
    await periodic.whenIdle();
    await clock.advance(1_000, () => periodic.whenIdle());
    expect(errors.map(String)).toEqual(['Error: database away']);
    expect(passes).toBe(2);
    await periodic.stop();
  });

  it('whenIdle and stop wait for the pass under way; after stop no pass starts', async () => {
    const clock = new ManualClock(START);
    const held = gate();
    let finished = 0;
    const periodic = new PeriodicPass({
      clock,
      intervalMs: 1_000,
      pass: async () => {
        await held.promise;
        finished += 1;
      },
      onError: () => undefined,
    });
    periodic.start();
    let idle = false;
    const whenIdle = periodic.whenIdle().then(() => (idle = true));
    let stopped = false;
    const stop = periodic.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect([idle, stopped, finished]).toEqual([false, false, 0]);
    held.open();
    await Promise.all([whenIdle, stop]);
    expect([idle, stopped, finished]).toEqual([true, true, 1]);
    expect(clock.pending).toBe(0);
    await clock.advance(10_000);
    expect(finished).toBe(1);
  });
});
