// The simulated player's state, its settings, and the view the /_sandbox/ state knob shows.
import { initialBattery, isCharging, reportedLevel } from './player-battery';
import type { BatteryState, PowerSource } from './player-battery';
import { initialBluetooth, inSpeakerMode } from './player-bluetooth';
import type { BluetoothState } from './player-bluetooth';
import type { ProductType, SeedDevice } from './household';
import type { ShutDownReason } from './player-power';
import { isNight, volumeLimitAt } from './player-volume';

export type PlaybackStatus = 'playing' | 'paused' | 'stopped' | 'loading';
export type Rgb = { r: number; g: number; b: number };
export type DisplayPreview = { uri: string; timeout: number; animated: 0 | 1 };

/** One ringing of its own alarm, as the state knob shows it (player-alarms.ts). */
export interface RangAlarm {
  /** The alarm's string in config.alarms. */
  alarm: string;
  cardId: string;
  /** The step it rang at (the alarm's, under the limit). */
  volume: number;
  /** ISO instant of the minute it rang. */
  at: string;
  /** Whether the card started (an unknown or unreadable card rings nothing). */
  started: boolean;
}

export interface PlayerState {
  deviceId: string;
  /** Reachable over the network and the broker: network up, not rebooting, not flat. */
  online: boolean;
  /** The network as the online knob sets it. */
  networkUp: boolean;
  rebooting: boolean;
  /**
   * Switched off: flat on battery (until docked or charged), or idle for the config's
   * `shutdownTimeout` on battery (until docked or a button is pressed).
   */
  poweredOff: boolean;
  /** Why it is off (null while on); its legacy status said so as it switched off. */
  shutDownReason: ShutDownReason | null;
  /** When someone last used it (commands other than status and events requests, buttons, cards, power), or it played. */
  lastUsedAt: number;
  playbackStatus: PlaybackStatus;
  /** 'none' when idle. */
  cardId: string;
  chapterKey: string | null;
  chapterTitle: string | null;
  trackKey: string | null;
  trackTitle: string | null;
  /** Seconds. */
  trackLength: number;
  /** Seconds into the track. */
  position: number;
  /** Stop when the position reaches this many seconds (card/start cutOff). */
  cutOff: number | null;
  source: 'remote' | 'card' | 'none';
  /** A physical card in the slot (knob), or null. */
  insertedCardId: string | null;
  /** A step of the player's 0–16 scale. */
  volume: number;
  /** The max-volume limit now (day or night), reported as events' `volumeMax`. */
  volumeMax: number;
  repeatAll: boolean;
  streaming: boolean;
  playbackWait: boolean;
  sleepTimerActive: boolean;
  sleepTimerSeconds: number;
  ambientColour: Rgb;
  /** 'off', or the nightlight colour as '#rrggbb'. */
  nightlightMode: string;
  /** Night by the config's `dayTime`/`nightTime` on the player's clock (player-day-night.ts). */
  night: boolean;
  bluetooth: BluetoothState;
  /** What the display shows now; null once its timeout has passed. */
  displayPreview: DisplayPreview | null;
  /** The last preview asked for, kept after it ends so tests can read it. */
  lastDisplayPreview: (DisplayPreview & { at: string }) | null;
  battery: BatteryState;
  /** dBm. */
  wifiStrength: number;
  headphones: boolean;
  bootedAt: number;
  rebootCount: number;
  /** When the player was last reachable: the cloud's status is as old as this while offline. */
  lastSeenAt: number;
  lastCommand: { name: string; result: 'OK' | 'FAIL'; at: string } | null;
  /** Commands heard while online, answered or not: a test can tell none was sent twice. */
  commandsHeard: number;
  /** Commands heard but ignored in Bluetooth speaker mode (a real player drops them silently). */
  ignoredCommands: number;
  /**
   * When the player last heard an `events/request` (null: never). It pushes events only for
   * `eventsWindowMs` after it, so a test can see whether the app keeps asking.
   */
  eventsRequestedAt: number | null;
  /** Its own alarms that rang, oldest first (player-alarms.ts); a reset starts it empty. */
  rang: RangAlarm[];
}

/** How fast a player's clock-driven behaviour runs; tests shorten it. */
export interface PlayerSettings {
  /** How long a reboot (or a boot after docking a flat player) keeps it offline. */
  rebootDelayMs: number;
  /** Battery percent lost per hour of playback on battery power. */
  batteryDrainPerHour: number;
  /** Battery percent gained per hour on a dock or USB-C. */
  batteryChargePerHour: number;
  /** A player sends its status on its own this often (real players: about every five minutes). */
  statusIntervalMs: number;
  /** How long after the last `events/request` a player keeps pushing events (about 5 minutes). */
  eventsWindowMs: number;
}

