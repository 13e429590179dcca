import type { WorkerClock } from './clock';

// The loop the worker's background runners share (holds, held push news, the player watch, the
// history purge): a pass at start, then one every `intervalMs` after the last one ended, so a
// slow pass never overlaps the next. Shutdown and tests wait on whenIdle() for the pass under way.

export interface PeriodicPassOptions {
  clock: WorkerClock;
  intervalMs: number;
  /** One pass; its result is not used. */
  pass: () => Promise<unknown>;
  /** A pass that threw; the loop goes on at the next interval. */
  onError: (error: unknown) => void;
}

export class PeriodicPass {
  private timer: unknown = null;
  private running = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: PeriodicPassOptions) {}

  /** A pass now, then one every interval until stop(). */
  start(): void {
    this.running = true;
    void this.track(this.loop());
  }

  /** No new pass is started; resolves once the one under way (if any) has finished. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.whenIdle();
  }

  /** Resolves when every pass started so far has finished (tests and shutdown wait on it). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async loop(): Promise<void> {
    this.timer = null;
    if (!this.running) return;
    try {
      await this.options.pass();
    } catch (error) {
      this.options.onError(error);
    }
    if (this.running)
      this.timer = this.options.clock.setTimeout(() => void this.track(this.loop()), this.options.intervalMs);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }
}

/**
 * A background runner on its own PeriodicPass: its `pass()` runs at start and every interval, and
 * start, stop and whenIdle are the loop's. `pass` in the options wraps it (to log what it did).
 */
export abstract class PeriodicRunner {
  private readonly periodic: PeriodicPass;

  protected constructor(loop: Omit<PeriodicPassOptions, 'pass'> & { pass?: () => Promise<unknown> }) {
    this.periodic = new PeriodicPass({ ...loop, pass: loop.pass ?? (() => this.pass()) });
  }

  /** One pass. */
  abstract pass(): Promise<unknown>;

  /** A pass now, then one every interval until stop(). */
  start(): void {
    this.periodic.start();
  }

  /** No new pass is started; resolves once the one under way (if any) has finished. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** Resolves when every pass started so far has finished (tests and shutdown wait on it). */
  whenIdle(): Promise<void> {
    return this.periodic.whenIdle();
  }
}
