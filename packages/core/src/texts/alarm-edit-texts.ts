// The words of editing a player's own alarm and of naming each alarm's card.

export const ALARM_EDIT_TEXTS = {
  editTitle: 'Edit alarm',
  save: 'Save',
  saving: 'Saving alarm...',
  card: 'Card',
  chapter: 'Chapter',
  fromTheStart: 'From the start',
  ownPlaylists: 'Your playlists',
  /** Said when the alarm was changed or removed on the player after the list was read. */
  alarmGone:
    'This alarm was changed or removed on the player meanwhile, so nothing was saved. ' +
    'The list has been reloaded: check it and edit again.',
} as const;

/** The list's edit button: "Edit alarm at 07:00". */
export const editAlarmLabel = (time: string): string => `Edit alarm at ${time}`;
export const alarmSaved = (p: { time: string; days: string }): string =>
  `✅ Alarm saved: ${p.time} on ${p.days}.`;
export const failedToSaveAlarm = (reason: string): string => `Failed to save alarm: ${reason}`;
/** A card's cover image, named for the card. */
export const coverOf = (title: string): string => `Cover of ${title}`;
/** A family-library card in the card choice, with its group. */
export const familyGroupLabel = (group: string): string => `Family library · ${group}`;
/** A chapter in the chapter choice: "02 · The Owl" (or only its key when untitled). */
export const chapterLabel = (key: string, title: string): string => (title ? `${key} · ${title}` : key);
/** An alarm's card while the lists that name it are still read. */
export const CARD_LOADING = 'Loading card…';
