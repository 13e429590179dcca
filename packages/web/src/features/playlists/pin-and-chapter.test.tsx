import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_FAVOURITES } from '@playlist-alarms/core/shared/constants';
import { favouritesFull } from '@playlist-alarms/core/texts/favourite-texts';
import { renderApp } from '../../test/render-app';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';

const household = () => {
  const services = createTestServices();
  services.library.playlists = [makePlaylist(1), makePlaylist(2)];
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  return services;
};
const cards = () => screen.findAllByTestId('playlist-card');

describe('pinning a playlist to Quick Play', { timeout: 30_000 }, () => {
  it('the toggle pins and unpins through the backend, its name and pressed state following', async () => {
    const services = household();
    renderApp(services);
    const [first] = await cards();
    await userEvent.click(within(first!).getByRole('button', { name: 'Pin to Quick Play' }));
    const unpin = await within(first!).findByRole('button', { name: 'Unpin from Quick Play' });
    expect(unpin.getAttribute('aria-pressed')).toBe('true');
    expect(services.favourites.pins).toEqual([{ cardId: 'card1', title: 'Playlist 01' }]);
    expect(await screen.findByText('📌 Playlist 01 is in Quick Play Favorites')).toBeTruthy();
    await userEvent.click(unpin);
    await within(first!).findByRole('button', { name: 'Pin to Quick Play' });
    expect(services.favourites.calls).toEqual(['pin card1', 'unpin card1']);
    expect(services.favourites.pins).toEqual([]);
  });

  it('shows what the backend already holds, and says the cap in its words when full', async () => {
    const services = household();
    services.favourites.pins = Array.from({ length: MAX_FAVOURITES }, (_, i) => ({
      cardId: i === 0 ? 'card2' : `other${i}`,
      title: `T${i}`,
    }));
    renderApp(services);
    const [first, second] = await cards();
    await within(second!).findByRole('button', { name: 'Unpin from Quick Play' });
    await userEvent.click(within(first!).getByRole('button', { name: 'Pin to Quick Play' }));
    expect(await screen.findByText(favouritesFull(MAX_FAVOURITES))).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Pin to Quick Play' })).toBeTruthy();
  });
});

describe('Play from chapter…', { timeout: 30_000 }, () => {
  it("lists the card's chapters and plays the chosen one with its chapterKey through the play flow", async () => {
    const services = household();
    services.library.chaptersByCard.set('card1', [
      { key: '01', title: 'Owl', duration: 60, tracks: [{ key: 'a', title: 'Owl', duration: 60 }] },
      { key: '02', title: 'Fox', duration: 60, tracks: [{ key: 'b', title: 'Fox', duration: 60 }] },
    ]);
    renderApp(services);
    const [first] = await cards();
    await userEvent.click(within(first!).getByRole('button', { name: 'Play from chapter…' }));
    const dialog = await screen.findByRole('dialog', { name: /Play from chapter/ });
    const list = await within(dialog).findByRole('list', { name: 'Chapters' });
    await userEvent.click(within(list).getByRole('button', { name: 'Chapter 2 · Fox' }));
    // One online player: it connects and starts there, and the now-playing modal opens.
    await screen.findByRole('dialog', { name: 'Now Playing on Bedroom Player' });
    const starts = (services.links.get('p1')?.sent ?? []).filter((c) => c.name === 'card/start');
    expect(starts.map((c) => c.payload)).toEqual([
      { uri: 'https://yoto.io/card1', chapterKey: '02', trackKey: 'b', secondsIn: 0 },
    ]);
  });

  it("a card that can't be read says so and offers nothing to start", async () => {
    const services = household();
    services.library.restrictedCards.add('card1');
    renderApp(services);
    const [first] = await cards();
    await userEvent.click(within(first!).getByRole('button', { name: 'Play from chapter…' }));
    const dialog = await screen.findByRole('dialog', { name: /Play from chapter/ });
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe(
        "This card can't be read, so its chapters are unknown",
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.links.get('p1')).toBeUndefined();
  });
});
