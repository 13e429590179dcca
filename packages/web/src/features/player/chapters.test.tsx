import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAPTER_UNAVAILABLE } from '@playlist-alarms/core/texts/chapter-texts';
import { renderApp } from '../../test/render-app';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
import type { TestServices } from '../../test/twins';

const chapter = (key: string, title: string) => ({
  key,
  title,
  duration: 60,
  tracks: [{ key: `${key}-t1`, title, duration: 60 }],
});

const household = (chapters = [chapter('01', 'Owl'), chapter('02', 'Fox'), chapter('03', 'Bear')]) => {
  const services = createTestServices();
  services.library.playlists = [makePlaylist(1), makePlaylist(2)];
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  services.library.chaptersByCard.set('card1', chapters);
  return services;
};

const modal = () => screen.getByRole('dialog', { name: /Now Playing on/ });
const starts = (services: TestServices) =>
  (services.links.get('p1')?.sent ?? []).filter((c) => c.name === 'card/start').map((c) => c.payload);
const button = (name: string) => within(modal()).getByRole('button', { name });

async function playFirst(services: TestServices) {
  renderApp(services);
  const [card] = await screen.findAllByTestId('playlist-card');
  await userEvent.click(within(card!).getByRole('button', { name: 'Play this playlist' }));
  await screen.findByRole('dialog', { name: 'Now Playing on Bedroom Player' });
}

describe('chapters in the now-playing modal', { timeout: 30_000 }, () => {
  it('next and previous start the neighbouring chapter with its keys; off at the edges with the reason', async () => {
    const services = household();
    await playFirst(services);
    act(() =>
      services.links.get('p1')!.emit({ cardId: 'card1', chapterKey: '02', playbackStatus: 'playing' }),
    );
    await waitFor(() => expect(button('Next chapter').hasAttribute('disabled')).toBe(false));
    await userEvent.click(button('Next chapter'));
    expect(starts(services).at(-1)).toEqual({
      uri: 'https://yoto.io/card1',
      chapterKey: '03',
      trackKey: '03-t1',
      secondsIn: 0,
    });
    await userEvent.click(button('Previous chapter'));
    expect(starts(services).at(-1)).toMatchObject({ chapterKey: '01', secondsIn: 0 });

    // The player reports the last chapter: Next is off and says why.
    act(() => services.links.get('p1')!.emit({ chapterKey: '03' }));
    await waitFor(() => expect(button('Next chapter').hasAttribute('disabled')).toBe(true));
    await userEvent.hover(button('Next chapter').parentElement!);
    expect(await screen.findByRole('tooltip', { name: CHAPTER_UNAVAILABLE.atLast })).toBeTruthy();
  });

  it('the chapter list marks the playing chapter and starts the one chosen', async () => {
    const services = household();
    await playFirst(services);
    act(() =>
      services.links.get('p1')!.emit({ cardId: 'card1', chapterKey: '01', playbackStatus: 'playing' }),
    );
    await waitFor(() => expect(button('Chapters').hasAttribute('disabled')).toBe(false));
    await userEvent.click(button('Chapters'));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Chapter 1 · OwlPlaying now',
      'Chapter 2 · Fox',
      'Chapter 3 · Bear',
    ]);
    expect(items[0]!.getAttribute('aria-current')).toBe('true');
    await userEvent.click(items[2]!);
    expect(starts(services).at(-1)).toMatchObject({ chapterKey: '03', trackKey: '03-t1' });
  });

  it("a card whose chapters are unknown or that can't be read leaves every chapter control off, saying why", async () => {
    const none = household([]);
    await playFirst(none);
    act(() => none.links.get('p1')!.emit({ cardId: 'card1', chapterKey: '01' }));
    await waitFor(() =>
      expect(button('Chapters').parentElement!.getAttribute('aria-label')).toBe(
        CHAPTER_UNAVAILABLE.noChapters,
      ),
    );
    for (const name of ['Previous chapter', 'Next chapter', 'Chapters'])
      expect(button(name).hasAttribute('disabled')).toBe(true);
  });

  it('an unreadable card says so', async () => {
    const services = household();
    services.library.restrictedCards.add('card1');
    await playFirst(services);
    await waitFor(() =>
      expect(button('Next chapter').parentElement!.getAttribute('aria-label')).toBe(
        CHAPTER_UNAVAILABLE.unreadable,
      ),
    );
    expect(starts(services)).toHaveLength(1); // only the Play itself
  });
});
