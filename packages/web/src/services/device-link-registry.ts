import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import type { DeviceLink, DeviceMessage, LinkStatus } from '@playlist-alarms/provider/device-link-types';
import { TIMINGS_MS } from '@playlist-alarms/core/shared/constants';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { bluetoothResultKey, mergeEvents } from '@playlist-alarms/core/device/device-message-fields';
import type * as DeviceMessages from '@playlist-alarms/core/device/device-messages';
import type { DeviceEvents, DeviceMqttStatus } from '@playlist-alarms/core/device/device-messages';
import { playbackEventFromStatus, playbackReducer } from '@playlist-alarms/core/device/playback-state';
import { presenceFromShutDown } from '@playlist-alarms/core/device/player-presence';
import type { LivePresence } from '@playlist-alarms/core/device/player-presence';
import type { PlaybackAction } from '@playlist-alarms/core/device/playback-state';
import { FrameBatcher, animationFrameScheduler } from './frame-batcher';
import type { FrameScheduler } from './frame-batcher';
import { changesNothing, emptySnapshot, mergeStatus, NO_DEVICE_DATA } from './realtime-snapshot';
import type { DeviceRealtime, RealtimeSnapshot } from './realtime-snapshot';
import { StatusPoller } from './status-poller';

// One device link per player, and the realtime state components read: link statuses, the
// per-card playback state, and per player the merged MQTT status, the merged events and
// the last command response with a Bluetooth result. Components subscribe with
// useSyncExternalStore (use-realtime.ts) to one player's slice; every message is validated with
// core's schemas and applied once per animation frame, and a slice whose content a message does
// not change keeps its object. A player's slice lasts one connection: a disconnect forgets it, so
// the device card shows no data rather than the last session's ("No status data available
// for {device}").

/**
 * Makes a player's link. `getAccessToken` is the registry's token source: a link given it renews its
 * session before the broker ends it at the token's expiry (and recovers when it did anyway).
 */
type LinkFactory = (deviceId: string, getAccessToken: () => Promise<string | null>) => Promise<DeviceLink>;

type MessageSchemas = Pick<
  typeof DeviceMessages,
  'parseDeviceEvents' | 'parseDeviceStatus' | 'parseCommandResponse' | 'parseDevicePresence'
>;

// The message schemas load with the first link (whose MQTT chunk loads then too): until a player
// is connected no message arrives, and the logged-in view's first download stays without them.
const loadMessageSchemas = (): Promise<MessageSchemas> =>
  import('@playlist-alarms/core/device/device-messages');

interface DeviceEventNotice {
  deviceId: string;
  events: DeviceEvents;
}

type Incoming = { deviceId: string; epoch: number; session: number | undefined } & (
  | { kind: 'events'; events: DeviceEvents }
  | { kind: 'status'; status: DeviceMqttStatus }
  | { kind: 'response'; status: Record<string, string> }
  | { kind: 'presence'; presence: LivePresence }
);

/**
 * How a connect ended; it never rejects. A failure carries its reason when there is one: the link's
 * own (`connectFailure`, e.g. the broker refused the login), or why the token could not be fetched,
 * the link could not be made or its connect threw; null when the attempt was superseded.
 */
export type ConnectOutcome =
  { status: 'connected' } | { status: 'no-token' } | { status: 'failed'; reason: string | null };

