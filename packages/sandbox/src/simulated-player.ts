// One simulated player: answers the commands of core's typed map the way docs/provider-contract.md says a
// real player does, lives on an injected clock (tick() is one second of its life), and publishes
// events, status and responses. Playback, Bluetooth and battery rules live in their own modules.
// Like a real player it is quiet unless asked: it pushes events only within `eventsWindowMs` of
// the last events/request, and its status on request and once per `statusIntervalMs` on its own.
import { deviceTopics } from '@playlist-alarms/core/device/mqtt-commands';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import { commandSchemas, decodePayload, isCommandName, responseKey } from './command-schemas';
import type { SeedCard, SeedDevice } from './household';
import { OwnAlarms, alarmStart, alarmVolume, recordRang } from './player-alarms';
import { applyPowerKnob, batteryAfterSecond } from './player-battery';
import type { PowerKnob } from './player-battery';
import { applyBluetoothKnob, holdLeftButton, inSpeakerMode, runBluetooth } from './player-bluetooth';
import type { BluetoothCommand, BluetoothKnob } from './player-bluetooth';
import { followDayNight } from './player-day-night';
import { apiStatus, configStatus, fullEvents, mqttStatus, sleepTimerFields } from './player-messages';
import {
  idleTimedOut,
  isUse,
  presenceMessage,
  shutDownStatus,
  wakesOnButton,
  wakesOnPower,
} from './player-power';
import type { ShutDownReason } from './player-power';
import { Playback, remoteStart } from './player-playback';
import { sleepTimerSecond } from './player-sleep-timer';
import { DEFAULT_PLAYER_SETTINGS, initialState, nightlightModeOf, playerView } from './player-state';
import { volumeForPercent, volumeLimitAt } from './player-volume';
import type { PlayerSettings, PlayerState, PlayerView } from './player-state';

export type Publish = (topic: string, message: unknown) => void;
/** A card this player's family may play, or undefined. */
type CardLookup = (cardId: string) => SeedCard | undefined;
type ButtonAction = 'pause' | 'resume' | 'stop';
type Environment = { wifiStrength?: number | undefined; headphones?: boolean | undefined };

/** Seconds between progress deltas while playing (and sleep timer deltas while idle). */
const PROGRESS_EVERY = 5;

type Handlers = { [K in DeviceCommandName]: (payload: DevicePayloads[K]) => boolean };

export class SimulatedPlayer {
  private readonly state: PlayerState;
  private readonly playback: Playback;
  private readonly topics: ReturnType<typeof deviceTopics>;
  private settings: PlayerSettings;
  private previewUntil = 0;
  private rebootUntil = 0;
  /** When the status cycle last sent one on its own: requests do not move it. */
  private lastCycleStatusAt: number;
  private readonly ownAlarms: OwnAlarms;

  constructor(
    private readonly device: SeedDevice,
    private readonly lookupCard: CardLookup,
    private readonly publish: Publish,
    private readonly clock: () => number = Date.now,
    settings: Partial<PlayerSettings> = {},
  ) {
    this.state = initialState(device, clock());
    this.settings = { ...DEFAULT_PLAYER_SETTINGS, ...settings };
    this.playback = new Playback(this.state, (delta) => this.publishEvents(delta));
    this.topics = deviceTopics(device.deviceId);
    this.lastCycleStatusAt = clock();
    this.ownAlarms = new OwnAlarms(clock());
  }

  get deviceId(): string {
    return this.device.deviceId;
  }

  get online(): boolean {
    return this.state.online;
  }

  /** A copy, so callers cannot change the player behind its back. */
  snapshot(): PlayerView {
    return playerView(this.state, this.settings);
  }

  apiStatus(): Record<string, unknown> {
    return apiStatus(this.state, this.device, this.clock());
  }

  /** The `device.status` block of its config, in the player's own names. */
  configStatus(): Record<string, unknown> {
    return configStatus(this.state, this.device, this.clock());
  }

  /** The network knob. A rebooting or flat player stays offline until that ends. */
  setOnline(online: boolean): void {
    this.state.networkUp = online;
    this.updateOnline();
  }

