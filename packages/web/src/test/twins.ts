import { SessionExpiredError } from '../services/server-session';
import type {
  Device,
  FamilyLibraryGroup,
  Playlist,
  UserProfile,
} from '@playlist-alarms/core/shared/entities';
import type { RuntimeConfig } from '@playlist-alarms/core/shared/runtime-config';
import type { CardDetail, FamilyLibraryGroupDetail } from '@playlist-alarms/provider/playlist-mapping';
import type { DeviceConfig, DeviceConfigBlock } from '@playlist-alarms/provider/rest-schemas';
import type { AppServices, LibrarySource, ProviderRetrying, SessionAuth } from '../services/app-services';
import { DeviceLinkRegistry } from '../services/device-link-registry';
import { PresenceWatcher } from '../services/presence-watcher';
import { InMemoryPresenceWatch } from './presence-watch-twin';
import { ProviderError } from '@playlist-alarms/provider/rest-client';
import type { DeviceApiStatus } from '@playlist-alarms/provider/rest-schemas';
import { InMemoryDeviceLink } from './device-link-twin';
import { AlarmTypeMemory } from '../services/alarm-type-memory';
import { InMemoryAlarmHolds } from './alarm-holds-twin';
import { InMemoryAlarmHistory } from './alarm-history-twin';
import { InMemoryCloud, MemoryStore } from './cloud-twin';
import type { FavouritesSource } from '../services/favourites-client';
import type { FavouriteListAnswer } from '@playlist-alarms/core/library/favourite-answers';
import {
  canPin,
  withPin,
  withoutPin,
  type Favourite,
} from '@playlist-alarms/core/library/quick-play-favourites';
import { MAX_FAVOURITES } from '@playlist-alarms/core/shared/constants';
import { favouritesFull } from '@playlist-alarms/core/texts/favourite-texts';

// In-memory twins of the interfaces the UI consumes: the same shapes as the provider classes,
// with state a test can arrange and inspect. The real wiring is proven by the e2e suite.

export const testConfig: RuntimeConfig = {
  provider: {
    apiBase: 'http://provider.test',
    authIssuer: 'http://provider.test',
    clientId: 'playlist-alarms-demo',
    audience: 'http://provider.test',
    scope:
      'offline_access user:content:view family:library:view family:devices:view family:devices:manage family:devices:control',
    brokerUrl: 'ws://provider.test/mqtt',
    cardLinkHost: 'https://yoto.io',
  },
  backendBase: '',
  mode: 'demo',
};

/** The server-held session (services/server-session.ts) as the page sees it, in memory. */
export class InMemoryAuth implements SessionAuth {
  /** The access token the server hands out; null: no session. */
  token: string | null;
  startedSignIns = 0;
  logouts = 0;
  /** GET /api/session fails as when the server is down. */
  serverDown = false;
  /** The server refused the session (a refresh the provider turned down). */
  expired = false;
  /** Who the server's session says is signed in. */
  user: UserProfile = { sub: 'auth0|demo-parent', name: 'Demo Parent', email: 'demo@example.com' };
  /** GET /api/session cannot say who is signed in just now (the server is down). */
  userUnavailable = false;
  private readonly expiredListeners = new Set<() => void>();
  private retrying: ProviderRetrying | null = null;
  private readonly retryingListeners = new Set<(retrying: ProviderRetrying | null) => void>();

  constructor(token: string | null = null) {
    this.token = token;
  }

  login(): void {
    this.startedSignIns += 1;
  }

  restore(): Promise<boolean> {
    if (this.serverDown) return Promise.reject(new Error('Session check failed with HTTP 503'));
    if (this.expired) return Promise.reject(new SessionExpiredError());
    return Promise.resolve(this.token !== null);
  }

  /** When set, token requests wait for it, so a test can see the UI while a fresh token is on its way. */
  tokenGate: Promise<void> | null = null;

  async getAccessToken(): Promise<string | null> {
    if (this.tokenGate) await this.tokenGate;
    return this.expired ? null : this.token;
  }

  onExpired(listener: () => void): () => void {
    this.expiredListeners.add(listener);
    return () => this.expiredListeners.delete(listener);
  }

