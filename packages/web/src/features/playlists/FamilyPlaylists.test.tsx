import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { renderApp } from '../../test/render-app';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
import type { TestServices } from '../../test/twins';
import { makeLibraryGroup } from '@playlist-alarms/core/test/fixtures/builders';

const group = (id: string, name: string, items: string[]) => makeLibraryGroup(id, name, items);

const addCard = (services: TestServices, cardId: string, title: string, over: Partial<Playlist> = {}) =>
  services.library.familyCards.set(cardId, makePlaylist(0, { id: cardId, cardId, title, ...over }));

/** A library with each case: readable cards, a restricted one, an empty group, a failing detail. */
function familyHousehold() {
  const services = createTestServices();
  services.library.playlists = [makePlaylist(1, { title: 'My Own Song' })];
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  addCard(services, 'fav1', 'Dino Songs', { category: 'music', description: 'Roar along' });
  addCard(services, 'fav2', 'Sea Shanties');
  addCard(services, 'hid1', 'Old Radio Play');
  services.library.restrictedCards.add('hid1');
  addCard(services, 'trip1', 'Car Songs');
  addCard(services, 'trip2', 'Car Stories');
  services.library.failingGroupDetails.add('g-trip');
  services.library.familyGroups = [
    group('g-fav', 'Favourites', ['fav1', 'fav2']),
    group('g-hidden', "Grandparents' Shelf", ['hid1']),
    group('g-new', 'New This Week', []),
    group('g-trip', 'Road Trip', ['trip1', 'trip2']),
  ];
  return services;
}

const cards = () => screen.queryAllByTestId('playlist-card');
const titles = () => screen.queryAllByTestId('playlist-title').map((el) => el.textContent);
const groupRow = () => screen.queryByRole('tablist', { name: 'Playlist groups' });
const cardTitled = (title: string) => cards().find((card) => card.textContent?.includes(title))!;

async function openFamilyTab(count: number) {
  await userEvent.click(await screen.findByRole('tab', { name: `Family Playlists (${count})` }));
  await waitFor(() => expect(cards().length).toBeGreaterThan(0));
}

