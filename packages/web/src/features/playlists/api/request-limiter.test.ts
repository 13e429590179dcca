import { describe, expect, it } from 'vitest';
import { RequestLimiter } from './request-limiter';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RequestLimiter', () => {
  it('never runs more than its limit at once, and runs everything', async () => {
    const limiter = new RequestLimiter(4);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        limiter.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await tick();
          running -= 1;
          return i * 2;
        }),
      ),
    );
    expect(peak).toBe(4);
    expect(results).toEqual(Array.from({ length: 25 }, (_, i) => i * 2));
  });

  it('a failing task frees its slot for the next', async () => {
    const limiter = new RequestLimiter(1);
    const failed = limiter.run(() => Promise.reject(new Error('boom')));
    const next = limiter.run(() => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('refuses a limit below 1', () => {
    expect(() => new RequestLimiter(0)).toThrow(RangeError);
  });
});
