/**
 * The moment the page's first view has painted what the visitor came for: the logged-out view its
 * "Connect" button, the logged-in view its first playlist cards (or the list's failure or emptiness),
 * the error view its Retry. Work that view does not need (the installable app, the help button,
 * the status chips, the worker's alarm sync) waits for it, so its chunks never compete with the
 * first view's own downloads (`npm run bench:bundle` counts what is requested before the cards).
 * A page that never gets there (a list that never answers) starts the waiting work after
 * FALLBACK_MS all the same.
 */
export const FALLBACK_MS = 15_000;

let painted = false;
const waiting = new Set<() => void>();
let fallback: ReturnType<typeof setTimeout> | undefined;

function release(): void {
  if (painted) return;
  painted = true;
  clearTimeout(fallback);
  const work = [...waiting];
  waiting.clear();
  for (const run of work) run();
}

/** Called by a view once it has shown (an effect, after its commit): releases the waiting work. */
export function markFirstViewPainted(): void {
  release();
}

/** Runs `work` once the first view has painted (at once if it has); returns a cancel function. */
export function afterFirstView(work: () => void): () => void {
  if (painted) {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  waiting.add(work);
  fallback ??= setTimeout(release, FALLBACK_MS);
  return () => void waiting.delete(work);
}
