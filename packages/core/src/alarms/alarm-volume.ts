// The volume field of a device alarm string (`…,cardId,chapter,track,VOLUME,enabled`) and how the
// Create Alarm dialog's 10–100 % slider maps onto it.
//
// What the field means, from the public evidence:
// - the provider's own card-alarm example writes small whole numbers (5 and 6), refuses anything
//   above 8 ("Keep the volume at 8 or lower") and sends the number as is, with no scaling;
// - alarms captured from real players carry 8 (`1111111,1100,5WsQg,,,8`);
// - the open clients read the field as a plain integer; the player's only whole-number volume
//   scale is the 0–16 of its events (`volume`, `volumeMax`).
// So the field is a step of the player's own 0–16 scale, and this app never writes one above 8.
// Alarms read with a higher step (set by another app) are shown as they are and, while their
// volume is left alone, written back unchanged.

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** The player's hardware volume scale: the most a stored alarm step can be read as. */
export const ALARM_VOLUME_SCALE = 16;
/** The provider's ceiling for alarm volume: this app writes no step above it. */
export const ALARM_VOLUME_WRITE_MAX = 8;
/** The quietest step written: 0 would be an alarm nobody hears. */
export const ALARM_VOLUME_WRITE_MIN = 1;

/** The dialog's slider percent (10–100) → the step written: 100 % is 8, 10 % is 1. */
export const alarmPercentToStep = (percent: number): number =>
  clamp(
    Math.round((clamp(percent, 0, 100) * ALARM_VOLUME_WRITE_MAX) / 100),
    ALARM_VOLUME_WRITE_MIN,
    ALARM_VOLUME_WRITE_MAX,
  );

/**
 * A cloud alarm's stored 1–10 (shown as ×10 %) → the step a player alarm gets when it is written
 * to the player (import, "Save on the player instead"): the same percent, mapped as the dialog maps it.
 */
export const cloudVolumeToStep = (level: number): number => alarmPercentToStep(level * 10);

/** What the dialog says its slider writes: "level 6 of 8". */
export const alarmStepText = (percent: number): string =>
  `level ${alarmPercentToStep(percent)} of ${ALARM_VOLUME_WRITE_MAX}`;

/** The sentence under the dialog's slider: where its range lands on the player. */
export const ALARM_VOLUME_MAPPING_NOTE =
  `The player stores an alarm's volume as a level of its 0–${ALARM_VOLUME_SCALE} scale. ` +
  `Yoto keeps alarms at ${ALARM_VOLUME_WRITE_MAX} or lower, so 100% is level ${ALARM_VOLUME_WRITE_MAX} and 10% is level ${ALARM_VOLUME_WRITE_MIN}.`;

/** A stored alarm's volume as the alarm lists show it; a step above 8 says so rather than hide it. */
export function alarmVolumeLabel(step: number): string {
  if (step > ALARM_VOLUME_WRITE_MAX)
    return `volume ${step} of ${ALARM_VOLUME_SCALE} (above Yoto's alarm limit of ${ALARM_VOLUME_WRITE_MAX})`;
  if (step === 0) return 'volume 0 (silent)';
  return `volume ${step} of ${ALARM_VOLUME_WRITE_MAX}`;
}
