import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';

const withPlaylists = (count: number) => {
  const services = createTestServices();
  services.library.playlists = Array.from({ length: count }, (_, i) => makePlaylist(i + 1));
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  return services;
};

const cards = () => screen.queryAllByTestId('playlist-card');
const titles = () => screen.queryAllByTestId('playlist-title').map((el) => el.textContent);

// Whole-app renders under a loaded machine take seconds: give each test room.
describe('playlist browser', { timeout: 30_000 }, () => {
  it('shows 12 playlists a page with pagination at top and bottom', async () => {
    renderApp(withPlaylists(30));
    expect(await screen.findByRole('tab', { name: 'My Playlists (30)' })).toBeTruthy();
    expect(cards()).toHaveLength(12);
    expect(screen.getAllByRole('navigation')).toHaveLength(2);

    const top = screen.getByRole('navigation', { name: 'Playlist pages (top)' });
    await userEvent.click(within(top).getByRole('button', { name: 'Go to page 3' }));
    expect(cards()).toHaveLength(6);
    expect(titles()[0]).toBe('Playlist 25');
  });

  it('has no pagination when everything fits on one page', async () => {
    renderApp(withPlaylists(12));
    await screen.findByRole('tab', { name: 'My Playlists (12)' });
    expect(cards()).toHaveLength(12);
    expect(screen.queryAllByRole('navigation')).toHaveLength(0);
  });

  it('a new search starts at page 1', async () => {
    renderApp(withPlaylists(30));
    await screen.findByRole('tab', { name: 'My Playlists (30)' });
    const top = screen.getByRole('navigation', { name: 'Playlist pages (top)' });
    await userEvent.click(within(top).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(titles()[0]).toBe('Playlist 13'));

    // Every title still matches, so without the reset page 2 would stay.
    await userEvent.type(screen.getByPlaceholderText('Search playlists...'), 'Play');
    await waitFor(() => expect(titles()[0]).toBe('Playlist 01'));
    await userEvent.clear(screen.getByPlaceholderText('Search playlists...'));

    // Titles are zero-padded, so "Playlist 1" matches Playlist 10 to 19: one page, from its start.
    await userEvent.type(screen.getByPlaceholderText('Search playlists...'), 'Playlist 1');
    await waitFor(() => expect(titles()).toEqual(Array.from({ length: 10 }, (_, i) => `Playlist 1${i}`)));
    expect(cards()).toHaveLength(10);
    expect(screen.queryAllByRole('navigation')).toHaveLength(0);
  });

  it('shows the empty state when nothing matches', async () => {
    renderApp(withPlaylists(5));
    await screen.findByRole('tab', { name: 'My Playlists (5)' });
    await userEvent.type(screen.getByPlaceholderText('Search playlists...'), 'dinosaurs');
    expect(await screen.findByText('No playlists found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search criteria')).toBeTruthy();
    expect(cards()).toHaveLength(0);
  });

  it('shows category and duration badges, hiding the category when it is none', async () => {
    const services = withPlaylists(0);
    services.library.playlists = [
      makePlaylist(1, { category: 'stories', duration: 300 }),
      makePlaylist(2, { category: 'none', duration: 125 }),
    ];
    renderApp(services);
    await screen.findByRole('tab', { name: 'My Playlists (2)' });
    const [first, second] = cards();
    expect(within(first!).getByText('stories')).toBeTruthy();
    expect(within(first!).getByText('5m')).toBeTruthy();
    expect(within(second!).queryByText('none')).toBeNull();
    expect(within(second!).getByText('2m')).toBeTruthy();
  });

  it('reports a failed playlist load in the snackbar', async () => {
    const services = withPlaylists(3);
    services.library.failPlaylists = true;
    renderApp(services);
    // The snackbar, and the tab's own alert in place of the list.
    await waitFor(() => expect(screen.getAllByText('Failed to load playlists.')).toHaveLength(2));
  });

  it('a failed playlist load shows an error with Retry, not the search hint, and Retry loads the list', async () => {
    const services = withPlaylists(3);
    services.library.failPlaylists = true;
    renderApp(services);
    await screen.findAllByText('Failed to load playlists.');
    expect(screen.queryByText('No playlists found')).toBeNull();
    expect(screen.queryByText('Try adjusting your search criteria')).toBeNull();

    services.library.failPlaylists = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'My Playlists (3)' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('a failed playlist load is not asked for again and again', async () => {
    const services = withPlaylists(3);
    services.library.failPlaylists = true;
    const asked = vi.spyOn(services.library, 'getPlaylists');
    renderApp(services);
    await screen.findByRole('button', { name: 'Retry' });
    // Time for what waits for the first view (the alarm scheduler among them) to start.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The sign-in's prefetch, the tab's mount and the scheduler's mount: once each, then nothing.
    expect(asked.mock.calls.length).toBeLessThanOrEqual(3);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('switches between grid and list; the list form adds group name and description', async () => {
    const services = withPlaylists(0);
    services.library.playlists = [
      makePlaylist(1, { description: 'Songs for the morning', groupId: 'g', groupName: 'Mornings' }),
    ];
    renderApp(services);
    await screen.findByRole('tab', { name: 'My Playlists (1)' });
    expect(screen.queryByText('Songs for the morning')).toBeNull();
    expect(screen.queryByText('Mornings')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    const card = (await screen.findAllByTestId('playlist-card'))[0]!;
    expect(within(card).getByTestId('playlist-group').textContent).toBe('Mornings');
    expect(within(card).getByText('Songs for the morning')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Playlists' }).getAttribute('data-view')).toBe('list');

    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    await waitFor(() => expect(screen.queryByText('Songs for the morning')).toBeNull());
  });

  it('shows cover art, or the music-note placeholder when there is none', async () => {
    const services = withPlaylists(0);
    services.library.playlists = [
      makePlaylist(1, { coverArt: 'https://covers.test/1.svg' }),
      makePlaylist(2, { coverArt: null }),
    ];
    const { container } = renderApp(services);
    await screen.findByRole('tab', { name: 'My Playlists (2)' });
    const [first, second] = cards();
    expect(first!.querySelector('img')?.getAttribute('src')).toBe('https://covers.test/1.svg');
    expect(within(first!).queryByTestId('cover-placeholder')).toBeNull();
    expect(second!.querySelector('img')).toBeNull();
    expect(within(second!).getByTestId('cover-placeholder')).toBeTruthy();
    expect(container.querySelectorAll('[data-testid="playlist-card"]')).toHaveLength(2);
  });
});