  /**
   * A message on device/{id}/command/{name}. An offline player never hears it; one in Bluetooth
   * speaker mode ignores it, with no response, until its left button is held (holdLeftButton).
   */
  handleCommand(name: string, raw: Buffer): void {
    if (!this.state.online) return;
    this.state.commandsHeard += 1;
    if (isUse(name)) this.state.lastUsedAt = this.clock();
    if (inSpeakerMode(this.state.bluetooth)) {
      this.state.ignoredCommands += 1;
      return;
    }
    const ok = isCommandName(name) && this.run(name, decodePayload(raw));
    const result = ok ? 'OK' : 'FAIL';
    this.state.lastCommand = { name, result, at: new Date(this.clock()).toISOString() };
    this.publish(this.topics.response, {
      status: { [responseKey(name)]: result, req_body: raw.toString('utf8') },
    });
  }

  /**
   * Someone presses the player itself: the same events (within the events window), no response. A
   * player that switched itself off with charge left wakes up instead.
   */
  pressButton(action: ButtonAction): boolean {
    if (this.state.poweredOff && wakesOnButton(this.state.shutDownReason, this.state.battery)) {
      this.wake();
      return true;
    }
    if (!this.poweredUp) return false;
    this.state.lastUsedAt = this.clock();
    if (action === 'pause') return this.playback.pause();
    if (action === 'resume') return this.playback.resume();
    return this.playback.stop();
  }

  /** Someone holds the left button for `seconds`: 3 or more leave Bluetooth speaker mode. */
  holdLeftButton(seconds: number): boolean {
    if (this.poweredUp) this.state.lastUsedAt = this.clock();
    return this.poweredUp && holdLeftButton(this.state.bluetooth, seconds);
  }

  /** Someone puts a physical card in the slot (it plays from the start) or takes it out (null). */
  insertCard(cardId: string | null): boolean {
    if (!this.poweredUp) return false;
    this.state.lastUsedAt = this.clock();
    if (cardId === null) {
      if (this.state.insertedCardId === null) return false;
      this.state.insertedCardId = null;
      if (this.state.source === 'card') this.playback.stop();
      return true;
    }
    const card = this.lookupCard(cardId);
    if (!card) return false;
    this.state.insertedCardId = card.cardId;
    const at = { chapterKey: null, trackKey: null, secondsIn: 0, cutOff: null, source: 'card' } as const;
    return this.playback.start(card, at);
  }

  /** Changes what the next status says; no knob sends one (status comes when due). */
  setBluetooth(knob: BluetoothKnob): void {
    applyBluetoothKnob(this.state.bluetooth, knob);
  }

  /**
   * Docking boots a switched-off player, and charging a flat one; a battery set to 0 off the dock
   * shuts it down. Taking it off power starts its idle time over.
   */
  setPower(knob: PowerKnob): void {
    this.state.battery = applyPowerKnob(this.state.battery, knob);
    this.state.lastUsedAt = this.clock();
    const { level, powerSource } = this.state.battery;
    if (this.state.poweredOff && wakesOnPower(this.state.shutDownReason, this.state.battery)) {
      this.wake();
    } else if (!this.state.poweredOff && powerSource === 0 && level <= 0) {
      this.shutDown('lowBattery');
    }
  }

  setEnvironment({ wifiStrength, headphones }: Environment): void {
    if (wifiStrength !== undefined) this.state.wifiStrength = wifiStrength;
    if (headphones !== undefined) this.state.headphones = headphones;
  }

  updateSettings(settings: Partial<PlayerSettings>): PlayerSettings {
    this.settings = { ...this.settings, ...settings };
    return { ...this.settings };
  }

