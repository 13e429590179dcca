import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module holds the page's one moment: each test imports a fresh copy.
async function freshModule() {
  vi.resetModules();
  return import('./first-view');
}

describe('afterFirstView', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds work until the first view is marked painted, then runs it once', async () => {
    const { afterFirstView, markFirstViewPainted } = await freshModule();
    const work = vi.fn();
    afterFirstView(work);
    vi.advanceTimersByTime(1_000);
    expect(work).not.toHaveBeenCalled();
    markFirstViewPainted();
    markFirstViewPainted();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs work asked for after the mark on the next task', async () => {
    const { afterFirstView, markFirstViewPainted } = await freshModule();
    markFirstViewPainted();
    const work = vi.fn();
    afterFirstView(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('forgets cancelled work', async () => {
    const { afterFirstView, markFirstViewPainted } = await freshModule();
    const work = vi.fn();
    const cancel = afterFirstView(work);
    cancel();
    markFirstViewPainted();
    expect(work).not.toHaveBeenCalled();
  });

  it('starts the waiting work after the fallback when no view ever marks it', async () => {
    const { FALLBACK_MS, afterFirstView } = await freshModule();
    const work = vi.fn();
    afterFirstView(work);
    vi.advanceTimersByTime(FALLBACK_MS - 1);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
