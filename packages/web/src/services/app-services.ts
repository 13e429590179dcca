import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '@playlist-alarms/core/shared/runtime-config';
import type {
  Device,
  FamilyLibraryGroup,
  Playlist,
  UserProfile,
} from '@playlist-alarms/core/shared/entities';
import type { CardDetail, FamilyLibraryGroupDetail } from '@playlist-alarms/provider/playlist-mapping';
import type {
  DeviceApiStatus,
  DeviceConfig,
  DeviceConfigBlock,
} from '@playlist-alarms/provider/rest-schemas';
import type { AlarmTypeMemory } from './alarm-type-memory';
import type { AlarmHistorySource, AlarmHoldsSource, CloudSource } from './cloud-client';
import type { DeviceLinkRegistry } from './device-link-registry';
import type { FavouritesSource } from './favourites-client';
import type { PresenceWatching } from './presence-watcher';

// The services the UI consumes, as interfaces: the browser gets the real provider classes
// (create-browser-services.ts); component tests get in-memory twins of the same shapes.

/** The server cannot renew the session's expired token yet: what to say, and when it tries again. */
export interface ProviderRetrying {
  message: string;
  /** ISO-8601. */
  retryAt: string;
}

/** The server-held session as the page sees it (services/server-session.ts). */
export interface SessionAuth {
  /** Full-page navigation to the server's sign-in (/auth/login). */
  login(): void;
  /** Whether the server holds a session for this browser; throws SessionExpiredError when it refused it. */
  restore(): Promise<boolean>;
  /** The short-lived access token, asked again before it expires; null without a session. */
  getAccessToken(): Promise<string | null>;
  /** Who is signed in, as the server's session says (never the provider's login host). */
  currentUser(): Promise<UserProfile>;
  /** Called when the server ends the session while the page uses it. */
  onExpired(listener: () => void): () => void;
  /** Told at once, then on each change, whether the server is retrying an expired token's renewal. */
  onRetrying(listener: (retrying: ProviderRetrying | null) => void): () => void;
  /** Ends the session on the server. */
  logout(): Promise<void>;
}

/** The part of the provider's REST client the UI uses. */
export interface LibrarySource {
  getPlaylists(): Promise<Playlist[]>;
  getDevices(): Promise<Device[]>;
  getFamilyLibraryGroups(): Promise<FamilyLibraryGroup[]>;
  /** One group with its cards, through the same-origin proxy. */
  getFamilyLibraryGroup(groupId: string): Promise<FamilyLibraryGroupDetail>;
  /** One card's content (`?playable=true`), through the same-origin proxy; a 403 is a ProviderError. */
  getContent(cardId: string): Promise<CardDetail>;
  getDeviceConfig(deviceId: string): Promise<DeviceConfig>;
  /** The provider API's view of a player (its REST status). */
  getDeviceStatus(deviceId: string): Promise<DeviceApiStatus>;
  /**
   * Changes a player's alarm list as stored at the provider now (read fresh, written whole, read
   * back), one write at a time per player so that none is lost.
   */
  updateDeviceAlarms(
    deviceId: string,
    change: (current: readonly string[]) => string[],
  ): Promise<DeviceConfig>;
  /** Changes a player's config block the same way, on the same per-player queue as the alarm writes. */
  changeDeviceConfig(
    deviceId: string,
    change: (current: DeviceConfigBlock) => DeviceConfigBlock,
  ): Promise<DeviceConfig>;
}

export interface AppServices {
  config: RuntimeConfig;
  auth: SessionAuth;
  library: LibrarySource;
  devices: DeviceLinkRegistry;
  /** Whether every player of the family is on, heard over one listen-only MQTT session. */
  presence: PresenceWatching;
  /** The own backend's cloud alarm API; its client loads with the first cloud call (not before the first card). */
  loadCloud: () => Promise<CloudSource>;
  alarmTypes: AlarmTypeMemory;
  /** The own backend's Quick Play Favorites of the signed-in user. */
  favourites: FavouritesSource;
  /**
   * The own backend's holds of players' alarms ("Skip next", "Pause until…", "Resume") and their
   * history: the cloud client's (one entry, as every byte before the logged-in view counts).
   */
  loadAlarmHolds: () => Promise<AlarmHoldsSource & AlarmHistorySource>;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesContext provider');
  return services;
}
