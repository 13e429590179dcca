/** The worker's clock and timers, so tests can drive time by hand (test/support/manual-clock.ts). */
export interface WorkerClock {
  now(): Date;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: WorkerClock = {
  now: () => new Date(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending alarm timer must not keep a stopping process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const sleep = (clock: WorkerClock, ms: number): Promise<void> =>
  new Promise((resolve) => {
    clock.setTimeout(resolve, ms);
  });
