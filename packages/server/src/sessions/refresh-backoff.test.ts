import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_RETRY_MS, createRefreshBackoff } from './refresh-backoff';

describe('refresh backoff', () => {
  it('doubles from the first wait up to the cap, per user, and forgets after a success', () => {
    const backoff = createRefreshBackoff();
    const waits = Array.from({ length: 9 }, () => backoff.failed('u1', 0, null));
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60].map((s) => s * 1000));
    expect(FIRST_RETRY_MS).toBe(1000);
    expect(MAX_RETRY_MS).toBe(60_000);
    expect(backoff.nextAttemptAt('u2')).toBeNull();
    backoff.succeeded('u1');
    expect(backoff.nextAttemptAt('u1')).toBeNull();
    expect(backoff.failed('u1', 5_000, null)).toBe(6_000);
  });

  it('waits at least what Retry-After asked, even past the cap', () => {
    const backoff = createRefreshBackoff();
    expect(backoff.failed('u1', 0, 30_000)).toBe(30_000);
    expect(backoff.failed('u1', 0, 120_000)).toBe(120_000);
    expect(backoff.failed('u1', 0, 100)).toBe(4_000);
  });
});
