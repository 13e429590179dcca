import { describe, expect, it } from 'vitest';
import { CHAPTER_UNAVAILABLE } from '../texts/chapter-texts';
import { chapterList, chapterNavigation, sameChapterKey, type CardChapters } from './chapter-navigation';

const read = (...keys: string[]): CardChapters => ({
  state: 'read',
  chapters: keys.map((key, i) => ({
    key,
    title: `Part ${i + 1}`,
    tracks: [{ key: `${key}-a` }, { key: `${key}-b` }],
  })),
});

describe('chapter navigation in the now-playing modal', () => {
  it('steps to the neighbours of the reported chapter, with their first track', () => {
    const nav = chapterNavigation('5WsQg', read('01', '02', '03'), '02');
    expect(nav.previous).toEqual({
      enabled: true,
      chapter: { key: '01', label: 'Chapter 1 · Part 1', trackKey: '01-a', current: false },
    });
    expect(nav.next).toMatchObject({ enabled: true, chapter: { key: '03', trackKey: '03-a' } });
    expect(nav.list.map((c) => c.current)).toEqual([false, true, false]);
    expect(nav.listReason).toBeNull();
  });

  it('previous is off at the first chapter, next at the last, each saying why', () => {
    const first = chapterNavigation('c', read('01', '02'), '01');
    expect(first.previous).toEqual({ enabled: false, reason: CHAPTER_UNAVAILABLE.atFirst });
    expect(first.next.enabled).toBe(true);
    const last = chapterNavigation('c', read('01', '02'), '02');
    expect(last.next).toEqual({ enabled: false, reason: CHAPTER_UNAVAILABLE.atLast });
    expect(last.previous.enabled).toBe(true);
    const only = chapterNavigation('c', read('01'), '01');
    expect([only.previous.enabled, only.next.enabled]).toEqual([false, false]);
    expect(only.list).toHaveLength(1);
  });

  it('everything is off with its reason when no card plays, or the chapters are unread, unreadable or none', () => {
    const cases: Array<[string | null, CardChapters, string]> = [
      [null, read('01', '02'), CHAPTER_UNAVAILABLE.noCard],
      ['c', { state: 'loading' }, CHAPTER_UNAVAILABLE.loading],
      ['c', { state: 'unreadable' }, CHAPTER_UNAVAILABLE.unreadable],
      ['c', { state: 'read', chapters: [] }, CHAPTER_UNAVAILABLE.noChapters],
    ];
    for (const [card, chapters, reason] of cases) {
      const nav = chapterNavigation(card, chapters, '01');
      expect(nav.previous).toEqual({ enabled: false, reason });
      expect(nav.next).toEqual({ enabled: false, reason });
      expect(nav.list).toEqual([]);
      expect(nav.listReason).toBe(reason);
    }
  });

  it('without a reported chapter (or one the card does not list) the list is offered but no step is guessed', () => {
    for (const current of [null, undefined, '09']) {
      const nav = chapterNavigation('c', read('01', '02'), current);
      expect(nav.previous).toEqual({ enabled: false, reason: CHAPTER_UNAVAILABLE.noCurrent });
      expect(nav.next).toEqual({ enabled: false, reason: CHAPTER_UNAVAILABLE.noCurrent });
      expect(nav.list.map((c) => c.key)).toEqual(['01', '02']);
      expect(nav.list.some((c) => c.current)).toBe(false);
    }
  });

  it('a player reporting keys as numbers ("2") matches the content\'s "02"', () => {
    expect(sameChapterKey('02', '2')).toBe(true);
    expect(sameChapterKey('ab', 'AB')).toBe(false);
    expect(chapterNavigation('c', read('01', '02', '03'), '2').next).toMatchObject({
      chapter: { key: '03' },
    });
  });

  it('an untitled chapter is named by its place; a chapter without tracks sends none', () => {
    expect(chapterList([{ key: 'x', title: '' }], null)).toEqual([
      { key: 'x', label: 'Chapter 1', trackKey: null, current: false },
    ]);
  });

  it('a title that already says "Chapter …" is not prefixed twice', () => {
    const labels = chapterList(
      [
        { key: '01', title: 'Chapter 1: The Storm' },
        { key: '02', title: 'chapter two' },
        { key: '03', title: 'Chapters of Old' },
      ],
      null,
    ).map((c) => c.label);
    expect(labels).toEqual(['Chapter 1: The Storm', 'chapter two', 'Chapter 3 · Chapters of Old']);
  });
});
