import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@playlist-alarms/core/shared/runtime-config';
import { installMatchMedia } from '../test/match-media';
import { LAZY_MS, summaryChip } from '../test/lazy-parts';
import { mainTab, openMainTab } from '../test/main-tabs';
import { renderApp } from '../test/render-app';
import { createTestServices, makeDevice, makePlaylist, testConfig } from '../test/twins';
import type { TestServices } from '../test/twins';
import { App } from './App';
import type { AppProps } from './App';
// The other tabs' sections, loaded with this file: their first open would make Vitest transform
// their modules inside a test, which took over 40 s on a loaded two-core CI machine (a red run).
// The app still reaches them through its lazy imports, which then resolve at once.
import './AlarmsSection';
import './DevicesSection';
import '../features/help/HelpPanel';

const household = (token: string | null = 'stored-token') => {
  const services = createTestServices({ token });
  services.library.playlists = Array.from({ length: 13 }, (_, i) => makePlaylist(i + 1));
  services.library.devices = [
    makeDevice('p1', 'Bedroom Player', true),
    makeDevice('p2', 'Playroom Mini', false),
  ];
  return services;
};

describe('app shell', { timeout: 60_000 }, () => {
  it('shows the loading view until the runtime configuration arrives, then the logged-out view', async () => {
    let release: (config: RuntimeConfig) => void = () => undefined;
    const pending = new Promise<RuntimeConfig>((resolve) => (release = resolve));
    const services = household(null);
    renderApp(services, () => pending);

    expect(screen.getByText('Yoto Playlist Alarms')).toBeTruthy();
    expect(screen.getByText('Loading your personalized alarm experience...')).toBeTruthy();
    release(testConfig);

    const connect = await screen.findByRole('button', { name: 'Connect Yoto Account' });
    await userEvent.click(connect);
    expect(services.auth.startedSignIns).toBe(1);
  });

  it('says the app failed to initialize, never a blank page, and retries', async () => {
    let calls = 0;
    const load = () => (++calls === 1 ? Promise.reject(new Error('502')) : Promise.resolve(testConfig));
    renderApp(household(null), load);

    expect(await screen.findByText('Failed to initialize app. Please try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Connect Yoto Account' })).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('shows the logged-in view: greeting, chips, tabs with counts', async () => {
    installMatchMedia(1024);
    renderApp(household());

    expect(await screen.findByText('Welcome back, Demo Parent')).toBeTruthy();
    // The chips are a lazy chunk fetched once the first cards have shown.
    expect(await summaryChip('Connected')).toBeTruthy();
    expect(await summaryChip('2 Devices')).toBeTruthy();
    expect(await summaryChip('13 Playlists')).toBeTruthy();
    expect(await summaryChip('MQTT Disconnected')).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: 'Main sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Your Playlists (13)',
      'Alarm Management',
      'Device Management (2)',
      'Help & Tutorial',
    ]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('uses the short tab labels under 600 px', async () => {
    installMatchMedia(375);
    renderApp(household());
    await screen.findByText('Welcome back, Demo Parent');
    await waitFor(() => {
      const tabs = within(screen.getByRole('tablist', { name: 'Main sections' })).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual(['Playlists', 'Alarms', 'Devices', 'Help']);
    });
  });

  it('greets without a name, never by the user id, when the provider gave no name', async () => {
    const services = household();
    services.auth.user = { sub: 'auth0|abc123', name: null, email: null };
    renderApp(services);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.queryByText(/abc123/)).toBeNull();
  });

  // Each tab's first open still renders a whole section: seconds on a busy machine.
  it('loads the other tabs on demand', { timeout: 150_000 }, async () => {
    installMatchMedia(1024);
    const services = household();
    services.library.alarmsByDevice.set('p1', ['1111100,0700,card1,01,01,7,1']);
    renderApp(services);
    await screen.findByText('Welcome back, Demo Parent');

    const help = await openMainTab('Help & Tutorial');
    // Each section is a region named by its heading.
    for (const heading of ['Getting Started', 'Key Features', 'Troubleshooting', 'Pro Tips']) {
      expect(await within(help).findByRole('region', { name: heading }, { timeout: LAZY_MS })).toBeTruthy();
    }

    const alarms = await openMainTab('Alarm Management');
    expect(
      await within(alarms).findByText(
        'Cloud sync: 1 wakeup + 1 bedtime alarm supported',
        {},
        { timeout: LAZY_MS },
      ),
    ).toBeTruthy();
    // The alarm scheduler reads every player's alarms (the next alarm across all players).
    await waitFor(() => expect([...services.library.configRequests].sort()).toEqual(['p1', 'p2']));
    await userEvent.click(within(alarms).getByRole('button', { name: 'Bedroom Player' }));
    expect(await within(alarms).findByText('07:00 · Playlist 01', {}, { timeout: LAZY_MS })).toBeTruthy();
    expect(within(alarms).getByText('weekdays · volume 7 of 8')).toBeTruthy();
    expect(new Set(services.library.configRequests)).toEqual(new Set(['p1', 'p2']));

    const devices = await openMainTab('Device Management (2)');
    expect(
      await within(devices).findByRole('heading', { name: 'Device Management' }, { timeout: LAZY_MS }),
    ).toBeTruthy();
    expect(within(devices).getAllByText('Bedroom Player').length).toBeGreaterThan(0);
  });
});

describe('main tabs', () => {
  it('the Playlists tab is kept while another is open: back on it, the search is as it was left', async () => {
    installMatchMedia(1024);
    renderApp(household());
    const search = await screen.findByRole('textbox', { name: 'Search playlists' });
    await userEvent.type(search, '12');

    const help = await openMainTab('Help & Tutorial');
    expect(
      await within(help).findByRole('region', { name: 'Getting Started' }, { timeout: LAZY_MS }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Search playlists' })).toBeNull();
    // Kept laid out but skipped (a quick way back), and out of reach as `hidden` would be.
    const kept = document.getElementById('panel-playlists');
    expect(kept && getComputedStyle(kept).getPropertyValue('content-visibility')).toBe('hidden');
    expect(kept?.hasAttribute('inert')).toBe(true);
    expect(kept?.getAttribute('aria-hidden')).toBe('true');

    await userEvent.click(mainTab('Your Playlists (13)'));
    expect(kept && getComputedStyle(kept).getPropertyValue('content-visibility')).not.toBe('hidden');
    expect(kept?.hasAttribute('inert')).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search playlists' }).value).toBe('12');
    expect(screen.queryByRole('region', { name: 'Getting Started' })).toBeNull();
  });
});

describe('first visit, nobody signed in', () => {
  const renderFirstVisit = (createServices: AppProps['createServices']) =>
    render(
      <App
        loadConfig={() => Promise.resolve(testConfig)}
        createServices={createServices}
        createQueryClient={() => new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        mayHaveSession={() => false}
      />,
    );

  it('shows Connect before the session code has loaded, and signs in once it has', async () => {
    const services = household(null);
    let release: (ready: TestServices) => void = () => undefined;
    const loading = new Promise<TestServices>((resolve) => (release = resolve));
    let builds = 0;
    renderFirstVisit(() => {
      builds += 1;
      return loading;
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Connect Yoto Account' }));
    expect(services.auth.startedSignIns).toBe(0);
    release(services);
    await waitFor(() => expect(services.auth.startedSignIns).toBe(1));
    expect(builds).toBe(1);
    expect(screen.getByRole('button', { name: 'Connect Yoto Account' })).toBeTruthy();
  });

  it('a configuration the services refuse shows the error view, not a Connect button that cannot work', async () => {
    renderFirstVisit(() => Promise.reject(new Error('bad /api/config')));
    expect(await screen.findByText('Failed to initialize app. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Yoto Account' })).toBeNull();
  });
});

describe('session', { timeout: 60_000 }, () => {
  it('takes the user from the server’s session: a session it ends shows the spec message', async () => {
    const services = household();
    services.auth.user = { sub: 'auth0|demo-parent', name: 'Sam Parent', email: null };
    renderApp(services);
    expect(await screen.findByText('Welcome back, Sam Parent')).toBeTruthy();

    act(() => services.auth.expire());
    expect(await screen.findByRole('button', { name: 'Connect Yoto Account' })).toBeTruthy();
    expect(await screen.findByText('Session expired. Please login again.')).toBeTruthy();
  });

  it('asks for the playlists as soon as the server confirms the session, not after the view has loaded', async () => {
    const services = household();
    const askedFor: string[] = [];
    const getPlaylists = services.library.getPlaylists.bind(services.library);
    services.library.getPlaylists = () => {
      askedFor.push('playlists');
      return getPlaylists();
    };
    let answerUser: () => void = () => undefined;
    const userAnswered = new Promise<void>((resolve) => (answerUser = resolve));
    const currentUser = services.auth.currentUser.bind(services.auth);
    services.auth.currentUser = () => userAnswered.then(currentUser);
    renderApp(services);

    // Who is signed in has not come yet, so the logged-in view has not rendered; the list is on its way.
    await waitFor(() => expect(askedFor).toEqual(['playlists']));
    expect(screen.queryByText('Welcome back, Demo Parent')).toBeNull();

    answerUser();
    expect(await summaryChip('13 Playlists')).toBeTruthy();
  });

  it('a server that cannot say who is signed in keeps the session and offers a retry', async () => {
    const services = household();
    services.auth.userUnavailable = true;
    renderApp(services);

    expect(await screen.findByText('Failed to initialize app. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Session expired. Please login again.')).toBeNull();
    expect(services.auth.token).not.toBeNull();

    services.auth.userUnavailable = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Welcome back, Demo Parent')).toBeTruthy();
  });

  it('while Yoto cannot renew the token, the page stays signed in and says it is retrying', async () => {
    const services = household();
    renderApp(services);
    await summaryChip('13 Playlists');
    expect(screen.queryByText(/retrying/)).toBeNull();

    act(() =>
      services.auth.setRetrying({ message: "Can't reach Yoto, retrying", retryAt: new Date().toISOString() }),
    );
    expect(await screen.findByText("Can't reach Yoto, retrying…")).toBeTruthy();
    expect(screen.getByText('13 Playlists')).toBeTruthy();

    act(() => services.auth.setRetrying(null));
    await waitFor(() => expect(screen.queryByText(/retrying/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('a session the server holds logs in without a sign-in; none shows Connect without an error', async () => {
    const services = household();
    const first = renderApp(services);
    expect(await screen.findByText('Welcome back, Demo Parent')).toBeTruthy();
    first.unmount();

    renderApp(household(null));
    expect(await screen.findByRole('button', { name: 'Connect Yoto Account' })).toBeTruthy();
    expect(screen.queryByText('Session expired. Please login again.')).toBeNull();
  });

  it('a session the server refused says "Session expired" beside Connect', async () => {
    const services = household();
    services.auth.expired = true;
    renderApp(services);
    expect(await screen.findByText('Session expired. Please login again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Yoto Account' })).toBeTruthy();
  });

  it('the server ending the session while in use logs out with the spec message', async () => {
    const services = household();
    renderApp(services);
    await summaryChip('13 Playlists');
    act(() => services.auth.expire());
    expect(await screen.findByText('Session expired. Please login again.')).toBeTruthy();
    expect(screen.queryByText('13 Playlists')).toBeNull();
  });

  it('a server that cannot be asked offers a retry, not a logout', async () => {
    const services = household();
    services.auth.serverDown = true;
    renderApp(services);
    expect(await screen.findByText('Failed to initialize app. Please try again.')).toBeTruthy();
    services.auth.serverDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Welcome back, Demo Parent')).toBeTruthy();
  });

  it('a failed sign-in says why in the logged-out view, once, and cleans the address', async () => {
    window.history.replaceState(null, '', '/?login_error=denied&login_code=access_denied');
    renderApp(household(null));

    // Once, beside the button: not also as a toast.
    expect(
      await screen.findByText(
        'Sign-in was cancelled at Yoto, or access was not allowed. Connect again to sign in.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Yoto Account' })).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('a sign-in refused for ungranted scopes names them and where to enable them', async () => {
    window.history.replaceState(
      null,
      '',
      '/?login_error=scopes&login_scopes=openid+profile&login_code=access_denied',
    );
    renderApp(household(null));
    const message = await screen.findByText(/not granted \(openid, profile\)/);
    expect(message.textContent).toContain("Yoto's developer dashboard");
  });

  it('an unregistered redirect URI is named with the address to register', async () => {
    window.history.replaceState(null, '', '/?login_error=invalid-request&login_code=invalid_request');
    renderApp(household(null));
    expect(
      await screen.findByText(
        new RegExp(`${window.location.origin}/auth/callback is not registered as a redirect URI`),
      ),
    ).toBeTruthy();
  });

  it('an unknown sign-in failure still says what Yoto answered, never a bare "failed"', async () => {
    window.history.replaceState(null, '', '/?login_error=failed&login_code=odd_error');
    renderApp(household(null));
    expect(await screen.findByText(/Yoto stopped the sign-in with the error “odd_error”/)).toBeTruthy();
    expect(screen.queryByText('Sign-in failed. Please try again.')).toBeNull();
  });

  it('Logout clears the token and the loaded lists', async () => {
    const services = household();
    renderApp(services);
    await summaryChip('13 Playlists');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Connect Yoto Account' })).toBeTruthy();
    expect(services.auth.logouts).toBe(1);
    expect(screen.queryByText('13 Playlists')).toBeNull();
  });
});
