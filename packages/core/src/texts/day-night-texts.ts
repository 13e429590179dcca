// The "Day & Night" section's words: a player's day and night settings and its OK-to-wake light.

export const DAY_NIGHT_TITLE = 'Day & Night';
export const dayNightSubtitle = (device: string): string =>
  `What ${device} does by day and by night, in its own time zone.`;
export const DAY_HEADING = 'Day';
export const NIGHT_HEADING = 'Night';

export const DAY_NIGHT_LABELS = {
  dayTime: 'Day starts',
  nightTime: 'Night starts',
  // The OK-to-wake light, as families know it: one colour says stay in bed, the other get up.
  ambientColour: 'Time to get up colour',
  nightAmbientColour: 'Stay in bed colour',
  maxVolumeLimit: 'Max volume by day',
  nightMaxVolumeLimit: 'Max volume at night',
  dayDisplayBrightness: 'Display brightness by day',
  nightDisplayBrightness: 'Display brightness at night',
  shutdownTimeout: 'Switch off after idle',
} as const;

export const OK_TO_WAKE_TITLE = 'OK-to-wake light';
export const OK_TO_WAKE_HINT =
  'The light shows the stay in bed colour through the night and the time to get up colour from the morning.';
export const OK_TO_WAKE_PRESET_LABEL = 'Use the OK-to-wake preset';
export const okToWakePresetHint = (night: string, day: string): string =>
  `Stay in bed in dim orange from ${night}, time to get up in green from ${day}.`;

export const DAY_NIGHT_SAVE = 'Save';
export const DAY_NIGHT_UNDO = 'Undo changes';
export const DAY_NIGHT_LOADING = 'Reading the player’s settings…';
export const dayNightSaved = (device: string): string => `${device} now keeps these settings.`;
export const dayNightSaveFailed = (device: string, reason: string): string =>
  `${device} did not take the change: ${reason}. It still keeps the settings shown.`;
export const dayNightLoadFailed = (reason: string): string =>
  `Could not read the player’s settings: ${reason}.`;
export const DAY_NIGHT_NOTHING = 'This player keeps no day and night settings.';

export const DAY_NIGHT_PROBLEMS = {
  time: 'A time like 07:00',
  colour: 'A colour like #40bfd9',
  volume: 'A level from 0 to 16',
  brightness: 'Auto, or a level from 0 to 100',
  timeout: 'A number of seconds',
  sameTimes: 'Day and night cannot start at the same time',
} as const;

export const BRIGHTNESS_AUTO = 'Auto';
export const brightnessLevel = (level: number): string => `${level} %`;
export const volumeOfScale = (level: number, scale: number): string => `${level} of ${scale}`;
export const NOW_DAY = 'Day now';
export const NOW_NIGHT = 'Night now';

/** "5 minutes", "1 hour", "90 seconds": the idle switch-off. */
export function durationLabel(seconds: string): string {
  const value = Number(seconds);
  if (value > 0 && value % 3600 === 0) return value === 3600 ? '1 hour' : `${value / 3600} hours`;
  if (value > 0 && value % 60 === 0) return value === 60 ? '1 minute' : `${value / 60} minutes`;
  return `${value} seconds`;
}
