import { describe, expect, it } from 'vitest';
import {
  LEGACY_STATUS_RUNNING,
  LEGACY_STATUS_SHUTDOWN,
  PRESENCE_OFFLINE,
  PRESENCE_ONLINE,
} from '@playlist-alarms/core/test/fixtures/mqtt-presence';
import { isOnlineNow } from '@playlist-alarms/core/device/player-presence';
import { DeviceLinkRegistry } from './device-link-registry';
import { PresenceWatcher } from './presence-watcher';
import type { PresenceWatchFactory } from './presence-watcher';
import { livePresence } from './realtime-snapshot';
import { InMemoryDeviceLink } from '../test/device-link-twin';
import { InMemoryPresenceWatch } from '../test/presence-watch-twin';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(createWatch?: PresenceWatchFactory) {
  const links = new Map<string, InMemoryDeviceLink>();
  const registry = new DeviceLinkRegistry({
    getAccessToken: () => Promise.resolve('tok'),
    createLink: (deviceId) => {
      const link = new InMemoryDeviceLink();
      links.set(deviceId, link);
      return Promise.resolve(link);
    },
    scheduleFrame: (callback) => setTimeout(callback, 0),
    statusPolling: false,
    log: () => undefined,
  });
  const watches: InMemoryPresenceWatch[] = [];
  const logged: string[] = [];
  const watcher = new PresenceWatcher({
    getAccessToken: () => Promise.resolve('tok'),
    createWatch:
      createWatch ??
      (() => {
        const watch = new InMemoryPresenceWatch();
        watches.push(watch);
        return Promise.resolve(watch);
      }),
    report: (deviceId, presence) => registry.noteWatchedPresence(deviceId, presence),
    forget: () => registry.forgetWatchedPresence(),
    log: (level, message) => void logged.push(`${level}: ${message}`),
  });
  /** What the card shows for a player the device list called `listed`. */
  const online = (deviceId: string, listed = true) =>
    isOnlineNow(listed, livePresence(registry.getSnapshot(), deviceId));
  return { registry, links, watches, watcher, logged, online };
}

