// A wake-up alarm's fade: the player starts on a quiet step and climbs to the alarm's volume over
// the chosen minutes, in whole steps of its 0–16 scale, never above its max-volume limit for the
// time of day, and at most one step every 30 s (each step is a command to the player).
import { isNightNow } from '../device/day-night';
import { percentToStep, volumeLimitOf } from '../device/volume-limit';
import { alarmVolumeForPlayer } from './alarm-firing';

/** The quietest audible step: where a fade starts. */
export const FADE_START_STEP = 1;
/** At most one step this often. */
export const FADE_MIN_STEP_MS = 30_000;

export interface FadeStep {
  /** Milliseconds after card/start. */
  offsetMs: number;
  /** The player step (0–16) to set then. */
  step: number;
}

/** The step the alarm's stored 1–10 stands for, within the limit. */
export const alarmTargetStep = (level: number, limit: number): number =>
  Math.min(percentToStep(alarmVolumeForPlayer(level)), volumeLimitOf(limit));

/**
 * The steps after card/start, the last one landing on the target at `minutes`. Empty when there is
 * no fade (0 minutes) or nothing to climb; the caller then just sets the target.
 */
export function fadeSchedule(fade: { startStep: number; targetStep: number; minutes: number }): FadeStep[] {
  const totalMs = Math.max(0, fade.minutes) * 60_000;
  const climb = fade.targetStep - fade.startStep;
  if (totalMs === 0 || climb <= 0) return [];
  const slots = Math.max(1, Math.min(climb, Math.floor(totalMs / FADE_MIN_STEP_MS)));
  return Array.from({ length: slots }, (_, i) => ({
    offsetMs: Math.round(((i + 1) * totalMs) / slots),
    step: fade.startStep + Math.round(((i + 1) * climb) / slots),
  }));
}

/** The limit fields of a player's config, as text (real configs keep strings). */
export interface LimitSettings {
  dayTime?: string;
  nightTime?: string;
  maxVolumeLimit?: string | number;
  nightMaxVolumeLimit?: string | number;
}

/**
 * The player's max-volume limit at `nowMs`: `nightMaxVolumeLimit` from `nightTime` to `dayTime` in
 * its zone, else `maxVolumeLimit`; the whole scale when the config does not say.
 */
export function playerLimitAt(config: LimitSettings, timeZone: string | undefined, nowMs: number): number {
  const night =
    config.dayTime !== undefined &&
    config.nightTime !== undefined &&
    timeZone !== undefined &&
    isNightNow({ dayTime: config.dayTime, nightTime: config.nightTime }, timeZone, nowMs);
  const raw = night ? config.nightMaxVolumeLimit : config.maxVolumeLimit;
  return volumeLimitOf(raw === undefined || raw === '' ? undefined : Number(raw));
}

/**
 * Whether a volume the player reports is the fade's own doing: the step last set (as the player
 * holds it, within its limit), or the one before while the newer command is on its way. Anything
 * else was a person at the player, and the fade stops.
 */
export function isFadeVolume(
  reported: number,
  sent: { current: number; previous: number | null; confirmed: boolean },
  limit: number,
): boolean {
  const held = (step: number) => Math.min(step, limit);
  if (reported === held(sent.current)) return true;
  return !sent.confirmed && sent.previous !== null && reported === held(sent.previous);
}
