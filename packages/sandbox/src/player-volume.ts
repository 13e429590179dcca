// A player's volume as real ones keep it: a step of 0–16 under a max-volume limit that is the
// config's `maxVolumeLimit` by day and `nightMaxVolumeLimit` by night (from `dayTime` to
// `nightTime` in the player's own zone). Events report that limit as `volumeMax`; `volume/set`
// takes a percentage of 16, truncated to a step as a v3 was measured doing, and clamped to it.
import { isNightAtMinute } from '@playlist-alarms/core/device/day-night';
import { PLAYER_VOLUME_STEPS } from '@playlist-alarms/core/shared/constants';
import type { DeviceConfig } from './device-config';

type LimitConfig = Pick<DeviceConfig, 'dayTime' | 'nightTime' | 'maxVolumeLimit' | 'nightMaxVolumeLimit'>;

// Every player asks each second: one formatter per zone rather than one per question.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Minutes since local midnight on the player's wall clock. */
function localMinutes(timeZone: string, now: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(now));
  const part = (type: 'hour' | 'minute') => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** Night runs from `nightTime` to `dayTime` (core's rule, on this module's cached clock). */
export function isNight(
  config: Pick<LimitConfig, 'dayTime' | 'nightTime'>,
  timeZone: string,
  now: number,
): boolean {
  return isNightAtMinute(config, localMinutes(timeZone, now));
}

/** The limit now: a whole step of the scale. */
export function volumeLimitAt(config: LimitConfig, timeZone: string, now: number): number {
  const raw = Number(isNight(config, timeZone, now) ? config.nightMaxVolumeLimit : config.maxVolumeLimit);
  return Number.isInteger(raw) ? Math.min(Math.max(raw, 0), PLAYER_VOLUME_STEPS) : PLAYER_VOLUME_STEPS;
}

/** The step `volume/set` puts the player on: the percentage of 16, truncated, within the limit. */
export const volumeForPercent = (percent: number, limit: number): number =>
  Math.min(Math.floor((Math.min(Math.max(percent, 0), 100) * PLAYER_VOLUME_STEPS) / 100), limit);

/** The volume fields a player keeps: its step and the limit it reports as `volumeMax`. */
interface VolumeState {
  volume: number;
  volumeMax: number;
}

/**
 * Follows the limit as the clock or the config moves it: a lower limit brings the volume down
 * with it. Returns the delta to send when anything changed, else null.
 */
export function followLimit(state: VolumeState, limit: number): VolumeState | null {
  if (state.volumeMax === limit && state.volume <= limit) return null;
  state.volumeMax = limit;
  state.volume = Math.min(state.volume, limit);
  return { volume: state.volume, volumeMax: state.volumeMax };
}
