import { describe, expect, it } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Notifier } from '../../services/notifier';
import { NotifierContext } from '../../services/notifier-context';
import { ServicesContext } from '../../services/app-services';
import { LAZY_MS, summaryChip } from '../../test/lazy-parts';
import { renderApp } from '../../test/render-app';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
import type { TestServices } from '../../test/twins';
import { usePlayer } from './use-player';

const household = (devices: ReturnType<typeof makeDevice>[], refusingDevices: string[] = []) => {
  const services = createTestServices({ refusingDevices });
  services.library.playlists = [makePlaylist(1), makePlaylist(2, { cardId: null, title: 'No Card Here' })];
  services.library.devices = devices;
  return services;
};

const firstCard = async () => (await screen.findAllByTestId('playlist-card'))[0]!;

/** The card commands a player received (the now-playing modal also asks for its events). */
const sentNames = (services: TestServices, deviceId: string) =>
  services.links
    .get(deviceId)
    ?.sent.map((command) => command.name)
    .filter((name) => name.startsWith('card/')) ?? [];

/** The hook alone, for flows the UI never offers (its buttons are disabled then). */
const renderPlayer = (services: TestServices) => {
  const notifier = new Notifier();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesContext.Provider value={services}>
      <NotifierContext.Provider value={notifier}>{children}</NotifierContext.Provider>
    </ServicesContext.Provider>
  );
  const { result } = renderHook(() => usePlayer(services.library.devices), { wrapper });
  return { result, notifier };
};

