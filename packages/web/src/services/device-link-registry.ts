import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/mqtt-commands';
import type { DeviceLink, DeviceMessage, LinkStatus } from '@playlist-alarms/provider/device-link-types';
import { parseDeviceEvents } from '@playlist-alarms/core/device-messages';
import type { DeviceEvents } from '@playlist-alarms/core/device-messages';
import {
  initialPlaybackState,
  playbackEventFromStatus,
  playbackReducer,
} from '@playlist-alarms/core/playback-state';
import type { PlaybackAction, PlaybackState } from '@playlist-alarms/core/playback-state';
import { FrameBatcher, animationFrameScheduler } from './frame-batcher';
import type { FrameScheduler } from './frame-batcher';

// One device link per player, and the realtime state components read (link statuses and the
// per-card playback state of SPEC §4). Components subscribe with useSyncExternalStore; device
// events are validated with core's schemas and applied once per animation frame.

export type LinkFactory = (deviceId: string) => Promise<DeviceLink>;

export interface RealtimeSnapshot {
  links: Readonly<Record<string, LinkStatus>>;
  playback: PlaybackState;
}

export interface DeviceEventNotice {
  deviceId: string;
  events: DeviceEvents;
}

export type ConnectOutcome = 'connected' | 'no-token' | 'failed';

export interface DeviceLinkRegistryOptions {
  createLink: LinkFactory;
  getAccessToken: () => Promise<string | null>;
  scheduleFrame?: FrameScheduler;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export class DeviceLinkRegistry {
  private snapshot: RealtimeSnapshot = { links: {}, playback: initialPlaybackState };
  private readonly links = new Map<string, Promise<DeviceLink>>();
  /** The same links once created, for synchronous sends. */
  private readonly resolved = new Map<string, DeviceLink>();
  private readonly unsubscribers = new Map<string, Array<() => void>>();
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(notice: DeviceEventNotice) => void>();
  private readonly batcher: FrameBatcher<DeviceEventNotice>;
  private readonly log: NonNullable<DeviceLinkRegistryOptions['log']>;

  constructor(private readonly options: DeviceLinkRegistryOptions) {
    this.batcher = new FrameBatcher(
      (items) => this.applyEvents(items),
      options.scheduleFrame ?? animationFrameScheduler,
    );
    this.log = options.log ?? ((level, message) => console[level](`[devices] ${message}`));
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): RealtimeSnapshot => this.snapshot;

  /** Every validated device event, after it was applied to the playback state. */
  onDeviceEvent(listener: (notice: DeviceEventNotice) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private status(deviceId: string): LinkStatus {
    return this.snapshot.links[deviceId] ?? 'disconnected';
  }

  /** The device playback commands go to: the one playing, else the first connected one. */
  activeDeviceId(): string | null {
    const playing = this.snapshot.playback.deviceId;
    if (playing && this.status(playing) === 'connected') return playing;
    const connected = Object.entries(this.snapshot.links).find(([, status]) => status === 'connected');
    return connected ? connected[0] : null;
  }

  async connect(deviceId: string): Promise<ConnectOutcome> {
    if (this.status(deviceId) === 'connected') return 'connected';
    const token = await this.options.getAccessToken();
    if (!token) return 'no-token';
    try {
      const link = await this.linkFor(deviceId);
      return (await link.connect(deviceId, token)) ? 'connected' : 'failed';
    } catch (error) {
      this.log('error', `connect ${deviceId} failed: ${String(error)}`);
      return 'failed';
    }
  }

  /** False when the device is not connected: nothing is sent. */
  send<K extends DeviceCommandName>(deviceId: string, name: K, payload: DevicePayloads[K]): boolean {
    if (this.status(deviceId) !== 'connected') return false;
    const link = this.resolved.get(deviceId);
    return link ? link.send(name, payload) : false;
  }

  /** Local play, pause, resume and stop set the playback flags too (SPEC §4). */
  applyLocal(action: PlaybackAction): void {
    this.setSnapshot({ ...this.snapshot, playback: playbackReducer(this.snapshot.playback, action) });
  }

  /** Logout: every link ends and the realtime state is forgotten. */
  async disposeAll(): Promise<void> {
    const links = [...this.links.values()];
    this.links.clear();
    for (const unsubscribe of [...this.unsubscribers.values()].flat()) unsubscribe();
    this.unsubscribers.clear();
    this.resolved.clear();
    this.setSnapshot({ links: {}, playback: initialPlaybackState });
    await Promise.all(links.map(async (link) => (await link).dispose()));
  }

  private linkFor(deviceId: string): Promise<DeviceLink> {
    const existing = this.links.get(deviceId);
    if (existing) return existing;
    const created = this.options.createLink(deviceId).then((link) => {
      this.resolved.set(deviceId, link);
      this.unsubscribers.set(deviceId, [
        link.onStatus((status) => this.setLinkStatus(deviceId, status)),
        link.onMessage((message) => this.receive(deviceId, message)),
      ]);
      return link;
    });
    // A failed factory (e.g. the MQTT chunk did not load) must not poison later attempts.
    created.catch(() => this.links.delete(deviceId));
    this.links.set(deviceId, created);
    return created;
  }

  private setLinkStatus(deviceId: string, status: LinkStatus): void {
    if (this.snapshot.links[deviceId] === status) return;
    this.setSnapshot({ ...this.snapshot, links: { ...this.snapshot.links, [deviceId]: status } });
  }

  private receive(deviceId: string, message: DeviceMessage): void {
    if (message.kind !== 'events') return;
    const events = parseDeviceEvents(message.payload);
    if (!events) {
      this.log('warn', `dropped malformed events message from ${deviceId}`);
      return;
    }
    this.batcher.push({ deviceId, events });
  }

  private applyEvents(items: DeviceEventNotice[]): void {
    let playback = this.snapshot.playback;
    for (const item of items) {
      const action = playbackEventFromStatus(item.events.playbackStatus, item.events.cardId, item.deviceId);
      if (action) playback = playbackReducer(playback, action);
    }
    this.setSnapshot({ ...this.snapshot, playback });
    for (const item of items) for (const listener of this.eventListeners) listener(item);
  }

  private setSnapshot(next: RealtimeSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