interface DeviceLinkRegistryOptions {
  createLink: LinkFactory;
  getAccessToken: () => Promise<string | null>;
  scheduleFrame?: FrameScheduler;
  /** The requests after connecting and the 30 s status poll; on unless a test turns it off. */
  statusPolling?: boolean;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export class DeviceLinkRegistry {
  private snapshot: RealtimeSnapshot = emptySnapshot();
  private readonly links = new Map<string, Promise<DeviceLink>>();
  /** The same links once created, for synchronous sends. */
  private readonly resolved = new Map<string, DeviceLink>();
  private readonly unsubscribers = new Map<string, Array<() => void>>();
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(notice: DeviceEventNotice) => void>();
  private readonly batcher: FrameBatcher<Incoming>;
  private readonly poller: StatusPoller | null;
  private readonly log: NonNullable<DeviceLinkRegistryOptions['log']>;
  private responseSeq = 0;
  /** Set before the first link subscribes, so every message finds it. */
  private schemas: MessageSchemas | null = null;
  /** Per player, the Bluetooth command last sent ('state', 'on', …), for responses keyed `bluetooth`. */
  private readonly lastBluetoothCommand = new Map<string, string>();
  private lastSession = 0;
  /** Grows at logout, so messages still waiting for a frame cannot bring old state back. */
  private epoch = 0;

  constructor(private readonly options: DeviceLinkRegistryOptions) {
    this.batcher = new FrameBatcher(
      (items) => this.apply(items),
      options.scheduleFrame ?? animationFrameScheduler,
    );
    this.poller =
      options.statusPolling === false
        ? null
        : new StatusPoller(
            {
              afterConnectMs: TIMINGS_MS.afterMqttConnect,
              firstPollMs: TIMINGS_MS.firstStatusPoll,
              pollMs: TIMINGS_MS.statusPoll,
            },
            (deviceId) => this.requestStatus(deviceId),
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

  status(deviceId: string): LinkStatus {
    return this.snapshot.links[deviceId] ?? 'disconnected';
  }

  /** The number of the player's connection while it is connected; null otherwise. */
  session(deviceId: string): number | null {
    return this.status(deviceId) === 'connected' ? (this.snapshot.sessions[deviceId] ?? null) : null;
  }

  /** The device playback commands go to: the one playing, else the first connected one. */
  activeDeviceId(): string | null {
    const playing = this.snapshot.playback.deviceId;
    if (playing && this.status(playing) === 'connected') return playing;
    const connected = Object.entries(this.snapshot.links).find(([, status]) => status === 'connected');
    return connected ? connected[0] : null;
  }

  /**
   * The device a card's Pause, Resume or Stop goes to: the one the card plays on, and nobody when
   * that one is no longer connected (another connected player is not playing it). With no player
   * recorded, the first connected one.
   */
  playbackDeviceId(): string | null {
    const playing = this.snapshot.playback.deviceId;
    if (playing) return this.status(playing) === 'connected' ? playing : null;
    return this.activeDeviceId();
  }

  async connect(deviceId: string): Promise<ConnectOutcome> {
    if (this.status(deviceId) === 'connected') return { status: 'connected' };
    try {
      // Inside the try: a session check that fails (the server down) is a failed connect, told
      // like any other, not a rejection every caller would have to catch.
      const token = await this.options.getAccessToken();
      if (!token) return { status: 'no-token' };
      const link = await this.linkFor(deviceId);
      return (await link.connect(deviceId, token))
        ? { status: 'connected' }
        : { status: 'failed', reason: link.connectFailure };
    } catch (error) {
      this.log('error', `connect ${deviceId} failed: ${String(error)}`);
      return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Ends one player's session; its polling stops and the link reports 'disconnected'. */
  async disconnect(deviceId: string): Promise<void> {
    this.poller?.stop(deviceId);
    const link = this.links.get(deviceId);
    if (!link) return;
    try {
      await (await link).disconnect();
    } catch (error) {
      this.log('warn', `disconnect ${deviceId} failed: ${String(error)}`);
    }
  }

  /**
   * False when the device is not connected: nothing is sent and the page logs "MQTT client not connected"
   * is logged here, since the link is never asked. A link that refuses by itself logs the line itself.
   */
  send<K extends DeviceCommandName>(deviceId: string, name: K, payload: DevicePayloads[K]): boolean {
    const link = this.resolved.get(deviceId);
    if (this.status(deviceId) !== 'connected' || !link) {
      this.log('warn', MESSAGES.mqttClientNotConnected);
      return false;
    }
    const sent = link.send(name, payload);
    const [resource, command] = name.split('/');
    if (sent && resource === 'bluetooth' && command) this.lastBluetoothCommand.set(deviceId, command);
    return sent;
  }

  /** Asks the player for its status and its events; false when it is not connected. */
  requestStatus(deviceId: string): boolean {
    // One refused request, one log line: events are not tried once status was refused.
    return this.send(deviceId, 'status/request', null) && this.send(deviceId, 'events/request', null);
  }

  /**
   * What the family's presence watch heard, kept until logout or until the watch loses its session
   * (null: forget every player's, as what it heard may have changed unheard). The card's playback
   * follows the player's link alone (the watch and the link hear the same presence).
   */
  noteWatchedPresence(deviceId: string, presence: LivePresence): void {
    const { watched } = this.snapshot;
    if (watched[deviceId] !== presence)
      this.setSnapshot({ ...this.snapshot, watched: { ...watched, [deviceId]: presence } });
  }
  forgetWatchedPresence(): void {
    if (Object.keys(this.snapshot.watched).length > 0) this.setSnapshot({ ...this.snapshot, watched: {} });
  }

  /** Local play, pause, resume and stop set the playback flags too, before the player's events confirm them. */
  applyLocal(action: PlaybackAction): void {
    const playback = playbackReducer(this.snapshot.playback, action);
    if (playback !== this.snapshot.playback) this.setSnapshot({ ...this.snapshot, playback });
  }

  /** Logout: every link ends and the realtime state is forgotten. */
  async disposeAll(): Promise<void> {
    this.poller?.stopAll();
    this.epoch += 1;
    const links = [...this.links.values()];
    this.links.clear();
    for (const unsubscribe of [...this.unsubscribers.values()].flat()) unsubscribe();
    this.unsubscribers.clear();
    this.resolved.clear();
    this.lastBluetoothCommand.clear();
    this.setSnapshot(emptySnapshot());
    await Promise.all(links.map(async (link) => (await link).dispose()));
  }

  private linkFor(deviceId: string): Promise<DeviceLink> {
    const existing = this.links.get(deviceId);
    if (existing) return existing;
    const created = Promise.all([
      this.options.createLink(deviceId, this.options.getAccessToken),
      loadMessageSchemas(),
    ]).then(([link, schemas]) => {
      this.schemas = schemas;
      this.resolved.set(deviceId, link);
      this.unsubscribers.set(deviceId, [
        link.onStatus((status) => this.setLinkStatus(deviceId, status)),
        link.onCloseReason((reason) => this.setCloseReason(deviceId, reason)),
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
    const previous = this.snapshot.links[deviceId];
    if (previous === status) return;
    // Whoever connected the player (device tab, Play, an alarm), the requests and the poll follow.
    if (status === 'connected') this.poller?.start(deviceId);
    else this.poller?.stop(deviceId);
    const { sessions, devices } = this.snapshot;
    // A session starts when the link leaves 'disconnected', so what arrives while it connects is its
    // own; its data ends with it. The playback state is left to events and local actions.
    const starts = status !== 'disconnected' && (previous ?? 'disconnected') === 'disconnected';
    const { [deviceId]: _ended, ...others } = devices;
    this.setSnapshot({
      ...this.snapshot,
      links: { ...this.snapshot.links, [deviceId]: status },
      sessions: starts ? { ...sessions, [deviceId]: ++this.lastSession } : sessions,
      devices: status === 'disconnected' && deviceId in devices ? others : devices,
    });
  }

  private setCloseReason(deviceId: string, reason: string | null): void {
    const { [deviceId]: previous, ...others } = this.snapshot.closeReasons;
    if ((previous ?? null) === reason) return;
    this.setSnapshot({
      ...this.snapshot,
      closeReasons: reason === null ? others : { ...others, [deviceId]: reason },
    });
  }

  /** The session of a link that is connecting or connected; undefined once it ended. */
  private liveSession(deviceId: string): number | undefined {
    return this.status(deviceId) === 'disconnected' ? undefined : this.snapshot.sessions[deviceId];
  }

  private receive(deviceId: string, message: DeviceMessage): void {
    const item = this.validate(deviceId, message);
    if (item) this.batcher.push(item);
    else this.log('warn', `dropped malformed ${message.kind} message from ${deviceId}`);
  }

  private validate(deviceId: string, message: DeviceMessage): Incoming | null {
    const { schemas } = this;
    if (schemas === null) return null; // no link subscribes before they are loaded
    const { parseDeviceEvents, parseDeviceStatus, parseCommandResponse, parseDevicePresence } = schemas;
    const stamp = { deviceId, epoch: this.epoch, session: this.liveSession(deviceId) };
    switch (message.kind) {
      case 'events': {
        const events = parseDeviceEvents(message.payload);
        return events ? { ...stamp, kind: 'events', events } : null;
      }
      case 'status': {
        const status = parseDeviceStatus(message.payload);
        return status ? { ...stamp, kind: 'status', status } : null;
      }
      case 'response': {
        const status = parseCommandResponse(message.payload);
        return status ? { ...stamp, kind: 'response', status } : null;
      }
      case 'presence': {
        const presence = parseDevicePresence(message.payload)?.state;
        return presence ? { ...stamp, kind: 'presence', presence } : null;
      }
    }
  }

  private apply(items: Incoming[]): void {
    const fresh = items.filter((item) => item.epoch === this.epoch);
    if (fresh.length === 0) return;
    let playback = this.snapshot.playback;
    const devices: Record<string, DeviceRealtime> = { ...this.snapshot.devices };
    let devicesChanged = false;
    const notices: DeviceEventNotice[] = [];
    const notePresence = (deviceId: string, presence: LivePresence, live: boolean) => {
      const now = devices[deviceId] ?? NO_DEVICE_DATA;
      if (live && now.presence !== presence) {
        devices[deviceId] = { ...now, presence };
        devicesChanged = true;
      }
      // A switched-off player plays nothing: the card it played is idle again.
      if (presence === 'offline')
        playback = playbackReducer(playback, { type: 'deviceEvent', status: 'stopped', deviceId });
    };
    for (const item of fresh) {
      const current = devices[item.deviceId] ?? NO_DEVICE_DATA;
      // A message that waited for this frame while its player disconnected: its data stays out of
      // the forgotten slice (an event still moves the playback state below, as any received event does).
      const live = item.session !== undefined && item.session === this.liveSession(item.deviceId);
      switch (item.kind) {
        case 'events': {
          // Events are deltas: a 'playing' one may leave out the card an earlier one named.
          const merged = live ? mergeEvents(current.events, item.events) : item.events;
          if (live && !changesNothing(current.events, item.events)) {
            devices[item.deviceId] = { ...current, events: merged };
            devicesChanged = true;
          }
          const action = playbackEventFromStatus(item.events.playbackStatus, merged.cardId, item.deviceId);
          if (action) playback = playbackReducer(playback, action);
          notices.push({ deviceId: item.deviceId, events: item.events });
          break;
        }
        case 'status': {
          if (live && !changesNothing(current.status, item.status)) {
            devices[item.deviceId] = { ...current, status: mergeStatus(current.status, item.status) };
            devicesChanged = true;
          }
          const presence = presenceFromShutDown(item.status.shutDown);
          if (presence) notePresence(item.deviceId, presence, live);
          break;
        }
        case 'presence':
          notePresence(item.deviceId, item.presence, live);
          break;
        case 'response':
          if (!live || bluetoothResultKey(item.status) === undefined) break;
          // Always new: the Bluetooth banner shows the same answer twice when it comes twice.
          this.responseSeq += 1;
          devices[item.deviceId] = {
            ...current,
            bluetoothResponse: {
              status: item.status,
              seq: this.responseSeq,
              sentCommand: this.lastBluetoothCommand.get(item.deviceId),
            },
          };
          devicesChanged = true;
          break;
      }
    }
    if (devicesChanged || playback !== this.snapshot.playback) {
      this.setSnapshot({
        ...this.snapshot,
        playback,
        devices: devicesChanged ? devices : this.snapshot.devices,
      });
    }
    for (const notice of notices) for (const listener of this.eventListeners) listener(notice);
  }

  private setSnapshot(next: RealtimeSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
