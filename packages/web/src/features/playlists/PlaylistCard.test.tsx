import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import type { CardPlaybackPhase } from '@playlist-alarms/core/device/playback-state';
import { makePlaylist } from '../../test/twins';
import { TOUCH_HINT_DELAY_MS, TOUCH_HINT_LINGER_MS } from './CardHint';
import { PlaylistCard } from './PlaylistCard';

type Call = [name: string, playlist?: Playlist];

function renderCard(
  options: {
    playlist?: Playlist;
    phase?: CardPlaybackPhase;
    connected?: boolean;
    layout?: 'grid' | 'list';
    pinned?: boolean;
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
      pinned={options.pinned ?? false}
      onTogglePin={(p) => calls.push(['togglePin', p])}
      onPlayFromChapter={(p) => calls.push(['playFromChapter', p])}
    />,
  );
  return { calls, playlist };
}

const button = (name: string) => screen.getByRole('button', { name });
const buttonNames = () =>
  screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);

describe('playlist card buttons', () => {
  it('idle: Play with its tooltip', async () => {
    const { calls, playlist } = renderCard();
    expect(buttonNames()).toEqual([
      'Play this playlist',
      'Connect Device',
      'Play from chapter…',
      'Pin to Quick Play',
    ]);
    await userEvent.hover(button('Play this playlist'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Play this playlist');
    await userEvent.click(button('Play this playlist'));
    expect(calls).toEqual([['play', playlist]]);
  });

  it('keyboard focus shows the hint; the focus of a click does not (it would stay until blur)', async () => {
    renderCard();
    await userEvent.click(button('Play this playlist'));
    await userEvent.unhover(button('Play this playlist'));
    await pause(300);
    expect(tooltip(), 'no hint after a click').toBeNull();

    act(() => button('Play this playlist').blur());
    await userEvent.tab();
    expect(document.activeElement).toBe(button('Play this playlist'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Play this playlist');
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
    expect(buttonNames()).toEqual([
      'Pause playback',
      'Stop playback',
      'Connect Device',
      'Play from chapter…',
      'Pin to Quick Play',
    ]);
    await userEvent.hover(button('Pause playback'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Pause playback');
    await userEvent.click(button('Pause playback'));
    await userEvent.click(button('Stop playback'));
    expect(calls).toEqual([['pause'], ['stop']]);
  });

  it('Stop hands focus to the play button: Stop itself goes when playback ends', async () => {
    const { calls } = renderCard({ phase: 'playing' });
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(button('Stop playback'));
    await userEvent.keyboard('{Enter}');
    expect(calls).toEqual([['stop']]);
    expect(document.activeElement).toBe(button('Pause playback'));
  });

  it('paused: Resume and Stop', async () => {
    const { calls } = renderCard({ phase: 'paused' });
    expect(buttonNames()).toEqual([
      'Resume playback',
      'Stop playback',
      'Connect Device',
      'Play from chapter…',
      'Pin to Quick Play',
    ]);
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

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const finger = { clientX: 20, clientY: 20 };
const tooltip = () => screen.queryByRole('tooltip');

/** What a touch screen sends for a tap, after the touch itself: mouse events and focus, then click. */
function tapEcho(button: HTMLElement) {
  fireEvent.mouseEnter(button.parentElement!);
  fireEvent.focus(button);
  fireEvent.click(button);
}

// Tooltips on touch screens: no hover there, and a disabled button takes no focus.
describe('card hints on a touch screen', { timeout: 15_000 }, () => {
  it('a long press on a disabled Play shows why, and the hint goes after the finger lifts', async () => {
    renderCard({ playlist: makePlaylist(2, { cardId: null }) });
    // A disabled button gets no events (pointer-events: none): the touch lands on its wrapper.
    const wrapper = button('Playlist not available for playback').parentElement!;
    fireEvent.touchStart(wrapper, { touches: [finger] });
    await pause(TOUCH_HINT_DELAY_MS / 2);
    expect(tooltip()).toBeNull();
    expect((await screen.findByRole('tooltip', {}, { timeout: 3000 })).textContent).toBe(
      'Playlist not available for playback',
    );
    fireEvent.touchEnd(wrapper, { touches: [] });
    await pause(TOUCH_HINT_LINGER_MS / 2);
    expect(tooltip()).not.toBeNull();
    await waitFor(() => expect(tooltip()).toBeNull(), { timeout: 3000 });
  });

  it('a tap on a disabled Play says why at once', async () => {
    renderCard({ playlist: makePlaylist(2, { cardId: null }) });
    const wrapper = button('Playlist not available for playback').parentElement!;
    fireEvent.touchStart(wrapper, { touches: [finger] });
    fireEvent.touchEnd(wrapper, { touches: [] });
    fireEvent.mouseEnter(wrapper);
    expect((await screen.findByRole('tooltip', {}, { timeout: 3000 })).textContent).toBe(
      'Playlist not available for playback',
    );
    // The echoed mouse events do not make it stick.
    await waitFor(() => expect(tooltip()).toBeNull(), { timeout: 3000 });
  });

  it('a long press on Play shows its hint and does not play; a tap plays without a hint', async () => {
    const { calls, playlist } = renderCard();
    const play = button('Play this playlist');
    fireEvent.touchStart(play, { touches: [finger] });
    expect((await screen.findByRole('tooltip', {}, { timeout: 3000 })).textContent).toBe(
      'Play this playlist',
    );
    fireEvent.touchEnd(play, { touches: [] });
    tapEcho(play);
    expect(calls).toEqual([]);
    await waitFor(() => expect(tooltip()).toBeNull(), { timeout: 3000 });

    await pause(1100); // a tap later on
    fireEvent.touchStart(play, { touches: [finger] });
    fireEvent.touchEnd(play, { touches: [] });
    tapEcho(play);
    expect(calls).toEqual([['play', playlist]]);
    await pause(TOUCH_HINT_DELAY_MS + 100);
    expect(tooltip()).toBeNull();
  });

  it('a finger that scrolls the page shows no hint', async () => {
    renderCard({ playlist: makePlaylist(2, { cardId: null }) });
    const wrapper = button('Playlist not available for playback').parentElement!;
    fireEvent.touchStart(wrapper, { touches: [finger] });
    fireEvent.touchMove(wrapper, { touches: [{ clientX: 20, clientY: 80 }] });
    fireEvent.touchEnd(wrapper, { touches: [] });
    await pause(TOUCH_HINT_DELAY_MS + 100);
    expect(tooltip()).toBeNull();
  });
});

describe('pin and chapter buttons', () => {
  it('pin reads "Pin to Quick Play", pressed "Unpin from Quick Play"; both report their playlist', async () => {
    const { calls, playlist } = renderCard();
    expect(button('Pin to Quick Play').getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(button('Pin to Quick Play'));
    await userEvent.click(button('Play from chapter…'));
    expect(calls).toEqual([
      ['togglePin', playlist],
      ['playFromChapter', playlist],
    ]);
  });

  it('a pinned card offers to unpin', () => {
    renderCard({ pinned: true });
    expect(button('Unpin from Quick Play').getAttribute('aria-pressed')).toBe('true');
  });

  it('without a card id both are off', () => {
    renderCard({ playlist: makePlaylist(2, { cardId: null }) });
    expect(button('Pin to Quick Play').hasAttribute('disabled')).toBe(true);
    expect(button('Play from chapter…').hasAttribute('disabled')).toBe(true);
  });
});