  /** One second of the player's life; the fleet calls it once a second, tests call it by hand. */
  tick(): void {
    const now = this.clock();
    if (this.state.rebooting && now >= this.rebootUntil) this.finishBoot();
    if (!this.poweredUp) return;
    if (this.state.displayPreview && now >= this.previewUntil) this.state.displayPreview = null;
    this.tickBattery();
    if (!this.poweredUp) return;
    this.tickIdle(now);
    if (!this.poweredUp) return;
    this.followDayAndNight();
    this.ringOwnAlarm(now);
    if (this.state.sleepTimerActive) this.tickSleepTimer();
    if (this.playback.tick(PROGRESS_EVERY)) {
      const timer = this.state.sleepTimerActive ? sleepTimerFields(this.state) : {};
      this.publishEvents({ position: this.state.position, playbackStatus: 'playing', ...timer });
    }
    if (this.state.online && now - this.lastCycleStatusAt >= this.settings.statusIntervalMs) {
      this.lastCycleStatusAt = now;
      this.publishStatus();
    }
  }

  /** A config PUT: new day and night times or limits take effect at once, not at the next tick. */
  configChanged(): void {
    if (this.poweredUp) this.followDayAndNight();
  }

  /** Mode, light and limit follow the clock and the config; the volume comes down under the limit. */
  private followDayAndNight(): void {
    const delta = followDayNight(this.state, this.device, this.clock());
    if (delta) this.publishEvents({ ...delta });
  }

  /** Its own alarm rings (player-alarms.ts): the alarm's volume, then its card from the start. */
  private ringOwnAlarm(now: number): void {
    const alarm = this.ownAlarms.ringing(this.device, now);
    if (alarm === null) return;
    this.publishEvents(alarmVolume(this.state, alarm, this.volumeLimit(), now));
    const card = this.lookupCard(alarm.cardId);
    recordRang(this.state, alarm, now, card !== undefined && this.playback.start(card, alarmStart(alarm)));
  }

  private volumeLimit(): number {
    return volumeLimitAt(this.device.config, this.device.geoTimezone, this.clock());
  }

  private get poweredUp(): boolean {
    return !this.state.rebooting && !this.state.poweredOff;
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
    // Answers at once, and (re)opens the window in which the player pushes events on its own.
    'events/request': () => {
      this.state.eventsRequestedAt = this.clock();
      this.publishEvents(fullEvents(this.state, this.clock()));
      return true;
    },
    'volume/set': ({ volume }) => {
      this.state.volumeMax = this.volumeLimit();
      this.state.volume = volumeForPercent(volume, this.state.volumeMax);
      this.publishEvents({ volume: this.state.volume, volumeMax: this.state.volumeMax });
      return true;
    },
    'ambients/set': (colour) => {
      // A Mini has no ambient light: it hears the colour and nothing lights up.
      if (this.device.productType === 'mini') return true;
      this.state.ambientColour = colour;
      this.state.nightlightMode = nightlightModeOf(colour);
      return true;
    },
    'sleep-timer/set': ({ seconds }) => {
      this.state.sleepTimerActive = seconds > 0;
      this.state.sleepTimerSeconds = seconds;
      this.publishEvents({ sleepTimerActive: seconds > 0, sleepTimerSeconds: seconds });
      return true;
    },
    reboot: () => {
      this.state.rebootCount += 1;
      this.beginBoot();
      return true;
    },
    'card/start': (payload) => {
      const start = remoteStart(payload, this.lookupCard);
      return start !== null && this.playback.start(start.card, start.at);
    },
    'card/stop': () => this.playback.stop(),
    'card/pause': () => this.playback.pause(),
    'card/resume': () => this.playback.resume(),
    'bluetooth/on': (payload) => this.bluetooth('on', payload),
    'bluetooth/off': () => this.bluetooth('off'),
    'bluetooth/delete-bonds': () => this.bluetooth('delete_bonds'),
    'bluetooth/connect': () => this.bluetooth('connect'),
    'bluetooth/disconnect': () => this.bluetooth('disconnect'),
    'bluetooth/state': () => this.bluetooth('state'),
    'display/preview': (preview) => {
      this.state.displayPreview = preview;
      this.state.lastDisplayPreview = { ...preview, at: new Date(this.clock()).toISOString() };
      this.previewUntil = this.clock() + preview.timeout * 1000;
      return true;
    },
  };

