// The volume scales of SPEC §4, §5, §7 and §9, and the conversions between them.
import { DEFAULT_VOLUME_MAX, PLAYER_MODAL_VOLUME, REMOTE_VOLUME } from './constants';

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Remote control gauge 0–14 → the 0–100 that volume/set takes: round(v × 100 / 14). */
export const gaugeToPercent = (gauge: number): number =>
  Math.round((clamp(gauge, 0, REMOTE_VOLUME.max) * 100) / REMOTE_VOLUME.max);

/** One press of Quieter (-1) or Louder (+1) on the remote gauge, held within 0–14. */
export const stepGauge = (gauge: number, step: -1 | 1): number =>
  clamp(Math.round(gauge) + step, 0, REMOTE_VOLUME.max);

/** 0–100 → the nearest gauge segment 0–14. */
export const percentToGauge = (percent: number): number =>
  Math.round((clamp(percent, 0, 100) * REMOTE_VOLUME.max) / 100);

/**
 * A player-reported volume on its hardware scale (0–volumeMax, 16 by default) → the gauge 0–14.
 * Every gauge value survives the trip gauge → percent → player → gauge unchanged.
 */
export const deviceToGauge = (value: number, volumeMax: number = DEFAULT_VOLUME_MAX): number => {
  const max = volumeMax > 0 ? volumeMax : DEFAULT_VOLUME_MAX;
  return Math.round((clamp(value, 0, max) * REMOTE_VOLUME.max) / max);
};

/** Player modal gauge 0–10 → the 0–100 sent: value × 10. */
export const modalGaugeToPercent = (gauge: number): number =>
  Math.round(clamp(gauge, 0, PLAYER_MODAL_VOLUME.max)) * 10;

/** 0–100 → the player modal's 0–10. */
export const percentToModalGauge = (percent: number): number => Math.round(clamp(percent, 0, 100) / 10);

/** Alarm slider percent → the alarm string's 1–10: percent / 10 rounded, held within 1–10. */
export const alarmPercentToLevel = (percent: number): number => clamp(Math.round(percent / 10), 1, 10);

/** The alarm string's 1–10 (or a stored cloud volume) → the percent shown: value × 10. */
export const alarmLevelToPercent = (level: number): number => level * 10;

/** A device-reported volume on its hardware scale, shown as "value/volumeMax" with a percentage. */
export function deviceVolumeDisplay(
  value: number,
  volumeMax: number = DEFAULT_VOLUME_MAX,
): { text: string; percent: number; label: string } {
  const max = volumeMax > 0 ? volumeMax : DEFAULT_VOLUME_MAX;
  const percent = Math.round((clamp(value, 0, max) * 100) / max);
  const text = `${value}/${max}`;
  return { text, percent, label: `${text} (${percent}%)` };
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
