// The words of moving between a card's chapters: the now-playing modal, and the dialog a playlist
// card's "Play from chapter…" opens (its menu entry is in library/playlist-card.ts: the card
// loads with the first view, these words only with the dialogs).

export const CHAPTER_TEXTS = {
  previousChapter: 'Previous chapter',
  nextChapter: 'Next chapter',
  chapters: 'Chapters',
  /** The dialog a playlist card's "Play from chapter…" opens. */
  playFromChapterTitle: 'Play from chapter',
  cancel: 'Cancel',
  /** Beside the chapter the player reports. */
  nowPlaying: 'Playing now',
  loadingChapters: 'Reading the chapters…',
} as const;

/** Why a chapter control is off: said in its tooltip and under the chapter list. */
export const CHAPTER_UNAVAILABLE = {
  noCard: 'No card is playing',
  loading: "Reading this card's chapters…",
  unreadable: "This card can't be read, so its chapters are unknown",
  noChapters: "This card's chapters are unknown",
  /** The player has not said which chapter it plays. */
  noCurrent: "The player hasn't said which chapter is playing",
  atFirst: 'Already at the first chapter',
  atLast: 'Already at the last chapter',
} as const;

/**
 * A chapter in the lists: "Chapter 2 · The Owl" (its place, then its title); a title that already
 * names itself a chapter ("Chapter 2: The Owl") stands alone, an untitled one is "Chapter 2".
 */
export function chapterEntryLabel(place: number, title: string): string {
  const text = title.trim();
  if (!text) return `Chapter ${place}`;
  return /^chapter\b/i.test(text) ? text : `Chapter ${place} · ${text}`;
}

/** Told once a chapter was asked of the player. */
export const playingChapter = (label: string): string => `Starting ${label}`;
