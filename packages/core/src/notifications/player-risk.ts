// What puts a player's alarm at risk, from what the server last read of the player: switched off
// or offline, a low battery that is not charging, or a switch-off of its own on battery before a
// cloud alarm (cloud/player-off-at.ts). A fact the read does not give is no risk: a guessed
// warning would only teach parents to ignore the real ones.
import type { AlarmRinging, PlayerAlarmList } from './alarm-ringings';
import type { PlayerRef, RiskCause } from './notification-builders';
import { BATTERY_LOW_PERCENT } from '../shared/constants';
import type { DeviceAlarm } from '../shared/entities';
import { toNumber } from '../device/status-format';
import { playerPowerFromConfig, willBeOffAt, type PlayerPower } from '../cloud/player-off-at';

/** A player as the rules see it: its name, its own alarms, its power and battery. */
export interface WatchedPlayer extends PlayerRef, PlayerAlarmList, PlayerPower {
  /** 0–100 from the last status read; null when unknown. */
  batteryPercent: number | null;
}

/** Below this (the battery chip's warning level) and not charging, a battery is low: 19 % is, 20 % is not. */
export const RISK_BATTERY_PERCENT = BATTERY_LOW_PERCENT;

const BATTERY_ONLY = 0;

/**
 * The battery's percent when it is low and known not to be charging, else null. On a dock or a
 * charger (by `powerSource` or `charging`) it is not at risk; with neither known, nobody can tell.
 */
export function lowBatteryPercent(player: WatchedPlayer): number | null {
  const percent = player.batteryPercent;
  if (percent === null || !Number.isFinite(percent) || percent >= RISK_BATTERY_PERCENT) return null;
  const onPower =
    player.charging === true || (player.powerSource !== null && player.powerSource !== BATTERY_ONLY);
  const onBattery = player.charging === false || player.powerSource === BATTERY_ONLY;
  return !onPower && onBattery ? percent : null;
}

/**
 * Why `ringing` may not happen, or null: the player is off or offline now (whoever rings it); its
 * battery is low and not charging; or, for a cloud alarm, it is on battery and will have switched
 * itself off by then (the server cannot wake it; a player's own alarm is rung by the player).
 */
export function riskCause(player: WatchedPlayer, ringing: AlarmRinging, now: Date): RiskCause | null {
  if (player.online === false) return { why: 'offline' };
  const percent = lowBatteryPercent(player);
  if (percent !== null) return { why: 'battery', percent };
  if (ringing.source !== 'cloud') return null;
  const verdict = willBeOffAt(player, ringing.at, now);
  return verdict.off && verdict.why === 'battery-timeout' && player.shutdownTimeoutSeconds !== null
    ? { why: 'power-off', shutdownTimeoutSeconds: player.shutdownTimeoutSeconds }
    : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A player as the rules watch it, from one `GET /device-v2/{id}/config` answer (its `online`,
 * `geoTimezone`, `status.batteryLevel`, `status.powerSrc`, `status.charging` and
 * `config.shutdownTimeout`) and its alarms as alarms/alarm-codec.ts reads them. Whatever the
 * answer lacks or garbles is null. A fresher presence (the player's MQTT `presence`) may replace
 * `online` after.
 */
export function watchedPlayerFromConfig(p: {
  player: PlayerRef;
  config: unknown;
  alarms: readonly DeviceAlarm[];
}): WatchedPlayer {
  const device = isRecord(p.config) && isRecord(p.config.device) ? p.config.device : {};
  const status = isRecord(device.status) ? device.status : {};
  const battery = toNumber(status.batteryLevel);
  return {
    ...p.player,
    alarms: p.alarms,
    timeZone: typeof device.geoTimezone === 'string' ? device.geoTimezone : null,
    ...playerPowerFromConfig(p.config),
    batteryPercent: battery !== null && battery >= 0 && battery <= 100 ? battery : null,
  };
}