  currentUser(): Promise<UserProfile> {
    if (this.expired || this.token === null) return Promise.reject(new SessionExpiredError());
    if (this.userUnavailable) return Promise.reject(new Error('Session check failed with HTTP 503'));
    return Promise.resolve(this.user);
  }

  onRetrying(listener: (retrying: ProviderRetrying | null) => void): () => void {
    this.retryingListeners.add(listener);
    listener(this.retrying);
    return () => this.retryingListeners.delete(listener);
  }

  /** The server says it cannot renew the token yet (null: it has a fresh one again). */
  setRetrying(retrying: ProviderRetrying | null): void {
    this.retrying = retrying;
    for (const listener of this.retryingListeners) listener(retrying);
  }

  /** The server ends the session while the page uses it. */
  expire(): void {
    this.expired = true;
    this.token = null;
    for (const listener of this.expiredListeners) listener();
  }

  logout(): Promise<void> {
    this.token = null;
    this.logouts += 1;
    return Promise.resolve();
  }
}

export class InMemoryLibrary implements LibrarySource {
  playlists: Playlist[] = [];
  devices: Device[] = [];
  familyGroups: FamilyLibraryGroup[] = [];
  alarmsByDevice = new Map<string, string[]>();
  /** A player's config read beyond its alarms: its `device.status` and other config keys. */
  configExtrasByDevice = new Map<
    string,
    {
      status?: DeviceConfig['device']['status'];
      config?: Record<string, unknown>;
      geoTimezone?: string;
    }
  >();
  failPlaylists = false;
  /** When set, the playlist list waits for it, so a test can see what happens while it loads. */
  playlistsGate: Promise<void> | null = null;
  /** How many times the family groups were asked for. */
  familyGroupsRequests = 0;
  /** The family library's cards by card id: group detail lists those its items name. */
  familyCards = new Map<string, Playlist>();
  failFamilyGroups = false;
  /** Groups whose detail answers an error (the app then shows "{group} - Item {n}"). */
  failingGroupDetails = new Set<string>();
  /** Cards whose content is refused: 404 as the provider documents it, 403 as older clients saw. */
  restrictedCards = new Set<string>();
  restrictedStatus: 403 | 404 = 404;
  readonly groupDetailRequests: string[] = [];
  readonly contentRequests: string[] = [];
  /** The chapters a card's content lists (none unless set). */
  chaptersByCard = new Map<string, CardDetail['chapters']>();
  private contentInFlight = 0;
  /** The most content requests that were running at the same time. */
  peakContentInFlight = 0;
  /** Devices whose configuration (and so alarm list) was asked for, in order. */
  readonly configRequests: string[] = [];
  /** Every alarm list written, in order. */
  readonly alarmWrites: Array<{ deviceId: string; alarms: string[] }> = [];
  /** When set, alarm writes fail with this error (as a provider error reaches the UI). */
  failAlarmWrite: Error | null = null;
  /** When set, alarm writes wait for it, so a test can see the UI while a write is in flight. */
  alarmWriteGate: Promise<void> | null = null;

  async getPlaylists(): Promise<Playlist[]> {
    if (this.playlistsGate) await this.playlistsGate;
    return this.failPlaylists
      ? Promise.reject(new ProviderError(500, null, 'HTTP 500'))
      : Promise.resolve(this.playlists);
  }

  getDevices(): Promise<Device[]> {
    return Promise.resolve(this.devices);
  }

  getFamilyLibraryGroups(): Promise<FamilyLibraryGroup[]> {
    this.familyGroupsRequests += 1;
    return this.failFamilyGroups
      ? Promise.reject(new ProviderError(502, null, 'HTTP 502'))
      : Promise.resolve(this.familyGroups);
  }

  /** The group with the cards its items name (as the provider answers), or a 502 when told to fail. */
  async getFamilyLibraryGroup(groupId: string): Promise<FamilyLibraryGroupDetail> {
    this.groupDetailRequests.push(groupId);
    await Promise.resolve();
    const group = this.familyGroups.find((g) => g.id === groupId);
    if (!group) throw new ProviderError(404, 'not-found', `Group ${groupId} not found`);
    if (this.failingGroupDetails.has(groupId)) throw new ProviderError(502, null, 'HTTP 502');
    const cards = group.items.flatMap((item) => {
      const card = this.familyCards.get(item.contentId);
      return card ? [{ ...card, groupId: group.id, groupName: group.name, isFromFamilyLibrary: true }] : [];
    });
    return { ...group, cards };
  }