describe('Play', { timeout: 30_000 }, () => {
  it('with no online player says so and connects nothing', async () => {
    const services = household([makeDevice('p1', 'Bedroom Player', false)]);
    renderApp(services);
    await userEvent.click(within(await firstCard()).getByRole('button', { name: 'Play this playlist' }));
    expect(
      await screen.findByText('No online devices available. Please ensure your devices are connected.'),
    ).toBeTruthy();
    expect(services.links.size).toBe(0);
  });

  it('with exactly one online player connects to it by itself and plays', { timeout: 90_000 }, async () => {
    const services = household([
      makeDevice('p1', 'Bedroom Player', true),
      makeDevice('p2', 'Playroom Mini', false),
    ]);
    renderApp(services);
    await userEvent.click(within(await firstCard()).getByRole('button', { name: 'Play this playlist' }));

    expect(await screen.findByText('Playing: Playlist 01')).toBeTruthy();
    // No player to choose: the one dialog is the now-playing modal the play opens. It is a lazy chunk
    // that may show before or after the notice, so "no dialog at all" raced it.
    const nowPlaying = await screen.findByRole(
      'dialog',
      { name: 'Now Playing on Bedroom Player' },
      { timeout: LAZY_MS },
    );
    expect(screen.getAllByRole('dialog')).toEqual([nowPlaying]);
    const link = services.links.get('p1')!;
    expect(link.tokens).toEqual(['stored-token']);
    expect(link.sent[0]).toEqual({ name: 'card/start', payload: { uri: 'https://yoto.io/card1' } });
    expect(await summaryChip('MQTT Connected')).toBeTruthy();

    const card = await firstCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Pause playback' }));
    expect(await screen.findByText('Playback paused')).toBeTruthy();
    await userEvent.click(within(await firstCard()).getByRole('button', { name: 'Resume playback' }));
    await userEvent.click(within(await firstCard()).getByRole('button', { name: 'Stop playback' }));
    expect(await screen.findByText('Playback stopped')).toBeTruthy();
    expect(sentNames(services, 'p1')).toEqual(['card/start', 'card/pause', 'card/resume', 'card/stop']);
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('playlist-card')[0]!).getByRole('button', {
          name: 'Play this playlist',
        }),
      ).toBeTruthy(),
    );
  });

  it('with several online players asks which one, offering only online ones', async () => {
    const services = household([
      makeDevice('p1', 'Bedroom Player', true),
      makeDevice('p2', 'Playroom Mini', true),
      makeDevice('p3', "Grandma's Player", false),
    ]);
    renderApp(services);
    await userEvent.click(within(await firstCard()).getByRole('button', { name: 'Play this playlist' }));

    const dialog = await screen.findByRole('dialog', { name: 'Select Device for Playback' });
    expect(within(dialog).queryByText("Grandma's Player")).toBeNull();
    await userEvent.click(within(dialog).getByText('Playroom Mini'));

    expect(await screen.findByText('Playing: Playlist 01')).toBeTruthy();
    expect(sentNames(services, 'p2')).toEqual(['card/start']);
    expect(services.links.has('p1')).toBe(false);
  });

  it('while a play connects, that card waits: its Play busy (keeping focus), Set Alarm disabled', async () => {
    const services = household([makeDevice('p1', 'Bedroom Player', true)]);
    services.library.playlists.push(makePlaylist(3));
    // The player's connection takes its time (the token arrives when the test says).
    let release = () => {};
    const token = new Promise<string>((resolve) => (release = () => resolve('stored-token')));
    services.auth.getAccessToken = () => token;
    renderApp(services);
    const card = await firstCard();
    const play = within(card).getByRole('button', { name: 'Play this playlist' });
    await userEvent.click(play);

    // Not disabled: a disabled button drops focus, and the now-playing modal would return it nowhere.
    await waitFor(() => expect(play.getAttribute('aria-disabled')).toBe('true'));
    expect(play.hasAttribute('disabled')).toBe(false);
    expect(play.getAttribute('aria-busy')).toBe('true');
    expect(within(card).getByRole('button', { name: 'Connect Device' }).hasAttribute('disabled')).toBe(true);
    // Another card is not the one starting: its Play stays enabled, but one play connects at a time.
    const other = (await screen.findAllByTestId('playlist-card'))[2]!;
    const otherPlay = within(other).getByRole('button', { name: 'Play this playlist' });
    expect(otherPlay.hasAttribute('disabled')).toBe(false);
    await userEvent.click(otherPlay);

    release();
    expect(await screen.findByText('Playing: Playlist 01')).toBeTruthy();
    expect(services.links.get('p1')!.tokens).toEqual(['stored-token']);
    expect(services.links.get('p1')!.sent.filter((c) => c.name === 'card/start')).toEqual([
      { name: 'card/start', payload: { uri: 'https://yoto.io/card1' } },
    ]);
    // Play became Pause: the same button, so focus on it stays.
    expect(within(await firstCard()).getByRole('button', { name: 'Pause playback' })).toBe(play);
  });

  it('a double tap on Play connects once and starts the card once', async () => {
    const services = household([makeDevice('p1', 'Bedroom Player', true)]);
    const { result } = renderPlayer(services);
    const playlist = services.library.playlists[0]!;
    // Both presses land before React re-renders, as a fast double tap can on a phone.
    act(() => {
      result.current.play(playlist);
      result.current.play(playlist);
    });
    await waitFor(() => expect(sentNames(services, 'p1')).toEqual(['card/start']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(services.links.get('p1')!.tokens).toEqual(['stored-token']);
    expect(sentNames(services, 'p1')).toEqual(['card/start']);
    expect(result.current.starting).toBeNull();
  });

  it("a refused connection says the broker's reason", async () => {
    const services = household([makeDevice('p1', 'Bedroom Player', true)], ['p1']);
    renderApp(services);
    await userEvent.click(within(await firstCard()).getByRole('button', { name: 'Play this playlist' }));
    expect(
      await screen.findByText(
        'Failed to connect to device: MQTT login refused or failed (Connection refused: Not authorized)',
      ),
    ).toBeTruthy();
  });

  it('a playlist without a card id cannot be played', async () => {
    const services = household([makeDevice('p1', 'Bedroom Player', true)]);
    renderApp(services);
    const cards = await screen.findAllByTestId('playlist-card');
    const button = within(cards[1]!).getByRole('button', { name: 'Playlist not available for playback' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('Play without a card id gives the spec error and sends nothing', () => {
    const services = household([makeDevice('p1', 'Bedroom Player', true)]);
    const { result, notifier } = renderPlayer(services);
    act(() => result.current.play(makePlaylist(9, { cardId: null, title: 'Lullabies' })));
    expect(notifier.getSnapshot()?.message).toBe('Playlist "Lullabies" does not have a valid card ID.');
    expect(services.links.size).toBe(0);
  });

  // "No device connected." on stop or pause.
  it.each(['stop', 'pause'] as const)('%s with no connected player says no device is connected', (action) => {
    const services = household([makeDevice('p1', 'Bedroom Player', true)]);
    const { result, notifier } = renderPlayer(services);
    act(() => result.current[action]());
    expect(notifier.getSnapshot()?.message).toBe('No device connected.');
    expect(services.links.size).toBe(0);
  });

  it('events from the player itself drive the card', async () => {
    const services = household([makeDevice('p1', 'Bedroom Player', true)]);
    renderApp(services);
    await userEvent.click(within(await firstCard()).getByRole('button', { name: 'Play this playlist' }));
    await screen.findByText('Playing: Playlist 01');

    // Someone presses pause on the player.
    act(() => services.links.get('p1')!.emit({ playbackStatus: 'paused' }));
    expect(await within(await firstCard()).findByRole('button', { name: 'Resume playback' })).toBeTruthy();
    act(() => services.links.get('p1')!.emit({ playbackStatus: 'stopped', cardId: 'none' }));
    expect(await within(await firstCard()).findByRole('button', { name: 'Play this playlist' })).toBeTruthy();
  });
});
