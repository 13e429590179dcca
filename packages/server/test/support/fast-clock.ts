import type { WorkerClock } from '../../src/alarm-worker/clock';

/**
 * A real clock that runs `factor` times fast from the moment it is made: its timers fire after
 * 1/factor of their time, and `now()` moves to match. A worker on it rings real players over real
 * MQTT, but a one-minute fade takes six seconds at ten times. The players' own clocks stay real.
 */
export function fastClock(factor: number): WorkerClock & { factor: number } {
  const origin = Date.now();
  return {
    factor,
    now: () => new Date(origin + (Date.now() - origin) * factor),
    setTimeout: (callback, ms) => {
      const handle = setTimeout(callback, ms / factor);
      handle.unref();
      return handle;
    },
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}
