import type { RuntimeConfig } from '@playlist-alarms/core/shared/runtime-config';
import { PROXY_PREFIX } from '@playlist-alarms/provider/proxied-paths';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import { AlarmTypeMemory } from './alarm-type-memory';
import type { AppServices } from './app-services';
import type { CloudClient } from './cloud-client';
import type { FavouritesSource } from './favourites-client';
import { DeviceLinkRegistry } from './device-link-registry';
import { lazyPresenceWatcher } from './lazy-presence-watcher';
import { ServerSession } from './server-session';

// The real singletons, built once from the runtime configuration.
export function createBrowserServices(config: RuntimeConfig): AppServices {
  // The server holds the session; the page keeps only a short-lived access token, in memory.
  const auth = new ServerSession({ backendBase: config.backendBase });
  // A backend call refused with 401 means the session may have ended (logged out in another tab,
  // revoked on the server): ask at once rather than at the next renewal, so the page logs out.
  const onUnauthorized = () => auth.recheck();
  const library = new ProviderClient({
    apiBase: config.provider.apiBase,
    getAccessToken: () => auth.getAccessToken(),
    libraryBase: `${config.backendBase}${PROXY_PREFIX}`,
  });
  const devices = new DeviceLinkRegistry({
    getAccessToken: () => auth.getAccessToken(),
    // The MQTT client is a large dependency: load it only when a player is first connected. With
    // the session's tokens the link renews its MQTT session before the broker ends it at expiry.
    createLink: async (_deviceId, getAccessToken) => {
      const { MqttDeviceLink } = await import('@playlist-alarms/provider/device-link');
      return new MqttDeviceLink({ brokerUrl: config.provider.brokerUrl, getAccessToken });
    },
  });
  // Its code and the MQTT client load once the logged-in view has painted (use-presence-watch.ts).
  const presence = lazyPresenceWatcher(() =>
    import('./browser-presence-watcher').then(({ createPresenceWatcher }) =>
      createPresenceWatcher(config.provider.brokerUrl, auth, devices),
    ),
  );
  const loadCloud = lazily<CloudClient>(() =>
    import('./cloud-client').then(
      ({ CloudClient, cookieAuthorizer }) =>
        new CloudClient({
          baseUrl: config.backendBase,
          // The credential's one place: the session cookie, sent by the browser itself.
          authorize: cookieAuthorizer,
          onUnauthorized,
        }),
    ),
  );
  const alarmTypes = new AlarmTypeMemory(localStorage);
  return {
    config,
    auth,
    library,
    devices,
    presence,
    loadCloud,
    alarmTypes,
    favourites: lazyFavourites(config, onUnauthorized),
    loadAlarmHolds: loadCloud,
  };
}

/** The favourites client, its code (and its answer's schema) loaded with the first call. */
function lazyFavourites(config: RuntimeConfig, onUnauthorized: () => void): FavouritesSource {
  const load = lazily<FavouritesSource>(() =>
    import('./favourites-client').then(
      ({ FavouritesClient }) => new FavouritesClient(config.backendBase, undefined, onUnauthorized),
    ),
  );
  return {
    list: async () => (await load()).list(),
    pin: async (cardId, title) => (await load()).pin(cardId, title),
    unpin: async (cardId) => (await load()).unpin(cardId),
  };
}

/** A client made once, by its first call; a failed chunk load is tried again on the next call. */
function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let client: Promise<T> | null = null;
  return () =>
    (client ??= make().catch((error: unknown) => {
      client = null;
      throw error;
    }));
}
