// The words of "Upload Local Alarms" when there is nothing to choose from.

export const NO_LOCAL_ALARMS = 'No alarms on your players to upload.';

/** "Couldn't read the alarms of Bedroom Player and Kitchen Player." */
export function unreadPlayersText(names: readonly string[]): string {
  const list =
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
  return `Couldn't read the alarms of ${list}.`;
}
