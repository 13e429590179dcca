import { describe, expect, it } from 'vitest';
import { parseCardUri } from './card-uri';

describe('parseCardUri', () => {
  it('reads the card id of a plain card link', () => {
    expect(parseCardUri('https://yoto.io/5WsQg')).toEqual({
      cardId: '5WsQg',
      chapterKey: null,
      trackKey: null,
    });
  });

  it('reads chapter and track from the fragment', () => {
    expect(parseCardUri('https://yoto.io/5WsQg#chapter=02&track=03')).toEqual({
      cardId: '5WsQg',
      chapterKey: '02',
      trackKey: '03',
    });
  });

  it.each([
    'https://example.com/5WsQg',
    'https://yoto.io/',
    'https://yoto.io/a/b',
    'not a uri',
    'yoto:/5WsQg',
  ])('refuses %s', (uri) => {
    expect(parseCardUri(uri)).toBeNull();
  });
});
