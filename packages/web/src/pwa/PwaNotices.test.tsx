import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_HINT, INSTALL_LABEL, PwaNotices, UPDATE_READY } from './PwaNotices';
import { createPwaStore, followBrowser, showsInstallOffer } from './pwa-store';
import type { InstallPromptEvent } from './pwa-store';

const OFFLINE = 'You are offline: playlists and players need a connection';

/** A display-mode query the test flips, as the browser does when the app is installed. */
function displayMode(matches: boolean) {
  const target = new EventTarget();
  const query = Object.assign(target, { matches, media: '(display-mode: standalone)' });
  return {
    query: query as unknown as MediaQueryList,
    change(now: boolean) {
      query.matches = now;
      target.dispatchEvent(Object.assign(new Event('change'), { matches: now }));
    },
  };
}

function installPrompt() {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  }) as InstallPromptEvent;
  return { event, prompt };
}

function setUp(standalone = false) {
  const store = createPwaStore();
  const mode = displayMode(standalone);
  const stop = followBrowser(store, window, mode.query);
  render(<PwaNotices store={store} />);
  return { store, mode, stop };
}

let stopFollowing: (() => void) | null = null;
afterEach(() => {
  stopFollowing?.();
  stopFollowing = null;
});

describe('the install offer', () => {
  it('shows only after the browser offers installation, and takes the offer over', async () => {
    const { stop } = setUp();
    stopFollowing = stop;
    expect(screen.queryByRole('button', { name: INSTALL_LABEL })).toBeNull();
    const { event, prompt } = installPrompt();
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText(INSTALL_HINT)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: INSTALL_LABEL }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: INSTALL_LABEL })).toBeNull();
  });

  it('is not shown in the installed app, nor once installed', () => {
    const { mode, stop } = setUp(true);
    stopFollowing = stop;
    act(() => {
      window.dispatchEvent(installPrompt().event);
    });
    expect(screen.queryByRole('button', { name: INSTALL_LABEL })).toBeNull();
    act(() => mode.change(false));
    expect(screen.getByRole('button', { name: INSTALL_LABEL })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', { name: INSTALL_LABEL })).toBeNull();
  });

  it('"Not now" puts it away', async () => {
    const { stop } = setUp();
    stopFollowing = stop;
    act(() => {
      window.dispatchEvent(installPrompt().event);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('button', { name: INSTALL_LABEL })).toBeNull();
  });

  it('showsInstallOffer needs an offer and no installed app', () => {
    const { event } = installPrompt();
    const state = createPwaStore().get();
    expect(showsInstallOffer(state)).toBe(false);
    expect(showsInstallOffer({ ...state, installPrompt: event })).toBe(true);
    expect(showsInstallOffer({ ...state, installPrompt: event, installed: true })).toBe(false);
  });
});

describe('the other notices', () => {
  it('says when the network goes away during the session, and when it is back', () => {
    const { stop } = setUp();
    stopFollowing = stop;
    expect(screen.queryByText(OFFLINE)).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(OFFLINE)).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(OFFLINE)).toBeNull();
  });

  it('offers a waiting update and applies it only when asked', async () => {
    const { store, stop } = setUp();
    stopFollowing = stop;
    const update = vi.fn();
    act(() => store.set({ update }));
    expect(screen.getByText(UPDATE_READY)).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while there is nothing to say', () => {
    const { stop } = setUp();
    stopFollowing = stop;
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