  /** Card content; refused for restricted cards. Counts how many requests ran at once. */
  async getContent(cardId: string): Promise<CardDetail> {
    this.contentRequests.push(cardId);
    this.contentInFlight += 1;
    this.peakContentInFlight = Math.max(this.peakContentInFlight, this.contentInFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (this.restrictedCards.has(cardId)) {
        throw this.restrictedStatus === 403
          ? new ProviderError(403, 'forbidden', 'access to this resource is not allowed')
          : new ProviderError(404, 'not-found', `Card ${cardId} not found`);
      }
      const playlist = this.familyCards.get(cardId) ?? this.playlists.find((p) => p.cardId === cardId);
      if (!playlist) throw new ProviderError(404, 'not-found', `Card ${cardId} not found`);
      return { playlist, chapters: this.chaptersByCard.get(cardId) ?? [] };
    } finally {
      this.contentInFlight -= 1;
    }
  }

  getDeviceConfig(deviceId: string): Promise<DeviceConfig> {
    this.configRequests.push(deviceId);
    return Promise.resolve({
      device: {
        deviceId,
        name: deviceId,
        online: true,
        geoTimezone: this.configExtrasByDevice.get(deviceId)?.geoTimezone ?? null,
        status: this.configExtrasByDevice.get(deviceId)?.status ?? null,
        config: {
          ...this.configExtrasByDevice.get(deviceId)?.config,
          alarms: this.alarmsByDevice.get(deviceId) ?? [],
        },
      },
    });
  }

  /** The provider API's status per player (GET /device-v2/{id}/status); others answer 404. */
  apiStatusByDevice = new Map<string, DeviceApiStatus>();
  /** Players whose API status was asked for, in order. */
  readonly statusRequests: string[] = [];

  getDeviceStatus(deviceId: string): Promise<DeviceApiStatus> {
    this.statusRequests.push(deviceId);
    const status = this.apiStatusByDevice.get(deviceId);
    return status
      ? Promise.resolve(status)
      : Promise.reject(new ProviderError(404, 'not-found', `Device ${deviceId} not found`));
  }

  /** The provider's read-modify-write: `change` gets the list as stored now, not as the UI last read it. */
  async updateDeviceAlarms(
    deviceId: string,
    change: (current: readonly string[]) => string[],
  ): Promise<DeviceConfig> {
    await this.alarmWriteGate;
    if (this.failAlarmWrite) throw this.failAlarmWrite;
    const alarms = change(this.alarmsByDevice.get(deviceId) ?? []);
    this.alarmWrites.push({ deviceId, alarms: [...alarms] });
    this.alarmsByDevice.set(deviceId, [...alarms]);
    return this.getDeviceConfig(deviceId);
  }

  /** Whole-block writes through changeDeviceConfig, in order. */
  readonly configWrites: { deviceId: string; config: DeviceConfigBlock }[] = [];
  /** When set, the next config write fails with it (the block stays as it was). */
  failConfigWrite: Error | null = null;

  /** The same read-modify-write for the whole block: `change` gets the block as stored now. */
  async changeDeviceConfig(
    deviceId: string,
    change: (current: DeviceConfigBlock) => DeviceConfigBlock,
  ): Promise<DeviceConfig> {
    const failure = this.failConfigWrite;
    this.failConfigWrite = null;
    if (failure) throw failure;
    const config = change((await this.getDeviceConfig(deviceId)).device.config);
    this.configWrites.push({ deviceId, config });
    const { alarms, ...rest } = config;
    const extras = this.configExtrasByDevice.get(deviceId);
    this.configExtrasByDevice.set(deviceId, { ...extras, config: rest });
    this.alarmsByDevice.set(deviceId, [...alarms]);
    return this.getDeviceConfig(deviceId);
  }
}

/** The backend's Quick Play Favorites in memory, with its cap as the server keeps it. */
export class InMemoryFavourites implements FavouritesSource {
  pins: Favourite[] = [];
  /** Calls in order, such as "pin card-1". */
  readonly calls: string[] = [];

