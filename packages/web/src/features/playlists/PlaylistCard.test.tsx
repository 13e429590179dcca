import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Playlist } from '@playlist-alarms/core/entities';
import type { CardPlaybackPhase } from '@playlist-alarms/core/playback-state';
import { makePlaylist } from '../../test/twins';
import { PlaylistCard } from './PlaylistCard';

type Call = [name: string, playlist?: Playlist];

function renderCard(
  options: {
    playlist?: Playlist;
    phase?: CardPlaybackPhase;
    connected?: boolean;
    layout?: 'grid' | 'list';
  } = {},
) {
  const calls: Call[] = [];
  const playlist = options.playlist ?? makePlaylist(1);
  render(
    <PlaylistCard
      playlist={playlist}
      phase={options.phase ?? 'idle'}
      layout={options.layout ?? 'grid'}
      deviceConnected={options.connected ?? false}
      onPlay={(p) => calls.push(['play', p])}
      onPause={() => calls.push(['pause'])}
      onResume={() => calls.push(['resume'])}
      onStop={() => calls.push(['stop'])}
      onSetAlarm={(p) => calls.push(['setAlarm', p])}
    />,
  );
  return { calls, playlist };
}

const button = (name: string) => screen.getByRole('button', { name });
const buttonNames = () =>
  screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);

describe('playlist card buttons (SPEC §2, §4, §5)', () => {
  it('idle: Play with its tooltip', async () => {
    const { calls, playlist } = renderCard();
    expect(buttonNames()).toEqual(['Play this playlist', 'Connect Device']);
    await userEvent.hover(button('Play this playlist'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Play this playlist');
    await userEvent.click(button('Play this playlist'));
    expect(calls).toEqual([['play', playlist]]);
  });

  it('without a card id Play is disabled and says why', async () => {
    renderCard({ playlist: makePlaylist(2, { cardId: null }), connected: true });
    const play = button('Playlist not available for playback');
    expect(play.hasAttribute('disabled')).toBe(true);
    await userEvent.hover(play.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Playlist not available for playback');
    // Set Alarm needs a card id too.
    expect(button('Connect Device').hasAttribute('disabled')).toBe(true);
  });

  it('playing: Pause and Stop', async () => {
    const { calls } = renderCard({ phase: 'playing' });
    expect(buttonNames()).toEqual(['Pause playback', 'Stop playback', 'Connect Device']);
    await userEvent.hover(button('Pause playback'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Pause playback');
    await userEvent.click(button('Pause playback'));
    await userEvent.click(button('Stop playback'));
    expect(calls).toEqual([['pause'], ['stop']]);
  });

  it('paused: Resume and Stop', async () => {
    const { calls } = renderCard({ phase: 'paused' });
    expect(buttonNames()).toEqual(['Resume playback', 'Stop playback', 'Connect Device']);
    await userEvent.hover(button('Resume playback'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Resume playback');
    await userEvent.click(button('Resume playback'));
    expect(calls).toEqual([['resume']]);
  });

  it('Set Alarm reads "Connect Device" and is disabled until a player is connected', async () => {
    const { calls, playlist } = renderCard({ connected: true });
    expect(button('Set Alarm').hasAttribute('disabled')).toBe(false);
    await userEvent.click(button('Set Alarm'));
    expect(calls).toEqual([['setAlarm', playlist]]);
  });

  it('shows the Family badge for library items and hides the category none', () => {
    renderCard({
      playlist: makePlaylist(3, { isFromFamilyLibrary: true, category: 'none', groupName: 'Shelf' }),
    });
    expect(screen.getByText('Family')).toBeTruthy();
    expect(screen.queryByText('none')).toBeNull();
    expect(screen.queryByText('Shelf')).toBeNull(); // group name is for the list form
  });

  it('the list form shows group name and description', () => {
    renderCard({
      layout: 'list',
      playlist: makePlaylist(4, {
        groupName: 'Shelf',
        description: 'Long stories',
        isFromFamilyLibrary: true,
      }),
    });
    expect(screen.getByText('Shelf')).toBeTruthy();
    expect(screen.getByText('Long stories')).toBeTruthy();
  });
});
