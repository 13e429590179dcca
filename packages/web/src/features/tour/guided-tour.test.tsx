import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installMatchMedia } from '../../test/match-media';
import { mainTab, openMainTab } from '../../test/main-tabs';
import { renderApp } from '../../test/render-app';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
// Loaded up front, so the app's lazy imports of them resolve at once on a busy machine.
import './HelpFab';
import './GuidedTour';

// A floating help button, shown only logged in, starts a four-step guided tour (welcome,
// playlists tab, alarms tab, complete) with Back, Next, Done and a counter; step 1 opens the
// playlists tab, step 2 the alarms tab; the highlight starts 200 ms after a step changes.

const household = (token: string | null = 'stored-token') => {
  const services = createTestServices({ token });
  services.library.playlists = Array.from({ length: 13 }, (_, i) => makePlaylist(i + 1));
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  return services;
};

// The button waits for the first cards (lib/first-view.ts), which a whole-app render in jsdom can take
// seconds to paint on a busy two-core CI machine: give it room. Found by its label, not its role: a
// role query names every button of the page, each name reading computed styles (hundreds of ms in
// jsdom), and repeated every 50 ms it starved the lazy button's render (test/main-tabs.ts).
const helpButton = () =>
  screen.findByLabelText<HTMLButtonElement>(
    'Start the guided tour',
    { selector: 'button' },
    { timeout: 30_000 },
  );
const selected = (name: string) => mainTab(name).getAttribute('aria-selected');
/** The open step's button: Back, Next or Done. */
const button = (name: string) =>
  within(screen.getByRole('dialog')).getByRole<HTMLButtonElement>('button', { name });
const highlight = () => screen.queryByTestId('tour-highlight');
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** Signs in on a wide screen, opens the Help tab (so the tour's tab switches show) and the tour. */
async function openTour() {
  installMatchMedia(1024);
  renderApp(household());
  await screen.findByText('Welcome back, Demo Parent');
  await openMainTab('Help & Tutorial');
  const fab = await helpButton();
  await userEvent.click(fab);
  const dialog = await screen.findByRole('dialog', { name: 'Welcome to Playlist Alarms' });
  return { fab, dialog };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('help button', { timeout: 40_000 }, () => {
  it('is not there logged out', async () => {
    renderApp(household(null));
    await screen.findByRole('button', { name: 'Connect Yoto Account' });
    // Long enough for the logged-in view's idle-time chunk, were it mounted.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Start the guided tour' })).toBeNull();
  });

  it('shows logged in and goes with Logout', async () => {
    renderApp(household());
    await screen.findByText('Welcome back, Demo Parent');
    expect(await helpButton()).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Connect Yoto Account' });
    expect(screen.queryByRole('button', { name: 'Start the guided tour' })).toBeNull();
  });
});

// Whole-app journeys through lazy tabs: seconds each on a busy two-core machine.
describe('guided tour', { timeout: 40_000 }, () => {
  it('steps through welcome, playlists, alarms and complete with Back, Next, Done and "n/4"', async () => {
    const { fab, dialog } = await openTour();
    // A dialog, not inside the popper's default "tooltip" role.
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('1/4')).toBeTruthy();
    expect(within(dialog).getByText('Step 1 of 4')).toBeTruthy();
    expect(button('Back').disabled).toBe(true);
    // The welcome switches nothing.
    expect(selected('Help & Tutorial')).toBe('true');

    await userEvent.click(button('Next'));
    const playlists = screen.getByRole('dialog', { name: 'Your playlists' });
    expect(within(playlists).getByText('2/4')).toBeTruthy();
    expect(within(playlists).getByText(/Set Alarm on a card/)).toBeTruthy();
    // Step 1 opens the playlists tab: its panel shows, the help panel is gone.
    await waitFor(() => expect(selected('Your Playlists (13)')).toBe('true'));
    expect(screen.getByRole('tabpanel', { name: 'Your Playlists (13)' })).toBeTruthy();
    expect(screen.queryByRole('tabpanel', { name: 'Help & Tutorial' })).toBeNull();

    await userEvent.click(button('Next'));
    const alarms = screen.getByRole('dialog', { name: 'Your alarms' });
    expect(within(alarms).getByText('3/4')).toBeTruthy();
    // Step 2 opens the alarms tab.
    await waitFor(() => expect(selected('Alarm Management')).toBe('true'));
    expect(screen.getByRole('tabpanel', { name: 'Alarm Management' })).toBeTruthy();
    expect(screen.queryByRole('tabpanel', { name: 'Your Playlists (13)' })).toBeNull();

    await userEvent.click(button('Back'));
    expect(within(screen.getByRole('dialog', { name: 'Your playlists' })).getByText('2/4')).toBeTruthy();
    await waitFor(() => expect(selected('Your Playlists (13)')).toBe('true'));

    await userEvent.click(button('Next'));
    await userEvent.click(button('Next'));
    const complete = screen.getByRole('dialog', { name: "You're all set" });
    expect(within(complete).getByText('4/4')).toBeTruthy();
    expect(within(complete).getByText(/start this tour again/i)).toBeTruthy();
    expect(within(complete).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(button('Back').disabled).toBe(false);
    // The last step leaves the tab where step 2 put it.
    expect(selected('Alarm Management')).toBe('true');

    await userEvent.click(button('Done'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(fab));
  });

  it('highlights the step’s tab only 200 ms after the step changes', async () => {
    await openTour();
    // The welcome has nothing to highlight.
    expect(highlight()).toBeNull();
    vi.useFakeTimers();

    fireEvent.click(button('Next'));
    expect(highlight()).toBeNull();
    advance(199);
    expect(highlight()).toBeNull();
    advance(1);
    expect(highlight()?.dataset.target).toBe('tab-playlists');

    // A new step drops the highlight at once and lights its own tab 200 ms later.
    fireEvent.click(button('Next'));
    expect(highlight()).toBeNull();
    advance(200);
    expect(highlight()?.dataset.target).toBe('tab-alarms');

    // Back within 200 ms to a step that was lit waits its 200 ms again.
    fireEvent.click(button('Back'));
    advance(100);
    fireEvent.click(button('Next'));
    advance(150);
    expect(highlight()).toBeNull();
    advance(50);
    expect(highlight()?.dataset.target).toBe('tab-alarms');
  });

  it('works by keyboard: focus moves into each step, Tab stays in it, Escape ends and returns to the button', async () => {
    installMatchMedia(1024);
    renderApp(household());
    const fab = await helpButton();
    fab.focus();
    await userEvent.keyboard('{Enter}');

    const welcome = await screen.findByRole('dialog', { name: 'Welcome to Playlist Alarms' });
    await waitFor(() => expect(document.activeElement).toBe(welcome));
    await userEvent.tab(); // Back is disabled on the first step
    expect(document.activeElement).toBe(button('Next'));
    await userEvent.keyboard('{Enter}');

    const playlists = screen.getByRole('dialog', { name: 'Your playlists' });
    await waitFor(() => expect(document.activeElement).toBe(playlists));
    await userEvent.tab();
    expect(document.activeElement).toBe(button('Back'));
    await userEvent.tab();
    expect(document.activeElement).toBe(button('Next'));
    await userEvent.tab(); // round to the first button: focus stays in the step
    expect(document.activeElement).toBe(button('Back'));

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(fab));
    // The tab the tour opened stays open.
    expect(selected('Your Playlists (13)')).toBe('true');
  });

  it('a click outside the step ends the tour', async () => {
    const { fab } = await openTour();
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await userEvent.click(backdrop!);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(fab));
  });
});
