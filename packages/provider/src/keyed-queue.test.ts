import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('KeyedQueue', () => {
  it('runs one key’s tasks one after another, in call order', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const first = deferred();
    const second = deferred();
    const a = queue.run('p1', async () => {
      log.push('first start');
      await first.promise;
      log.push('first end');
      return 1;
    });
    const b = queue.run('p1', async () => {
      log.push('second start');
      await second.promise;
      log.push('second end');
      return 2;
    });
    const c = queue.run('p1', () => {
      log.push('third');
      return Promise.resolve(3);
    });
    await flush();
    expect(log).toEqual(['first start']);
    second.resolve();
    await flush();
    expect(log).toEqual(['first start']);
    first.resolve();
    await expect(Promise.all([a, b, c])).resolves.toEqual([1, 2, 3]);
    expect(log).toEqual(['first start', 'first end', 'second start', 'second end', 'third']);
    await flush();
    expect(queue.busyKeys).toEqual([]);
  });

  it('lets different keys run side by side', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const hold = deferred();
    const slow = queue.run('p1', async () => {
      log.push('p1 start');
      await hold.promise;
      log.push('p1 end');
    });
    const other = queue.run('p2', () => {
      log.push('p2');
      return Promise.resolve();
    });
    await other;
    await flush();
    expect(log).toEqual(['p1 start', 'p2']);
    expect(queue.busyKeys).toEqual(['p1']);
    hold.resolve();
    await slow;
    expect(log).toEqual(['p1 start', 'p2', 'p1 end']);
  });

  it('runs the next task after a failed one, and hands each caller its own outcome', async () => {
    const queue = new KeyedQueue();
    const failing = queue.run('p1', () => Promise.reject(new Error('HTTP 503')));
    const next = queue.run('p1', () => Promise.resolve('written'));
    await expect(failing).rejects.toThrow('HTTP 503');
    await expect(next).resolves.toBe('written');
  });

  it('runs a task that throws synchronously as a rejection, not a throw from run', async () => {
    const queue = new KeyedQueue();
    const result = queue.run('p1', () => {
      throw new Error('bad change');
    });
    await expect(result).rejects.toThrow('bad change');
    await expect(queue.run('p1', () => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