export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = {
  rebootDelayMs: 3_000,
  batteryDrainPerHour: 12,
  batteryChargePerHour: 40,
  statusIntervalMs: 300_000,
  eventsWindowMs: 300_000,
};

export const hexToRgb = (hex: string): Rgb => ({
  r: Number.parseInt(hex.slice(1, 3), 16),
  g: Number.parseInt(hex.slice(3, 5), 16),
  b: Number.parseInt(hex.slice(5, 7), 16),
});

const rgbToHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;

/** Black is the LED preset "Off": the nightlight is off, otherwise it shows the colour. */
export const nightlightModeOf = (colour: Rgb): string =>
  colour.r === 0 && colour.g === 0 && colour.b === 0 ? 'off' : rgbToHex(colour);

/** What a player holds when nothing plays: at start, and after stop or the end of a card. */
export const IDLE_PLAYBACK = {
  playbackStatus: 'stopped',
  cardId: 'none',
  chapterKey: null,
  chapterTitle: null,
  trackKey: null,
  trackTitle: null,
  trackLength: 0,
  position: 0,
  cutOff: null,
  source: 'none',
} as const satisfies Partial<PlayerState>;

/** Signal at the player's usual spot: a mini sits further from the router in the demo home. */
const WIFI_BY_PRODUCT: Record<ProductType, number> = { v3: -52, mini: -63, v2: -67 };

export function initialState(device: SeedDevice, now: number): PlayerState {
  const limit = volumeLimitAt(device.config, device.geoTimezone, now);
  return {
    deviceId: device.deviceId,
    online: device.initiallyOnline,
    networkUp: device.initiallyOnline,
    rebooting: false,
    poweredOff: false,
    shutDownReason: null,
    lastUsedAt: now,
    ...IDLE_PLAYBACK,
    insertedCardId: null,
    volume: Math.min(device.volume, limit),
    volumeMax: limit,
    repeatAll: device.config.repeatAll,
    streaming: false,
    playbackWait: false,
    sleepTimerActive: false,
    sleepTimerSeconds: 0,
    ambientColour: hexToRgb(device.config.ambientColour),
    nightlightMode: 'off',
    night: isNight(device.config, device.geoTimezone, now),
    bluetooth: initialBluetooth(device.config.bluetoothEnabled === '1'),
    displayPreview: null,
    lastDisplayPreview: null,
    battery: initialBattery(device.batteryLevel, device.charging),
    wifiStrength: WIFI_BY_PRODUCT[device.productType],
    headphones: false,
    bootedAt: now,
    rebootCount: 0,
    lastSeenAt: now,
    lastCommand: null,
    commandsHeard: 0,
    ignoredCommands: 0,
    eventsRequestedAt: null,
    rang: [],
  };
}

export interface PlayerView extends Omit<PlayerState, 'battery'> {
  /** Same as ambientColour. */
  ambient: Rgb;
  /** Same as position. */
  positionSeconds: number;
  chapter: { key: string; title: string | null } | null;
  track: { key: string; title: string | null; lengthSeconds: number } | null;
  battery: { level: number; exactLevel: number; charging: boolean; powerSource: PowerSource };
  settings: PlayerSettings;
  /** In Bluetooth speaker mode: MQTT commands are ignored until the left button is held. */
  commandsLocked: boolean;
}

/** The GET /_sandbox/devices/{id}/state answer: the whole state plus grouped forms for tests. */
export function playerView(state: PlayerState, settings: PlayerSettings): PlayerView {
  const copy = structuredClone(state);
  return {
    ...copy,
    ambient: { ...copy.ambientColour },
    positionSeconds: copy.position,
    chapter: copy.chapterKey === null ? null : { key: copy.chapterKey, title: copy.chapterTitle },
    track:
      copy.trackKey === null
        ? null
        : { key: copy.trackKey, title: copy.trackTitle, lengthSeconds: copy.trackLength },
    battery: {
      level: reportedLevel(copy.battery),
      exactLevel: copy.battery.level,
      charging: isCharging(copy.battery),
      powerSource: copy.battery.powerSource,
    },
    settings: { ...settings },
    commandsLocked: inSpeakerMode(copy.bluetooth),
  };
}
