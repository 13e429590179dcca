import { describe, expect, it } from 'vitest';
import { lazyPresenceWatcher } from './lazy-presence-watcher';
import type { PresenceWatching } from './presence-watcher';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

class Recorder implements PresenceWatching {
  readonly calls: string[] = [];
  watchPlayers(deviceIds: readonly string[]): void {
    this.calls.push(`watch ${deviceIds.join(',')}`);
  }
  stop(): Promise<void> {
    this.calls.push('stop');
    return Promise.resolve();
  }
}

describe('lazyPresenceWatcher', () => {
  it('loads nothing until the first list, then loads once', async () => {
    let loads = 0;
    const recorder = new Recorder();
    const watcher = lazyPresenceWatcher(() => {
      loads += 1;
      return Promise.resolve(recorder);
    });
    await watcher.stop();
    expect(loads).toBe(0);
    watcher.watchPlayers(['p1']);
    watcher.watchPlayers(['p1', 'p2']);
    await flush();
    expect(loads).toBe(1);
    expect(recorder.calls).toEqual(['watch p1', 'watch p1,p2']);
  });

  it('a stop while the code loads comes after the list it was given', async () => {
    let release: (watcher: PresenceWatching) => void = () => undefined;
    const recorder = new Recorder();
    const watcher = lazyPresenceWatcher(() => new Promise((resolve) => (release = resolve)));
    watcher.watchPlayers(['p1']);
    const stopped = watcher.stop();
    release(recorder);
    await stopped;
    expect(recorder.calls).toEqual(['watch p1', 'stop']);
  });

  it('code that failed to load is loaded again at the next list', async () => {
    let loads = 0;
    const recorder = new Recorder();
    const watcher = lazyPresenceWatcher(() => {
      loads += 1;
      return loads === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve(recorder);
    });
    watcher.watchPlayers(['p1']);
    await flush();
    watcher.watchPlayers(['p2']);
    await flush();
    expect(loads).toBe(2);
    expect(recorder.calls).toEqual(['watch p2']);
  });
});
