import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
import type { TestServices } from '../../test/twins';

const household = () => {
  const services = createTestServices();
  services.library.playlists = [makePlaylist(1), makePlaylist(2, { cardId: null })];
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  return services;
};

const modal = () => screen.getByRole('dialog', { name: /Now Playing on/ });
const sent = (services: TestServices) => services.links.get('p1')?.sent ?? [];
const firstCard = async () => (await screen.findAllByTestId('playlist-card'))[0]!;

async function playFirst(services: TestServices) {
  renderApp(services);
  await userEvent.click(within(await firstCard()).getByRole('button', { name: 'Play this playlist' }));
  return screen.findByRole('dialog', { name: 'Now Playing on Bedroom Player' });
}

describe('now-playing modal', { timeout: 30_000 }, () => {
  it('opens when the app starts playback: title, LIVE, playlist, progress from the player', async () => {
    const services = household();
    const dialog = await playFirst(services);
    expect(within(dialog).getByText('LIVE')).toBeTruthy();
    expect(within(dialog).getByTestId('now-playing-playlist').textContent).toBe('Playlist 01');
    // It asks the player for its whole state at once.
    await waitFor(() => expect(sent(services).map((c) => c.name)).toContain('events/request'));

    act(() => services.links.get('p1')!.emit({ position: 30, trackLength: 120, chapterTitle: 'Chapter 1' }));
    await waitFor(() =>
      expect(
        within(modal()).getByRole('progressbar', { name: 'Track progress' }).getAttribute('aria-valuenow'),
      ).toBe('25'),
    );
    expect(within(modal()).getByText('0:30')).toBeTruthy();
    expect(within(modal()).getByText('2:00')).toBeTruthy();
    expect(within(modal()).getByText('Chapter 1')).toBeTruthy();
  });

  it('repeat and shuffle are disabled: "Not Available" (chapters: chapters.test.tsx)', async () => {
    await playFirst(household());
    for (const name of ['Repeat', 'Shuffle']) {
      expect(within(modal()).getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
    await userEvent.hover(within(modal()).getByRole('button', { name: 'Repeat' }).parentElement!);
    // By name: jsdom has no pointer to leave the card's Pause (Play's own button, under the modal).
    expect((await screen.findByRole('tooltip', { name: 'Not Available' })).textContent).toBe('Not Available');
  });

  it('pause, play (resume) and stop reach the player and the card', async () => {
    const services = household();
    await playFirst(services);
    await userEvent.click(await within(modal()).findByRole('button', { name: 'Pause' }));
    await within(modal()).findByRole('button', { name: 'Play' });
    expect(within(await firstCard()).getByRole('button', { name: 'Resume playback' })).toBeTruthy();
    await userEvent.click(within(modal()).getByRole('button', { name: 'Play' }));
    await within(modal()).findByRole('button', { name: 'Pause' });
    await userEvent.click(within(modal()).getByRole('button', { name: 'Stop' }));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('playlist-card')[0]!).getByRole('button', {
          name: 'Play this playlist',
        }),
      ).toBeTruthy(),
    );
    expect(
      sent(services)
        .filter((c) => c.name.startsWith('card/'))
        .map((c) => c.name),
    ).toEqual(['card/start', 'card/pause', 'card/resume', 'card/stop']);
  });

  it('the gauge starts at 70, moves at once and sends the level × 10 after the debounce', async () => {
    const services = household();
    await playFirst(services);
    expect(within(modal()).getByTestId('modal-volume').textContent).toBe('70%');
    expect(within(modal()).getByTestId('modal-volume-band').textContent).toBe('Loud');
    await userEvent.click(within(modal()).getByRole('button', { name: 'Volume 3' }));
    expect(within(modal()).getByTestId('modal-volume').textContent).toBe('30%');
    expect(within(modal()).getByTestId('modal-volume-band').textContent).toBe('Quiet');
    expect(within(modal()).getByRole('button', { name: 'Volume 3' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(sent(services).filter((c) => c.name === 'volume/set')).toEqual([]);
    await waitFor(
      () => expect(sent(services)).toContainEqual({ name: 'volume/set', payload: { volume: 30 } }),
      {
        timeout: 3000,
      },
    );

    await userEvent.click(within(modal()).getByRole('button', { name: 'Mute' }));
    await waitFor(
      () => expect(sent(services)).toContainEqual({ name: 'volume/set', payload: { volume: 0 } }),
      {
        timeout: 3000,
      },
    );
  });

  it("follows the player's own volume when no change is on its way", async () => {
    const services = household();
    await playFirst(services);
    act(() => services.links.get('p1')!.emit({ volume: 8, volumeMax: 16 }));
    await waitFor(() => expect(within(modal()).getByTestId('modal-volume').textContent).toBe('50%'));
  });

  it('under a limit of 8 it says so, stops at 50 % (8 of 16) and sends nothing above it', async () => {
    const services = household();
    await playFirst(services);
    act(() => services.links.get('p1')!.emit({ volume: 5, volumeMax: 8 }));
    await waitFor(() =>
      expect(within(modal()).getByTestId('modal-volume-limit').textContent).toBe('limit 8 of 16'),
    );
    // 5 of 16, not 5 of 8: the gauge reads 30 %, not 60 %.
    expect(within(modal()).getByTestId('modal-volume').textContent).toBe('30%');
    const over = within(modal()).getByRole('button', { name: 'Volume 6 (over the limit 8 of 16)' });
    expect(over.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(modal()).getByRole('button', { name: 'Volume 5' }));
    await waitFor(
      () => expect(sent(services)).toContainEqual({ name: 'volume/set', payload: { volume: 50 } }),
      { timeout: 3000 },
    );
    const volumes = sent(services).flatMap((c) =>
      c.name === 'volume/set' && c.payload && typeof c.payload === 'object' && 'volume' in c.payload
        ? [Number(c.payload.volume)]
        : [],
    );
    expect(Math.max(...volumes)).toBeLessThanOrEqual(50);
  });

  it('closes, and a Now Playing button brings it back while something plays', async () => {
    await playFirst(household());
    await userEvent.click(within(modal()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Now Playing' }));
    expect(await screen.findByRole('dialog', { name: 'Now Playing on Bedroom Player' })).toBeTruthy();
  });
});

describe('Set Alarm from a card', { timeout: 30_000 }, () => {
  it('reads "Connect Device" until a player is connected, then opens the Create Alarm dialog', async () => {
    const services = household();
    renderApp(services);
    const card = await firstCard();
    expect(within(card).getByRole('button', { name: 'Connect Device' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(card).getByRole('button', { name: 'Play this playlist' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /Now Playing/ })).getByRole('button', {
        name: 'Close',
      }),
    );
    const [connected, noCard] = await screen.findAllByTestId('playlist-card');
    expect(within(noCard!).getByRole('button', { name: 'Connect Device' }).hasAttribute('disabled')).toBe(
      true,
    );
    await userEvent.click(within(connected!).getByRole('button', { name: 'Set Alarm' }));
    expect(await screen.findByRole('dialog', { name: 'Create Alarm' })).toBeTruthy();
  });
});
