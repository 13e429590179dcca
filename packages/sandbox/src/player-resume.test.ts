import { beforeEach, describe, expect, it } from 'vitest';
import { playerHarness } from '../test/support/player-harness';
import type { PlayerHarness } from '../test/support/player-harness';

let h: PlayerHarness;
beforeEach(() => {
  h = playerHarness();
});
const uri = (title: string) => `https://yoto.io/${h.card(title).cardId}`;

describe('card/start resumes a card where it was left unless secondsIn is sent', () => {
  it('without secondsIn, a card stopped 12 s in starts again at 12 s (stop does not clear the spot)', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.tick(12);
    h.command('card/stop');
    h.command('card/start', { uri: uri('Good Morning Songs') });
    expect(h.player.snapshot()).toMatchObject({ playbackStatus: 'playing', position: 12 });
  });

  it('secondsIn 0 starts from the beginning', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.tick(12);
    h.command('card/stop');
    h.command('card/start', { uri: uri('Good Morning Songs'), secondsIn: 0 });
    expect(h.player.snapshot()).toMatchObject({ playbackStatus: 'playing', position: 0 });
  });

  it('each card keeps its own spot, also when another card was started in between', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.tick(7);
    h.command('card/start', { uri: uri('Bedtime Stories') });
    h.tick(3);
    h.command('card/start', { uri: uri('Good Morning Songs') });
    expect(h.player.snapshot()).toMatchObject({ cardId: h.card('Good Morning Songs').cardId, position: 7 });
    h.command('card/start', { uri: uri('Bedtime Stories') });
    expect(h.player.snapshot()).toMatchObject({ cardId: h.card('Bedtime Stories').cardId, position: 3 });
  });

  it('a resume ignores the chapter asked for; the same card playing now stays where it is', () => {
    const card = h.card('Good Morning Songs');
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.tick(9);
    h.command('card/start', {
      uri: uri('Good Morning Songs'),
      chapterKey: String(card.chapters.at(-1)?.key),
    });
    expect(h.player.snapshot()).toMatchObject({ chapterKey: String(card.chapters[0]?.key), position: 9 });
  });

  it('a card played to its end starts over', () => {
    const card = h.card('Good Morning Songs');
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.tickPolling(card.duration + 5);
    expect(h.player.snapshot().playbackStatus).toBe('stopped');
    h.command('card/start', { uri: uri('Good Morning Songs') });
    expect(h.player.snapshot()).toMatchObject({ chapterKey: String(card.chapters[0]?.key), position: 0 });
  });
});
