// The app's volume scales (remote gauge, modal gauge, alarm, percent), and the conversions between them.
import { PLAYER_MODAL_VOLUME, PLAYER_VOLUME_STEPS, REMOTE_VOLUME } from '../shared/constants';
import { gaugeToStep, stepToGauge, stepToPercent, volumeLimitOf, volumeLimitText } from './volume-limit';

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * Remote control gauge 0–14 → the 0–100 that volume/set takes: the percentage of 16 that puts the
 * player on the gauge's step (a plain round(v × 100 / 14) let a truncating player land one step
 * low, and the gauge jumped back).
 */
export const gaugeToPercent = (gauge: number): number =>
  stepToPercent(gaugeToStep(clamp(gauge, 0, REMOTE_VOLUME.max), REMOTE_VOLUME.max));

/** One press of Quieter (-1) or Louder (+1) on the remote gauge, held within 0–`max` (14). */
export const stepGauge = (gauge: number, step: -1 | 1, max: number = REMOTE_VOLUME.max): number =>
  clamp(Math.round(gauge) + step, 0, max);

/**
 * A player-reported volume, a step of its 0–16 scale, → the gauge 0–14. The scale is always 16:
 * events' `volumeMax` is the player's limit, not its scale. Every gauge value survives the trip
 * gauge → percent → player → gauge unchanged.
 */
export const deviceToGauge = (value: number): number => stepToGauge(value, REMOTE_VOLUME.max);

/** Player modal gauge 0–10 → the 0–100 sent: value × 10. */
export const modalGaugeToPercent = (gauge: number): number =>
  Math.round(clamp(gauge, 0, PLAYER_MODAL_VOLUME.max)) * 10;

/** 0–100 → the player modal's 0–10. */
export const percentToModalGauge = (percent: number): number => Math.round(clamp(percent, 0, 100) / 10);

/** A stored cloud alarm volume (1–10) → the percent shown and sent: value × 10. */
export const alarmLevelToPercent = (level: number): number => level * 10;

/**
 * A device-reported volume on its 0–16 scale, shown as "value/16" with a percentage, and the
 * player's limit (events' `volumeMax`) in words when it is below the top.
 */
export function deviceVolumeDisplay(
  value: number,
  volumeMax?: number,
): { text: string; percent: number; label: string } {
  const percent = Math.round((clamp(value, 0, PLAYER_VOLUME_STEPS) * 100) / PLAYER_VOLUME_STEPS);
  const text = `${value}/${PLAYER_VOLUME_STEPS}`;
  const limit = volumeLimitOf(volumeMax);
  const limitWords = limit < PLAYER_VOLUME_STEPS ? `, ${volumeLimitText(limit)}` : '';
  return { text, percent, label: `${text} (${percent}%)${limitWords}` };
}

export type GaugeColour = 'red' | 'amber' | 'green';

/**
 * Colour of a lit gauge segment (1-based). 14 segments: 1–4 red, 5–9 amber, 10–14 green;
 * 10 segments (player modal): 1–3 red, 4–6 amber, 7–10 green. Segment 0 (mute) has none.
 */
export function gaugeSegmentColour(segment: number, segments: 14 | 10): GaugeColour | null {
  if (segment < 1 || segment > segments) return null;
  const [redMax, amberMax] = segments === 14 ? [4, 9] : [3, 6];
  if (segment <= redMax) return 'red';
  if (segment <= amberMax) return 'amber';
  return 'green';
}

/** A gauge level's band, so the colour is never the only thing that tells it (WCAG 1.4.1). */
export type VolumeBand = 'muted' | 'quiet' | 'medium' | 'loud';

/** The text each band shows beside the gauge's value. */
export const VOLUME_BAND_LABELS: Readonly<Record<VolumeBand, string>> = {
  muted: 'Muted',
  quiet: 'Quiet',
  medium: 'Medium',
  loud: 'Loud',
};

const BAND_OF_COLOUR: Readonly<Record<GaugeColour, VolumeBand>> = {
  red: 'quiet',
  amber: 'medium',
  green: 'loud',
};

/**
 * The band of gauge level `level` (0 = mute): the band of its top lit segment, so the text names
 * the colour the gauge ends in. Levels past the top count as the top segment.
 */
export function gaugeBand(level: number, segments: 14 | 10): VolumeBand {
  if (level < 1) return 'muted';
  return BAND_OF_COLOUR[gaugeSegmentColour(Math.min(Math.round(level), segments), segments) ?? 'green'];
}