  private bluetooth(
    command: BluetoothCommand,
    payload: DevicePayloads['bluetooth/on'] | null = null,
  ): boolean {
    return runBluetooth(this.state.bluetooth, command, payload);
  }

  /** Reboot, or boot after a flat battery: everything that lives in memory is gone. */
  private beginBoot(): void {
    this.resetVolatile();
    this.state.rebooting = true;
    this.rebootUntil = this.clock() + this.settings.rebootDelayMs;
    this.updateOnline();
  }

  private finishBoot(): void {
    this.state.rebooting = false;
    this.state.bootedAt = this.clock();
    this.updateOnline();
  }

  /** Switched off: it says why on the legacy status topic, then drops off the broker (presence, below). */
  private shutDown(reason: ShutDownReason): void {
    if (this.state.online) {
      this.publish(
        this.topics.status,
        shutDownStatus(mqttStatus(this.state, this.device, this.clock()), reason),
      );
    }
    this.resetVolatile();
    this.state.poweredOff = true;
    this.state.shutDownReason = reason;
    this.updateOnline();
  }

  /** A button or the dock brings a switched-off player back: it boots as after a reboot. */
  private wake(): void {
    this.state.poweredOff = false;
    this.state.shutDownReason = null;
    this.state.lastUsedAt = this.clock();
    this.beginBoot();
  }

  /** Playing counts as use; idle on battery for the config's shutdownTimeout, it switches off. */
  private tickIdle(now: number): void {
    const { playing } = this.playback;
    if (playing) this.state.lastUsedAt = now;
    if (idleTimedOut(this.state, playing, this.device.config.shutdownTimeout, now)) this.shutDown('timeout');
  }

  private resetVolatile(): void {
    this.playback.clear();
    this.state.sleepTimerActive = false;
    this.state.sleepTimerSeconds = 0;
    this.state.displayPreview = null;
    this.state.bluetooth.connected = false;
    this.state.bluetooth.connectedTo = null;
  }

  /**
   * Online is network up, not rebooting, not flat. Coming online, a player announces itself: its
   * status cycle starts over with a status, and full events go out if the window is still open.
   */
  private updateOnline(): void {
    const online = this.state.networkUp && this.poweredUp;
    if (online === this.state.online) return;
    this.state.online = online;
    this.state.lastSeenAt = this.clock();
    // Online when its connection comes up; offline stands in for the broker's last will (this
    // player holds no MQTT connection of its own to leave one).
    this.publish(this.topics.presence, presenceMessage(online, this.clock()));
    if (online) {
      this.publishEvents(fullEvents(this.state, this.clock()));
      this.lastCycleStatusAt = this.clock();
      this.publishStatus();
    }
  }

  private tickBattery(): void {
    const rates = this.settings;
    this.state.battery.level = batteryAfterSecond(this.state.battery, this.playback.playing, rates);
    if (this.state.battery.level <= 0 && this.state.battery.powerSource === 0) this.shutDown('lowBattery');
  }

  private tickSleepTimer(): void {
    const { event, stopPlayback } = sleepTimerSecond(this.state, PROGRESS_EVERY);
    if (stopPlayback) this.playback.stop();
    if (event) this.publishEvents(event);
  }

  /**
   * A real player stops pushing events about 5 minutes after the last events/request, so an app
   * that stops re-requesting goes blind here too. Events go on the legacy and `data/` topics alike.
   */
  private publishEvents(delta: Record<string, unknown>): void {
    if (!this.state.online || !this.eventsWindowOpen) return;
    const message = { ...delta, eventUtc: Math.floor(this.clock() / 1000) };
    this.publish(this.topics.events, message);
    this.publish(this.topics.dataEvents, message);
  }

  /** The answer to an events/request is inside the window it opens, so it needs no exception. */
  private get eventsWindowOpen(): boolean {
    const since = this.state.eventsRequestedAt;
    return since !== null && this.clock() - since < this.settings.eventsWindowMs;
  }

  private publishStatus(): void {
    if (!this.state.online) return;
    const message = mqttStatus(this.state, this.device, this.clock());
    this.publish(this.topics.status, message);
    this.publish(this.topics.dataStatus, message);
  }
}
