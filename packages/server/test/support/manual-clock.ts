import type { WorkerClock } from '../../src/alarm-worker/clock';

interface Timer {
  at: number;
  seq: number;
  callback: () => void;
}

/** A clock that moves only when a test says so; timers run in order of their due time. */
export class ManualClock implements WorkerClock {
  private current: number;
  private timers: Timer[] = [];
  private seq = 0;

  /** `settle` runs after each timer (the worker's whenIdle), so async work lands in order. */
  constructor(
    start: Date,
    private readonly settle: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { at: this.current + Math.max(0, ms), seq: ++this.seq, callback };
    this.timers.push(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer !== handle);
  }

  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way. */
  async advance(ms: number, settle = this.settle): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      const next = [...this.timers].sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (next === undefined || next.at > target) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.current = next.at;
      next.callback();
      await settle();
    }
    this.current = target;
    await settle();
  }
}
