// Deterministic playlist (card) generation for the demo household.
import type { Prng } from './prng';
import type { SeedCard, SeedChapter } from './household';
import {
  AUTHORS,
  CATEGORIES,
  CHAPTER_WORDS,
  DESCRIPTION_OPENERS,
  SEED_EPOCH,
  TITLE_ENDINGS,
  TITLE_OPENERS,
  TITLE_SUBJECTS,
} from './seed-words';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DAY_MS = 86_400_000;
export const COVER_COUNT = 12;

/** Card ids look like the provider's (five characters, such as 5WsQg) and never repeat. */
export function createCardIdFactory(prng: Prng, taken: Set<string>): () => string {
  return () => {
    for (;;) {
      let id = '';
      for (let i = 0; i < 5; i += 1) id += prng.pick([...ID_ALPHABET]);
      if (!taken.has(id)) {
        taken.add(id);
        return id;
      }
    }
  };
}

export const isoDay = (daysAfterEpoch: number, minutes = 0): string =>
  new Date(SEED_EPOCH + daysAfterEpoch * DAY_MS + minutes * 60_000).toISOString();

const pad2 = (n: number): string => String(n).padStart(2, '0');

function generateChapters(prng: Prng, title: string, numericKeys = false): SeedChapter[] {
  const chapterCount = prng.int(1, 6);
  return Array.from({ length: chapterCount }, (_, c) => {
    const trackCount = prng.int(1, 4);
    const tracks = Array.from({ length: trackCount }, (_, t) => ({
      key: numericKeys ? t + 1 : pad2(t + 1),
      title: trackCount === 1 ? `${title}: part ${c + 1}` : `${prng.pick(CHAPTER_WORDS)} ${t + 1}`,
      duration: prng.int(45, 720),
    }));
    return {
      key: numericKeys ? c + 1 : pad2(c + 1),
      title: `Chapter ${c + 1}: The ${prng.pick(CHAPTER_WORDS)}`,
      duration: tracks.reduce((sum, track) => sum + track.duration, 0),
      tracks,
    };
  });
}

export interface CardShape {
  familyId: string;
  mine: boolean;
  readable?: boolean;
  title?: string;
  category?: string | undefined;
  cover?: number | null;
  numericKeys?: boolean;
}

export function generateCard(prng: Prng, nextId: () => string, index: number, shape: CardShape): SeedCard {
  const title =
    shape.title ??
    `${prng.pick(TITLE_OPENERS)} ${prng.pick(TITLE_SUBJECTS)} ${prng.pick(TITLE_ENDINGS)}` +
      (index >= 40 ? ` ${Math.floor(index / 40) + 1}` : '');
  const chapters = generateChapters(prng, title, shape.numericKeys ?? false);
  const duration = chapters.reduce((sum, chapter) => sum + chapter.duration, 0);
  const created = prng.int(0, 600);
  const category = 'category' in shape ? shape.category : prng.pick(CATEGORIES);
  return {
    cardId: nextId(),
    familyId: shape.familyId,
    mine: shape.mine,
    readable: shape.readable ?? true,
    title,
    description: `${prng.pick(DESCRIPTION_OPENERS)} ${chapters.length} chapter${chapters.length === 1 ? '' : 's'}.`,
    category,
    author: prng.pick(AUTHORS),
    cover: shape.cover === undefined ? prng.int(0, COVER_COUNT - 1) : shape.cover,
    createdAt: isoDay(created, prng.int(0, 1439)),
    updatedAt: isoDay(created + prng.int(0, 90), prng.int(0, 1439)),
    duration,
    // About 128 kbit/s audio.
    fileSize: duration * 16_000,
    chapters,
  };
}
