// The words of a cloud alarm's extras: the wake-up fade and the bedtime routine (sleep timer,
// night light), in the dialog, on the row and in the receipt.

export const ALARM_EXTRAS_TEXTS = {
  fadeLabel: 'Fade in',
  fadeHelp: 'Starts quietly and steps up to the volume, never above the player’s limit.',
  sleepTimerLabel: 'Sleep timer',
  sleepTimerHelp: 'Stops playing after this long.',
  nightLightLabel: 'Night light',
  nightLightHelp: 'Switches the light to the player’s night colour.',
  off: 'Off',
} as const;

/** "10 min" or "Off". */
export const minutesChoiceLabel = (minutes: number): string =>
  minutes > 0 ? `${minutes} min` : ALARM_EXTRAS_TEXTS.off;

export const fadedInText = (minutes: number): string => `faded in over ${minutes} min`;
export const sleepTimerText = (minutes: number): string => `sleep timer ${minutes} min`;
export const NIGHT_LIGHT_ON_TEXT = 'night light on';
