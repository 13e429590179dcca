// When to ask the provider's token endpoint again after it failed (down, busy, slow, or refusing
// for a reason other than the grant itself). A failing refresh never ends a session: the tokens
// stay, and the next attempt waits longer each time, at least as long as a Retry-After asked, so
// a provider that is shedding load is not hammered by every page and worker of every user.

/** First wait after a failure; it doubles per failure in a row. */
export const FIRST_RETRY_MS = 1_000;
/** The longest wait between two attempts (a Retry-After may ask for more). */
export const MAX_RETRY_MS = 60_000;

export interface RefreshBackoff {
  /** When the user's next refresh may be tried (epoch ms), or null when nothing failed. */
  nextAttemptAt(userId: string): number | null;
  /** Records a failure; returns when the next attempt may be made (epoch ms). */
  failed(userId: string, now: number, retryAfterMs: number | null): number;
  succeeded(userId: string): void;
}

/** In memory: each replica spaces its own attempts (the refresh itself is serialised in the database). */
export function createRefreshBackoff(): RefreshBackoff {
  const state = new Map<string, { failures: number; nextAttemptAt: number }>();
  return {
    nextAttemptAt: (userId) => state.get(userId)?.nextAttemptAt ?? null,
    failed(userId, now, retryAfterMs) {
      const failures = (state.get(userId)?.failures ?? 0) + 1;
      const backoff = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
      const nextAttemptAt = now + Math.max(backoff, retryAfterMs ?? 0);
      state.set(userId, { failures, nextAttemptAt });
      return nextAttemptAt;
    },
    succeeded: (userId) => void state.delete(userId),
  };
}
