import { describe, expect, it } from 'vitest';
import { alarmCardStart, cardStartAt, playCardStart } from './card-start';

describe('card/start by who starts the card', () => {
  it('an alarm starts from the beginning: secondsIn 0, with its chapter and track when set', () => {
    expect(alarmCardStart('https://yoto.io/5WsQg')).toEqual({ uri: 'https://yoto.io/5WsQg', secondsIn: 0 });
    expect(alarmCardStart('https://yoto.io/5WsQg', { chapterKey: '02', trackKey: '' })).toEqual({
      uri: 'https://yoto.io/5WsQg',
      chapterKey: '02',
      secondsIn: 0,
    });
  });
  it('the Play button resumes a whole playlist: no secondsIn', () => {
    expect(playCardStart('https://yoto.io/5WsQg')).toEqual({ uri: 'https://yoto.io/5WsQg' });
  });
  it('a URI naming a chapter or track starts there (a resume would ignore it)', () => {
    expect(playCardStart('https://yoto.io/5WsQg#chapter=02')).toEqual({
      uri: 'https://yoto.io/5WsQg#chapter=02',
      secondsIn: 0,
    });
    expect(playCardStart('https://yoto.io/5WsQg#track=03').secondsIn).toBe(0);
  });
  it('a chapter start carries chapterKey and trackKey in the payload, from its top (secondsIn 0)', () => {
    expect(cardStartAt('https://yoto.io/5WsQg', { chapterKey: '03', trackKey: '01' })).toEqual({
      uri: 'https://yoto.io/5WsQg',
      chapterKey: '03',
      trackKey: '01',
      secondsIn: 0,
    });
    expect(cardStartAt('https://yoto.io/5WsQg', { chapterKey: '03', trackKey: null })).toEqual({
      uri: 'https://yoto.io/5WsQg',
      chapterKey: '03',
      secondsIn: 0,
    });
  });
});