describe('PresenceWatcher', () => {
  it('opens one watch for the whole list, follows the list, and reports what each player says', async () => {
    const { watcher, watches, online } = setup();
    watcher.watchPlayers(['p1', 'p2']);
    await flush();
    expect(watches).toHaveLength(1);
    const watch = watches[0]!;
    expect(watch.devices).toEqual(['p1', 'p2']);

    watch.emitPresence('p2', PRESENCE_OFFLINE);
    expect(online('p2')).toBe(false);
    expect(online('p1')).toBe(true);
    watch.emitPresence('p2', PRESENCE_ONLINE);
    expect(online('p2', false)).toBe(true);

    // The legacy status as the player switches itself off, and as it runs again.
    watch.emitStatus('p1', LEGACY_STATUS_SHUTDOWN);
    expect(online('p1')).toBe(false);
    watch.emitStatus('p1', LEGACY_STATUS_RUNNING);
    expect(online('p1', false)).toBe(true);

    watcher.watchPlayers(['p1', 'p2', 'p3']);
    await flush();
    expect(watches).toHaveLength(1);
    expect(watch.devices).toEqual(['p1', 'p2', 'p3']);
  });

  it('a status without shutDown says nothing of presence; a malformed presence is dropped and logged', async () => {
    const { watcher, watches, online, registry, logged } = setup();
    watcher.watchPlayers(['p1']);
    await flush();
    const before = registry.getSnapshot();
    watches[0]!.emitStatus('p1', { status: { batteryLevel: 40 } });
    watches[0]!.emitPresence('p1', { state: 'asleep' });
    expect(registry.getSnapshot()).toBe(before);
    expect(online('p1', false)).toBe(false);
    expect(logged).toEqual(['warn: dropped malformed presence message from p1']);
  });

  it('a repeated word changes nothing: the snapshot (and every card reading it) stays the same object', async () => {
    const { watcher, watches, registry } = setup();
    watcher.watchPlayers(['p1']);
    await flush();
    watches[0]!.emitPresence('p1', PRESENCE_ONLINE);
    const after = registry.getSnapshot();
    watches[0]!.emitStatus('p1', LEGACY_STATUS_RUNNING);
    watches[0]!.emitPresence('p1', PRESENCE_ONLINE);
    expect(registry.getSnapshot()).toBe(after);
  });

  it('opens nothing for an empty list, and nothing before it is asked', async () => {
    const { watcher, watches } = setup();
    await flush();
    expect(watches).toHaveLength(0);
    watcher.watchPlayers([]);
    await flush();
    expect(watches).toHaveLength(0);
  });

  it('stop() ends the watch and nothing it hears counts; the next page opens a new one', async () => {
    const { watcher, watches, online, registry } = setup();
    watcher.watchPlayers(['p1']);
    await flush();
    const first = watches[0]!;
    await watcher.stop();
    await registry.disposeAll();
    expect(first.disposed).toBe(true);
    first.emitPresence('p1', PRESENCE_OFFLINE);
    expect(online('p1')).toBe(true);

    watcher.watchPlayers(['p1']);
    await flush();
    expect(watches).toHaveLength(2);
    watches[1]!.emitPresence('p1', PRESENCE_OFFLINE);
    expect(online('p1')).toBe(false);
  });

  it('a watch that arrives after stop() is ended at once', async () => {
    let release: (watch: InMemoryPresenceWatch) => void = () => undefined;
    const late = new InMemoryPresenceWatch();
    const { watcher } = setup(() => new Promise((resolve) => (release = resolve)));
    watcher.watchPlayers(['p1']);
    const stopped = watcher.stop();
    release(late);
    await stopped;
    await flush();
    expect(late.disposed).toBe(true);
  });

  it('a watch whose code failed to load is tried again with the next list', async () => {
    let attempts = 0;
    const watch = new InMemoryPresenceWatch();
    const { watcher, logged } = setup(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve(watch);
    });
    watcher.watchPlayers(['p1']);
    await flush();
    expect(logged.some((line) => line.includes('chunk failed'))).toBe(true);
    watcher.watchPlayers(['p1']);
    await flush();
    expect(attempts).toBe(2);
    expect(watch.devices).toEqual(['p1']);
  });

  it('a lost session forgets what it heard (the list speaks again), and once back the list is read again', async () => {
    const { watcher, watches, online } = setup();
    let listReads = 0;
    watcher.watchPlayers(['p1', 'p2'], () => void (listReads += 1));
    await flush();
    const watch = watches[0]!;
    watch.emitWatching(true);
    expect(listReads).toBe(0); // the first session is not a return
    watch.emitPresence('p1', PRESENCE_OFFLINE);
    await flush();
    expect(online('p1')).toBe(false);

    // While the session is gone, p1 may come back unheard: the card falls back to the device list.
    watch.emitWatching(false);
    await flush();
    expect(online('p1')).toBe(true);
    expect(online('p2', false)).toBe(false);
    expect(listReads).toBe(0);

    watch.emitWatching(true);
    expect(listReads).toBe(1);
    watch.emitWatching(true); // a renewal, not a return
    expect(listReads).toBe(1);
    watch.emitPresence('p2', PRESENCE_ONLINE);
    await flush();
    expect(online('p2', false)).toBe(true);
  });
});

describe('the watch beside a connected link', () => {
  it("the link's own reading comes first, and after it disconnects the watch's (the same) stays: no flicker", async () => {
    const { watcher, watches, registry, links, online } = setup();
    watcher.watchPlayers(['p1']);
    await flush();
    await registry.connect('p1');
    const link = links.get('p1')!;
    const watch = watches[0]!;
    const seen: boolean[] = [];
    registry.subscribe(() => seen.push(online('p1')));

    // The broker delivers the same message to both sessions.
    watch.emitPresence('p1', PRESENCE_OFFLINE);
    link.emitPresence(PRESENCE_OFFLINE);
    await flush();
    await flush();
    expect(online('p1')).toBe(false);
    await registry.disconnect('p1');
    await flush();
    expect(online('p1')).toBe(false);
    expect(seen.every((value) => !value)).toBe(true);
  });
});
