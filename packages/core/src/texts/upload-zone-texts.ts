// The upload dialog's words when a player keeps a different clock from the household's cloud zone.

/** Which day the player's clock reads, next to the household's: the same, the one before or after. */
export type DayShift = 'same' | 'before' | 'after';

const DAY_WORDS: Record<DayShift, string> = { same: '', before: ' the day before', after: ' the next day' };

/**
 * "Grandma's Player keeps New York time; cloud alarms ring in London time, so this alarm would ring
 * at 07:00 London time (12:00 in New York)."
 */
export function uploadZoneWarning(p: {
  player: string;
  playerPlace: string;
  householdPlace: string;
  householdTime: string;
  playerTime: string;
  playerDay: DayShift;
}): string {
  return (
    `${p.player} keeps ${p.playerPlace} time; cloud alarms ring in ${p.householdPlace} time, so this ` +
    `alarm would ring at ${p.householdTime} ${p.householdPlace} time ` +
    `(${p.playerTime}${DAY_WORDS[p.playerDay]} in ${p.playerPlace}).`
  );
}
