// Collects high-rate items (device events arrive several times a second while playing) and hands
// them over once per animation frame, so a 10,000-playlist page re-renders at most once a frame.

export type FrameScheduler = (callback: () => void) => void;

export const animationFrameScheduler: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

export class FrameBatcher<T> {
  private queue: T[] = [];
  private scheduled = false;

  constructor(
    private readonly flush: (items: T[]) => void,
    private readonly schedule: FrameScheduler = animationFrameScheduler,
  ) {}

  push(item: T): void {
    this.queue.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      const items = this.queue;
      this.queue = [];
      if (items.length > 0) this.flush(items);
    });
  }
}