describe('Family Playlists', { timeout: 30_000 }, () => {
  it('waits for the own list before asking for the family library, so the first view comes first', async () => {
    const services = familyHousehold();
    let release = () => undefined as void;
    services.library.playlistsGate = new Promise<void>((resolve) => (release = resolve));
    renderApp(services);
    // Not asked for yet: no count, rather than an untrue 0.
    await screen.findByRole('tab', { name: 'Family Playlists' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(services.library.familyGroupsRequests).toBe(0);
    expect(services.library.groupDetailRequests).toEqual([]);

    release();
    await screen.findByRole('tab', { name: 'Family Playlists (5)' });
    expect(services.library.familyGroupsRequests).toBe(1);
  });

  it('opening the family tab while the own list still loads fetches the library at once', async () => {
    const services = familyHousehold();
    services.library.playlistsGate = new Promise<void>(() => undefined);
    renderApp(services);
    await userEvent.click(await screen.findByRole('tab', { name: 'Family Playlists' }));
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    expect(titles()).toContain('Dino Songs');
  });

  it('shows the library as cards with the Family badge, stand-ins, restricted content and notes', async () => {
    renderApp(familyHousehold());
    await openFamilyTab(5);

    expect(titles()).toEqual([
      'Dino Songs',
      'Sea Shanties',
      'Old Radio Play',
      'Road Trip - Item 1',
      'Road Trip - Item 2',
    ]);
    for (const card of cards()) expect(within(card).getByText('Family')).toBeTruthy();
    expect(within(cardTitled('Dino Songs')).getByText('family-library')).toBeTruthy();
    // The 403 on its content: category restricted, basic info kept.
    expect(within(cardTitled('Old Radio Play')).getByText('restricted')).toBeTruthy();
    expect(within(cardTitled('Old Radio Play')).getByText('5m')).toBeTruthy();

    const notes = screen.getAllByTestId('group-note').map((note) => note.textContent);
    expect(notes).toEqual(["Grandparents' Shelf(No accessible content)", 'New This Week(Empty)']);
    expect(screen.getByText('(Empty)')).toBeTruthy();
    expect(screen.getByText('(No accessible content)')).toBeTruthy();
  });

  it('has a group row: All Playlists, each group, My Playlists; each shows its own cards', async () => {
    renderApp(familyHousehold());
    await openFamilyTab(5);
    const row = groupRow()!;
    expect(
      within(row)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'All Playlists',
      'Favourites',
      "Grandparents' Shelf",
      'New This Week',
      'Road Trip',
      'My Playlists',
    ]);

    await userEvent.click(within(row).getByRole('tab', { name: 'Favourites' }));
    await waitFor(() => expect(titles()).toEqual(['Dino Songs', 'Sea Shanties']));

    await userEvent.click(within(row).getByRole('tab', { name: 'New This Week' }));
    await waitFor(() => expect(cards()).toHaveLength(0));
    expect(screen.getByText('(Empty)')).toBeTruthy();
    expect(screen.queryByText('No playlists found')).toBeNull();

    await userEvent.click(within(row).getByRole('tab', { name: 'My Playlists' }));
    await waitFor(() => expect(titles()).toEqual(['My Own Song']));
    expect(within(cards()[0]!).queryByText('Family')).toBeNull();

    // Changing the top tab resets the group to All Playlists.
    await userEvent.click(screen.getByRole('tab', { name: 'My Playlists (1)' }));
    expect(groupRow()).toBeNull(); // own playlists have no groups
    await openFamilyTab(5);
    expect(
      within(groupRow()!).getByRole('tab', { name: 'All Playlists' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(titles()).toHaveLength(5);
  });

  it('a new group or a new top tab starts at page 1', async () => {
    const services = familyHousehold();
    const many = Array.from({ length: 15 }, (_, i) => `many${i + 1}`);
    many.forEach((id, i) => addCard(services, id, `Story ${String(i + 1).padStart(2, '0')}`));
    services.library.familyGroups = [
      group('g-many', 'Stories', many),
      group('g-fav', 'Favourites', ['fav1']),
    ];
    renderApp(services);
    await openFamilyTab(16);

    const top = () => screen.getByRole('navigation', { name: 'Playlist pages (top)' });
    await userEvent.click(within(top()).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(titles()[0]).toBe('Story 13'));
    await userEvent.click(within(groupRow()!).getByRole('tab', { name: 'Stories' }));
    await waitFor(() => expect(titles()[0]).toBe('Story 01'));

    await userEvent.click(within(top()).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(titles()[0]).toBe('Story 13'));
    await userEvent.click(screen.getByRole('tab', { name: 'My Playlists (1)' }));
    await openFamilyTab(16);
    expect(titles()[0]).toBe('Story 01');
  });

  it('searches the family library too', async () => {
    renderApp(familyHousehold());
    await openFamilyTab(5);
    await userEvent.type(screen.getByPlaceholderText('Search playlists...'), 'road trip');
    await waitFor(() => expect(titles()).toEqual(['Road Trip - Item 1', 'Road Trip - Item 2']));
  });

  it('with a single group shows no group row', async () => {
    const services = familyHousehold();
    services.library.familyGroups = [group('g-fav', 'Favourites', ['fav1', 'fav2'])];
    renderApp(services);
    await openFamilyTab(2);
    expect(groupRow()).toBeNull();
    expect(titles()).toEqual(['Dino Songs', 'Sea Shanties']);
  });

  it('reads content at most 4 at once', async () => {
    const services = familyHousehold();
    const ids = Array.from({ length: 20 }, (_, i) => `big${i}`);
    ids.forEach((id) => addCard(services, id, `Big ${id}`));
    services.library.familyGroups = [
      group('g-big', 'Big Shelf', ids),
      group('g-fav', 'Favourites', ['fav1']),
    ];
    renderApp(services);
    await openFamilyTab(21);
    expect(services.library.contentRequests).toHaveLength(21);
    expect(services.library.peakContentInFlight).toBe(4);
  });

  it('a family library that cannot be read says "Failed to load playlists."', async () => {
    const services = familyHousehold();
    services.library.failFamilyGroups = true;
    renderApp(services);
    expect(await screen.findByText('Failed to load playlists.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Family Playlists' })).toBeTruthy();
  });
});
