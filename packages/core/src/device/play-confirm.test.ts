import { describe, expect, it } from 'vitest';
import { EVENT_DELTA_PLAYING_NO_CARD, EVENTS_FULL_IDLE } from '../../test/fixtures/mqtt-presence';
import { cardStartAnswer, PlayConfirmation } from './play-confirm';
import { REAL_RESPONSES } from '../../test/support/real-mqtt-payloads';

describe('PlayConfirmation', () => {
  it('a playing delta without cardId confirms the card the loading event named', () => {
    const confirmation = new PlayConfirmation('5WsQg');
    confirmation.noteEvents(EVENTS_FULL_IDLE, false);
    confirmation.noteEvents({ cardId: '5WsQg', playbackStatus: 'loading' }, true);
    expect(confirmation.playing).toBe(false);
    confirmation.noteEvents(EVENT_DELTA_PLAYING_NO_CARD, true);
    expect(confirmation.playing).toBe(true);
  });

  it('another card playing, or nothing heard since card/start, confirms nothing', () => {
    const other = new PlayConfirmation('5WsQg');
    other.noteEvents({ cardId: 'other', playbackStatus: 'loading' }, true);
    other.noteEvents(EVENT_DELTA_PLAYING_NO_CARD, true);
    expect(other.playing).toBe(false);
    const stale = new PlayConfirmation('5WsQg');
    stale.noteEvents({ cardId: '5WsQg', playbackStatus: 'playing' }, false);
    expect(stale.playing).toBe(false);
  });

  it('ignores what is not an events object', () => {
    const confirmation = new PlayConfirmation('5WsQg');
    confirmation.noteEvents('playing', true);
    expect(confirmation.playing).toBe(false);
  });
});

describe('cardStartAnswer', () => {
  it("reads a real player's `card: OK` and the command-path key `card/start`", () => {
    expect(cardStartAnswer(REAL_RESPONSES.card)).toBe('OK');
    expect(cardStartAnswer({ status: { 'card/start': 'FAIL' } })).toBe('FAIL');
    expect(cardStartAnswer(REAL_RESPONSES.volume)).toBeNull();
    expect(cardStartAnswer(null)).toBeNull();
  });
});
