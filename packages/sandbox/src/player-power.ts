// When a simulated player switches itself off, and what it says about it. Real players switch off
// after the config's `shutdownTimeout` seconds without use on battery, drop their cloud connection
// (the broker then publishes their last will, "offline", on `device/{id}/presence`), and cannot be
// woken remotely: only a button on the player or putting it on power brings it back.
import type { BatteryState } from './player-battery';

/**
 * The shortest `shutdownTimeout` honoured, in seconds. A shorter one (a typo, "0") would switch a
 * player off while someone reaches for it, so it counts as this; tests use it to see a switch-off
 * in half a minute.
 */
export const MIN_SHUTDOWN_TIMEOUT_S = 30;
/** The config's default, used when the value cannot be read. */
const DEFAULT_SHUTDOWN_TIMEOUT_S = 3600;

/**
 * What the legacy status's `shutDown` says as a player switches off. 'userShutdown' is in a real
 * capture; 'timeout' and 'lowBattery' are the other reasons a public client lists
 * (bcomnes/yoto-nodejs-client, lib/helpers/power-state.js). A running player says 'nA'.
 */
export type ShutDownReason = 'timeout' | 'lowBattery';

/** The config's `shutdownTimeout` (seconds, as text) in milliseconds, never under the minimum. */
export function shutdownTimeoutMs(configValue: string | undefined): number {
  const seconds = Number(configValue);
  const valid = configValue !== undefined && configValue.trim() !== '' && Number.isFinite(seconds);
  return Math.max(valid ? seconds : DEFAULT_SHUTDOWN_TIMEOUT_S, MIN_SHUTDOWN_TIMEOUT_S) * 1000;
}

/**
 * Whether a command is someone using the player. Status and events requests are an app watching
 * it (every 30 s while a page is connected): if they counted, a watched player would never switch
 * off, and real ones do.
 */
export const isUse = (commandName: string): boolean =>
  commandName !== 'status/request' && commandName !== 'events/request';

interface IdleCheck {
  /** When the player was last used, played, woken or taken off power. */
  lastUsedAt: number;
  battery: BatteryState;
}

/** On battery, not playing, and unused for the config's whole `shutdownTimeout`: time to switch off. */
export const idleTimedOut = (
  player: IdleCheck,
  playing: boolean,
  shutdownTimeout: string,
  now: number,
): boolean =>
  player.battery.powerSource === 0 &&
  !playing &&
  now - player.lastUsedAt >= shutdownTimeoutMs(shutdownTimeout);

/**
 * Whether a switched-off player comes back. Putting it on power always does; a battery set above
 * zero brings back only a flat one (a knob for tests of the flat battery), and a switched-off one
 * with charge left needs a button.
 */
export function wakesOnPower(reason: ShutDownReason | null, battery: BatteryState): boolean {
  if (battery.powerSource !== 0) return true;
  return reason === 'lowBattery' && battery.level > 0;
}

/** A button wakes a player that switched itself off with charge left; a flat one stays off. */
export const wakesOnButton = (reason: ShutDownReason | null, battery: BatteryState): boolean =>
  reason === 'timeout' && battery.level > 0;

/** The message on `device/{id}/presence`: `ts` in epoch milliseconds. */
export const presenceMessage = (
  online: boolean,
  now: number,
): { state: 'online' | 'offline'; ts: number } => ({
  state: online ? 'online' : 'offline',
  ts: now,
});

/** The legacy status a player sends as it switches off: its status with the reason in `shutDown`. */
export const shutDownStatus = (
  message: { status: Record<string, unknown> },
  reason: ShutDownReason,
): { status: Record<string, unknown> } => ({ status: { ...message.status, shutDown: reason } });
