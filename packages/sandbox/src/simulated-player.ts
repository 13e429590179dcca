// One simulated player: answers the commands of core's typed map the way PROVIDER-API.md says a
// real player does, keeps its playback clock, and publishes events, status and responses.
import { deviceTopics } from '@playlist-alarms/core/mqtt-commands';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/mqtt-commands';
import { parseCardUri } from './card-uri';
import { commandSchemas, decodePayload, isCommandName, responseKey } from './command-schemas';
import type { SeedCard, SeedDevice } from './household';
import { IDLE_PLAYBACK, apiStatus, fullEvents, initialState, mqttStatus, rgbToHex } from './player-state';
import type { PlayerState } from './player-state';

export type Publish = (topic: string, message: unknown) => void;
/** A card this player's family may play, or undefined. */
export type CardLookup = (cardId: string) => SeedCard | undefined;
export type ButtonAction = 'pause' | 'resume' | 'stop';

/** Seconds between progress deltas while playing. */
const PROGRESS_EVERY = 5;

type Handlers = { [K in DeviceCommandName]: (payload: DevicePayloads[K]) => boolean };

export class SimulatedPlayer {
  private state: PlayerState;
  private card: SeedCard | null = null;
  private chapterIndex = 0;
  private trackIndex = 0;
  private previewUntil = 0;
  private readonly topics: ReturnType<typeof deviceTopics>;

  constructor(
    private readonly device: SeedDevice,
    private readonly lookupCard: CardLookup,
    private readonly publish: Publish,
    private readonly clock: () => number = Date.now,
  ) {
    this.state = initialState(device, clock());
    this.topics = deviceTopics(device.deviceId);
  }

  get deviceId(): string {
    return this.device.deviceId;
  }

  get online(): boolean {
    return this.state.online;
  }

  /** A copy, so callers cannot change the player behind its back. */
  snapshot(): PlayerState {
    return structuredClone(this.state);
  }

  apiStatus(): Record<string, unknown> {
    return apiStatus(this.state, this.device, this.clock());
  }

  /** Coming back online, a player announces itself with full events and status. */
  setOnline(online: boolean): void {
    const wasOnline = this.state.online;
    this.state.online = online;
    if (online && !wasOnline) {
      this.publishEvents(fullEvents(this.state, this.clock()));
      this.publishStatus();
    }
  }

  /** A message on device/{id}/command/{name}. An offline player never hears it. */
  handleCommand(name: string, raw: Buffer): void {
    if (!this.state.online) return;
    const ok = isCommandName(name) && this.run(name, decodePayload(raw));
    const result = ok ? 'OK' : 'FAIL';
    this.state.lastCommand = { name, result, at: new Date(this.clock()).toISOString() };
    this.publish(this.topics.response, {
      status: { [responseKey(name)]: result, req_body: raw.toString('utf8') },
    });
  }

  /** Someone presses the player itself: the same events, no response message. */
  pressButton(action: ButtonAction): boolean {
    if (action === 'pause') return this.pause();
    if (action === 'resume') return this.resume();
    return this.stop();
  }

  /** Called once a second by the fleet's clock. */
  tick(): void {
    const now = this.clock();
    if (this.state.displayPreview && now >= this.previewUntil) this.state.displayPreview = null;
    if (this.state.sleepTimerActive) this.tickSleepTimer();
    if (this.state.playbackStatus !== 'playing') return;
    this.state.position += 1;
    if (this.state.cutOff !== null && this.state.position >= this.state.cutOff) {
      this.stop();
    } else if (this.state.position >= this.state.trackLength) {
      this.nextTrack();
    } else if (this.state.position % PROGRESS_EVERY === 0) {
      this.publishEvents({ position: this.state.position, playbackStatus: 'playing' });
    }
  }

  private run<K extends DeviceCommandName>(name: K, payload: unknown): boolean {
    const parsed = commandSchemas[name].safeParse(payload);
    return parsed.success && this.handlers[name](parsed.data);
  }

  private readonly handlers: Handlers = {
    'status/request': () => {
      this.publishStatus();
      return true;
    },
    'events/request': () => {
      this.publishEvents(fullEvents(this.state, this.clock()));
      return true;
    },
    'volume/set': ({ volume }) => {
      const limit = Number(this.device.config.maxVolumeLimit);
      this.state.volume = Math.min(Math.round((volume / 100) * this.state.volumeMax), limit);
      this.publishEvents({ volume: this.state.volume, volumeMax: this.state.volumeMax });
      return true;
    },
    'ambients/set': (colour) => {
      this.state.ambientColour = colour;
      this.state.nightlightMode = rgbToHex(colour);
      return true;
    },
    'sleep-timer/set': ({ seconds }) => {
      this.state.sleepTimerActive = seconds > 0;
      this.state.sleepTimerSeconds = seconds;
      this.publishEvents({ sleepTimerActive: seconds > 0, sleepTimerSeconds: seconds });
      return true;
    },
    reboot: () => {
      this.clearPlayback();
      this.state.sleepTimerActive = false;
      this.state.sleepTimerSeconds = 0;
      this.state.bootedAt = this.clock();
      this.state.rebootCount += 1;
      this.publishEvents(fullEvents(this.state, this.clock()));
      this.publishStatus();
      return true;
    },
    'card/start': (payload) => this.start(payload),
    'card/stop': () => this.stop(),
    'card/pause': () => this.pause(),
    'card/resume': () => this.resume(),
    'bluetooth/on': ({ mode, mac, name }) => {
      const target = mac ?? name;
      this.state.bluetooth.enabled = true;
      this.state.bluetooth.mode = mode;
      if (target !== undefined) {
        if (!this.state.bluetooth.bonds.includes(target)) this.state.bluetooth.bonds.push(target);
        this.state.bluetooth.connected = true;
      }
      return true;
    },
    'bluetooth/off': () => {
      this.state.bluetooth = { ...this.state.bluetooth, enabled: false, connected: false };
      return true;
    },
    'bluetooth/delete-bonds': () => {
      this.state.bluetooth = { ...this.state.bluetooth, connected: false, bonds: [] };
      return true;
    },
    'bluetooth/connect': () => {
      const { enabled, bonds } = this.state.bluetooth;
      if (!enabled || bonds.length === 0) return false;
      this.state.bluetooth.connected = true;
      return true;
    },
    'bluetooth/disconnect': () => {
      this.state.bluetooth.connected = false;
      return true;
    },
    'bluetooth/state': () => true,
    'display/preview': (preview) => {
      this.state.displayPreview = preview;
      this.previewUntil = this.clock() + preview.timeout * 1000;
      return true;
    },
  };

