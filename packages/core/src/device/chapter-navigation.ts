// Previous and next chapter, and the chapter list, of the card a player holds: which move each
// control makes, or why it is off. The card's chapters come from its content; the current one is
// the `chapterKey` the player reports in its events.
import { CHAPTER_UNAVAILABLE, chapterEntryLabel } from '../texts/chapter-texts';

/** A chapter of a card's content, with its tracks' keys when the content lists them. */
export interface ContentChapter {
  key: string;
  title: string;
  tracks?: ReadonlyArray<{ key: string }>;
}

/** What is known of the held card's chapters. */
export type CardChapters =
  { state: 'loading' } | { state: 'unreadable' } | { state: 'read'; chapters: readonly ContentChapter[] };

export interface ChapterChoice {
  key: string;
  /** "Chapter 2 · The Owl". */
  label: string;
  /** The chapter's first track, sent with it so the player starts at the chapter's top. */
  trackKey: string | null;
  /** The chapter the player reports playing. */
  current: boolean;
}

export type ChapterMove = { enabled: true; chapter: ChapterChoice } | { enabled: false; reason: string };

export interface ChapterNavigation {
  previous: ChapterMove;
  next: ChapterMove;
  /** The card's chapters, each a choice; empty when they are unknown. */
  list: ChapterChoice[];
  /** Why there is no list (null when there is one). */
  listReason: string | null;
}

/** Keys may come as "01" from the content and "1" from a player that sends numbers. */
export function sameChapterKey(a: string, b: string): boolean {
  if (a === b) return true;
  return /^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b);
}

/** The card's chapters as choices, in the card's order, the reported one marked. */
export function chapterList(chapters: readonly ContentChapter[], currentKey: string | null): ChapterChoice[] {
  return chapters.map((chapter, index) => ({
    key: chapter.key,
    label: chapterEntryLabel(index + 1, chapter.title),
    trackKey: chapter.tracks?.[0]?.key ?? null,
    current: currentKey !== null && sameChapterKey(chapter.key, currentKey),
  }));
}

const off = (reason: string): ChapterNavigation => ({
  previous: { enabled: false, reason },
  next: { enabled: false, reason },
  list: [],
  listReason: reason,
});

/**
 * The modal's chapter controls. No card held, chapters unread or unreadable, or a card without
 * chapters: all off with that reason. Otherwise the list is offered; previous and next step from
 * the reported chapter, off at the first and last, and off when the player names none (or one
 * the content does not list), since a step from an unknown place would be a guess.
 */
export function chapterNavigation(
  heldCardId: string | null,
  chapters: CardChapters,
  currentKey: string | null | undefined,
): ChapterNavigation {
  if (heldCardId === null) return off(CHAPTER_UNAVAILABLE.noCard);
  if (chapters.state === 'loading') return off(CHAPTER_UNAVAILABLE.loading);
  if (chapters.state === 'unreadable') return off(CHAPTER_UNAVAILABLE.unreadable);
  if (chapters.chapters.length === 0) return off(CHAPTER_UNAVAILABLE.noChapters);
  const list = chapterList(chapters.chapters, currentKey ?? null);
  const at = list.findIndex((chapter) => chapter.current);
  const step = (offset: number, edge: string): ChapterMove => {
    if (at < 0) return { enabled: false, reason: CHAPTER_UNAVAILABLE.noCurrent };
    const chapter = list[at + offset];
    return chapter ? { enabled: true, chapter } : { enabled: false, reason: edge };
  };
  return {
    previous: step(-1, CHAPTER_UNAVAILABLE.atFirst),
    next: step(1, CHAPTER_UNAVAILABLE.atLast),
    list,
    listReason: null,
  };
}
