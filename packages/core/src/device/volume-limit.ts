// The player's volume scale and its max-volume limit. A player's volume is a step from 0 to 16;
// events' `volumeMax` is its current limit (day or night), not the scale; `volume/set` takes a
// percentage of 16 and the player clamps it to the limit. The gauges (14 and 10 segments) map onto
// those steps, and stop at the limit so a press is never clamped and pulled back by the player.
import { PLAYER_VOLUME_STEPS } from '../shared/constants';

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** The gauges the app draws: the remote control's 14 segments and the now-playing modal's 10. */
type GaugeSegments = 14 | 10;

/**
 * The percentage `volume/set` carries to put the player on `step`. Rounded up, so the player lands
 * on that step whether it rounds or truncates: one public client measured a v3 truncating
 * (10 → 1, 30 → 4, 50 → 8), and rounding would read 30 as 5.
 */
export const stepToPercent = (step: number): number =>
  Math.ceil((clamp(Math.round(step), 0, PLAYER_VOLUME_STEPS) * 100) / PLAYER_VOLUME_STEPS);

/** The step a player takes for a `volume/set` percentage before its limit (it truncates). */
export const percentToStep = (percent: number): number =>
  Math.floor((clamp(percent, 0, 100) * PLAYER_VOLUME_STEPS) / 100);

/** The limit events report, held to a whole step of the scale; the whole scale when absent or odd. */
export function volumeLimitOf(volumeMax: number | undefined): number {
  if (volumeMax === undefined || !Number.isFinite(volumeMax)) return PLAYER_VOLUME_STEPS;
  return clamp(Math.round(volumeMax), 0, PLAYER_VOLUME_STEPS);
}

/** A gauge level → the player step it stands for. */
export const gaugeToStep = (gauge: number, segments: GaugeSegments): number =>
  Math.round((clamp(Math.round(gauge), 0, segments) * PLAYER_VOLUME_STEPS) / segments);

/** A player step → the gauge level that shows it; every level survives level → step → level. */
export const stepToGauge = (step: number, segments: GaugeSegments): number =>
  Math.round((clamp(step, 0, PLAYER_VOLUME_STEPS) * segments) / PLAYER_VOLUME_STEPS);

/**
 * The highest gauge level whose step is within the limit: the gauge stops there, so the player
 * never clamps a press (which would pull the gauge back under the user's finger).
 */
export function maxGaugeUnder(limit: number, segments: GaugeSegments): number {
  let level = segments;
  while (level > 0 && gaugeToStep(level, segments) > limit) level -= 1;
  return level;
}

/** Where the limit is, in words: "limit 8 of 16". */
export const volumeLimitText = (limit: number): string =>
  `limit ${volumeLimitOf(limit)} of ${PLAYER_VOLUME_STEPS}`;