  private start(payload: DevicePayloads['card/start']): boolean {
    const target = parseCardUri(payload.uri);
    const card = target ? this.lookupCard(target.cardId) : undefined;
    if (!target || !card) return false;
    const chapterKey = payload.chapterKey ?? target.chapterKey;
    const chapterIndex =
      chapterKey === null ? 0 : card.chapters.findIndex((c) => String(c.key) === chapterKey);
    const chapter = card.chapters[chapterIndex];
    if (!chapter) return false;
    const trackKey = payload.trackKey ?? target.trackKey;
    const trackIndex = trackKey === null ? 0 : chapter.tracks.findIndex((t) => String(t.key) === trackKey);
    if (!chapter.tracks[trackIndex]) return false;
    this.card = card;
    this.publishEvents({ cardId: card.cardId, playbackStatus: 'loading' });
    this.enterTrack(chapterIndex, trackIndex, payload.secondsIn ?? 0);
    this.state.cutOff = payload.cutOff ?? null;
    this.state.source = 'remote';
    this.publishEvents(this.playbackEvent());
    return true;
  }

  private enterTrack(chapterIndex: number, trackIndex: number, position: number): void {
    const chapter = this.card?.chapters[chapterIndex];
    const track = chapter?.tracks[trackIndex];
    if (!this.card || !chapter || !track) return;
    this.chapterIndex = chapterIndex;
    this.trackIndex = trackIndex;
    Object.assign(this.state, {
      playbackStatus: 'playing',
      cardId: this.card.cardId,
      chapterKey: String(chapter.key),
      chapterTitle: chapter.title,
      trackKey: String(track.key),
      trackTitle: track.title,
      trackLength: track.duration,
      position: Math.min(Math.floor(position), Math.max(track.duration - 1, 0)),
    } satisfies Partial<PlayerState>);
  }

  private nextTrack(): void {
    const chapters = this.card?.chapters ?? [];
    const chapter = chapters[this.chapterIndex];
    if (chapter && this.trackIndex + 1 < chapter.tracks.length) {
      this.enterTrack(this.chapterIndex, this.trackIndex + 1, 0);
    } else if (this.chapterIndex + 1 < chapters.length) {
      this.enterTrack(this.chapterIndex + 1, 0, 0);
    } else if (this.state.repeatAll && chapters.length > 0) {
      this.enterTrack(0, 0, 0);
    } else {
      this.stop();
      return;
    }
    this.publishEvents(this.playbackEvent());
  }

  private pause(): boolean {
    if (this.state.playbackStatus !== 'playing') return false;
    this.state.playbackStatus = 'paused';
    this.publishEvents({ playbackStatus: 'paused', position: this.state.position });
    return true;
  }

  private resume(): boolean {
    if (this.state.playbackStatus !== 'paused') return false;
    this.state.playbackStatus = 'playing';
    this.publishEvents({ playbackStatus: 'playing', position: this.state.position });
    return true;
  }

  private stop(): boolean {
    this.clearPlayback();
    this.publishEvents({ cardId: 'none', playbackStatus: 'stopped' });
    return true;
  }

  private clearPlayback(): void {
    this.card = null;
    Object.assign(this.state, IDLE_PLAYBACK);
  }

  private tickSleepTimer(): void {
    this.state.sleepTimerSeconds = Math.max(this.state.sleepTimerSeconds - 1, 0);
    if (this.state.sleepTimerSeconds > 0) return;
    this.state.sleepTimerActive = false;
    if (this.state.playbackStatus === 'playing' || this.state.playbackStatus === 'paused') this.stop();
    this.publishEvents({ sleepTimerActive: false, sleepTimerSeconds: 0 });
  }

  private playbackEvent(): Record<string, unknown> {
    const s = this.state;
    return {
      cardId: s.cardId,
      chapterKey: s.chapterKey,
      chapterTitle: s.chapterTitle,
      trackKey: s.trackKey,
      trackTitle: s.trackTitle,
      trackLength: s.trackLength,
      position: s.position,
      playbackStatus: s.playbackStatus,
      source: s.source,
      volume: s.volume,
      volumeMax: s.volumeMax,
      sleepTimerActive: s.sleepTimerActive,
    };
  }

  /** Events go out on the legacy and the documented `data/` topic alike (PROVIDER-API.md). */
  private publishEvents(delta: Record<string, unknown>): void {
    if (!this.state.online) return;
    const message = { ...delta, eventUtc: Math.floor(this.clock() / 1000) };
    this.publish(this.topics.events, message);
    this.publish(this.topics.dataEvents, message);
  }

  private publishStatus(): void {
    if (!this.state.online) return;
    const message = mqttStatus(this.state, this.device, this.clock());
    this.publish(this.topics.status, message);
    this.publish(this.topics.dataStatus, message);
  }
}
