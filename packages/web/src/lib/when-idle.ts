/**
 * Runs `work` once the browser is idle and returns a cancel function (an effect's cleanup).
 * requestIdleCallback is missing in some browsers (Safari) and in jsdom: a timeout stands in.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work);
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 1);
  return () => window.clearTimeout(timer);
}
