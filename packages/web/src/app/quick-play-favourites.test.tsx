import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeDevice } from '@playlist-alarms/core/test/fixtures/builders';
import { household } from '../test/household';
import { RemoteControlPanel } from '../features/devices/remote/RemoteControlPanel';
import { renderWithServices } from '../test/render-with-services';

// The remote's Quick Play Favorites read the pins the playlists tab makes (api/favourites.ts).

const BEDROOM = makeDevice('p1', 'Bedroom Player', true);

async function connectedPanel(pins: Array<{ cardId: string; title: string }>) {
  const services = household();
  services.favourites.pins = pins;
  await services.devices.connect('p1');
  renderWithServices(
    services,
    <RemoteControlPanel device={BEDROOM} playlists={services.library.playlists} />,
  );
  return { services, link: services.links.get('p1')! };
}

const quickPlayTitles = () =>
  within(screen.getByRole('group', { name: 'Quick Play Favorites' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('Quick Play Favorites from pins', { timeout: 30_000 }, () => {
  it('shows the pinned cards in pin order (a family card by the title it was pinned with), and plays them', async () => {
    const { link } = await connectedPanel([
      { cardId: 'card6', title: 'Old name' },
      { cardId: 'fam-1', title: 'Grandma Reads' },
    ]);
    await waitFor(() => expect(quickPlayTitles()).toEqual(['Playlist 06', 'Grandma Read...']));
    await userEvent.click(screen.getByRole('button', { name: 'Grandma Read...' }));
    expect(link.sent.at(-1)).toEqual({ name: 'card/start', payload: { uri: 'https://yoto.io/fam-1' } });
  });

  it('with nothing pinned the first four playlists stand in', async () => {
    await connectedPanel([]);
    await waitFor(() =>
      expect(quickPlayTitles()).toEqual(['Bedtime Stor...', 'Untitled', 'No Card', 'Playlist 04']),
    );
  });
});
