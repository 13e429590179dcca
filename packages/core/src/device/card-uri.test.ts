import { describe, expect, it } from 'vitest';
import { cardUri, parseCardUri } from './card-uri';

describe('card URI "{host}/{cardId}" with optional "#chapter=..&track=.."', () => {
  it('joins host and card id', () => {
    expect(cardUri('https://yoto.io', '5WsQg')).toBe('https://yoto.io/5WsQg');
  });
  it('does not double a trailing slash of the host', () => {
    expect(cardUri('https://yoto.io/', '5WsQg')).toBe('https://yoto.io/5WsQg');
  });
  it('adds chapter and track', () => {
    expect(cardUri('https://yoto.io', '5WsQg', { chapterKey: '02', trackKey: '03' })).toBe(
      'https://yoto.io/5WsQg#chapter=02&track=03',
    );
  });
  it('adds only what is given', () => {
    expect(cardUri('https://yoto.io', 'c', { chapterKey: '02' })).toBe('https://yoto.io/c#chapter=02');
    expect(cardUri('https://yoto.io', 'c', { trackKey: '03' })).toBe('https://yoto.io/c#track=03');
    expect(cardUri('https://yoto.io', 'c', { chapterKey: '', trackKey: null })).toBe('https://yoto.io/c');
  });
  it('parses a URI back', () => {
    expect(parseCardUri('https://yoto.io/5WsQg#chapter=02&track=03')).toEqual({
      cardId: '5WsQg',
      chapterKey: '02',
      trackKey: '03',
    });
    expect(parseCardUri('https://yoto.io/5WsQg')).toEqual({
      cardId: '5WsQg',
      chapterKey: null,
      trackKey: null,
    });
    expect(parseCardUri('https://yoto.io/')).toBeNull();
    expect(parseCardUri('')).toBeNull();
  });
});

describe('card URI parsing tolerates odd input', () => {
  it('reads a bare card id and a broken escape without throwing', () => {
    expect(parseCardUri('abc')).toEqual({ cardId: 'abc', chapterKey: null, trackKey: null });
    expect(parseCardUri('https://yoto.io/%E0%A4%A')?.cardId).toBe('%E0%A4%A');
  });
  it('round-trips an encoded card id', () => {
    expect(parseCardUri(cardUri('https://yoto.io', 'a b', { trackKey: '2' }))).toEqual({
      cardId: 'a b',
      chapterKey: null,
      trackKey: '2',
    });
  });
});