  private answer(): Promise<FavouriteListAnswer> {
    const pinnedAt = '2026-06-10T06:00:00.000Z';
    return Promise.resolve({
      favourites: this.pins.map((pin) => ({ ...pin, pinnedAt })),
      cap: MAX_FAVOURITES,
    });
  }

  list(): Promise<FavouriteListAnswer> {
    return this.answer();
  }

  pin(cardId: string, title: string): Promise<FavouriteListAnswer> {
    this.calls.push(`pin ${cardId}`);
    if (!canPin(this.pins, cardId)) return Promise.reject(new Error(favouritesFull(MAX_FAVOURITES)));
    this.pins = withPin(this.pins, { cardId, title });
    return this.answer();
  }

  unpin(cardId: string): Promise<FavouriteListAnswer> {
    this.calls.push(`unpin ${cardId}`);
    this.pins = withoutPin(this.pins, cardId);
    return this.answer();
  }
}

export interface TestServices extends AppServices {
  auth: InMemoryAuth;
  library: InMemoryLibrary;
  links: Map<string, InMemoryDeviceLink>;
  /** The presence watches the page opened, in order (one per signed-in page). */
  presenceWatches: InMemoryPresenceWatch[];
  cloud: InMemoryCloud;
  favourites: InMemoryFavourites;
  alarmHolds: InMemoryAlarmHolds;
  alarmHistory: InMemoryAlarmHistory;
}

export function createTestServices(
  options: {
    token?: string | null;
    refusingDevices?: string[];
    /** The status requests after connecting and the 30 s poll: off unless asked, as their timers would add
     * requests to every test's command log. */
    statusPolling?: boolean;
  } = {},
): TestServices {
  const auth = new InMemoryAuth(options.token === undefined ? 'stored-token' : options.token);
  const library = new InMemoryLibrary();
  const links = new Map<string, InMemoryDeviceLink>();
  const devices = new DeviceLinkRegistry({
    getAccessToken: () => auth.getAccessToken(),
    createLink: (deviceId, getAccessToken) => {
      const link = new InMemoryDeviceLink(!options.refusingDevices?.includes(deviceId), { getAccessToken });
      links.set(deviceId, link);
      return Promise.resolve(link);
    },
    scheduleFrame: (callback) => setTimeout(callback, 0),
    statusPolling: options.statusPolling ?? false,
    log: () => undefined,
  });
  const presenceWatches: InMemoryPresenceWatch[] = [];
  const presence = new PresenceWatcher({
    getAccessToken: () => auth.getAccessToken(),
    createWatch: () => {
      const watch = new InMemoryPresenceWatch();
      presenceWatches.push(watch);
      return Promise.resolve(watch);
    },
    report: (deviceId, state) => devices.noteWatchedPresence(deviceId, state),
    forget: () => devices.forgetWatchedPresence(),
    log: () => undefined,
  });
  const cloud = new InMemoryCloud();
  const alarmHolds = new InMemoryAlarmHolds(library);
  const alarmHistory = new InMemoryAlarmHistory();
  return {
    config: testConfig,
    auth,
    library,
    devices,
    presence,
    presenceWatches,
    links,
    cloud,
    loadCloud: () => Promise.resolve(cloud),
    alarmTypes: new AlarmTypeMemory(new MemoryStore()),
    favourites: new InMemoryFavourites(),
    alarmHolds,
    // One backend client serves both, as the cloud client does.
    loadAlarmHolds: () =>
      Promise.resolve({
        listAlarmHolds: (deviceId) => alarmHolds.listAlarmHolds(deviceId),
        changeAlarmHold: (deviceId, request) => alarmHolds.changeAlarmHold(deviceId, request),
        alarmHistory: (deviceId, page) => alarmHistory.alarmHistory(deviceId, page),
        recordObservedPlay: (deviceId, request) => alarmHistory.recordObservedPlay(deviceId, request),
      }),
    alarmHistory,
  };
}

// The entity builders every package's tests share.
export { makeDevice, makePlaylist } from '@playlist-alarms/core/test/fixtures/builders';
