// One task at a time per key, in call order; different keys run side by side. The alarm write is a
// read-modify-write of a whole config block: two at once on one player would each start from the
// same list and the later PUT would drop the earlier alarm.

export class KeyedQueue {
  /** The last task queued per key, settled either way; gone once the key's queue is empty. */
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // A failed task must not stop the next: each waits for the previous to settle, not to succeed.
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task queued or running. */
  get busyKeys(): string[] {
    return [...this.tails.keys()];
  }
}
