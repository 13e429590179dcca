import type { PresenceWatching } from './presence-watcher';

/**
 * The presence watcher with its code loaded at its first use (after the logged-in view has painted),
 * so the first view carries none of it. A chunk that failed to load is tried again at the next use.
 */
export function lazyPresenceWatcher(load: () => Promise<PresenceWatching>): PresenceWatching {
  let loaded: Promise<PresenceWatching> | null = null;
  return {
    watchPlayers(deviceIds, onResumed) {
      const loading = (loaded ??= load());
      loading.then(
        (watcher) => watcher.watchPlayers(deviceIds, onResumed),
        () => void (loaded === loading && (loaded = null)),
      );
    },
    // Behind a watchPlayers still loading, so that one ends too.
    stop: async () => (await loaded?.catch(() => null))?.stop(),
  };
}
