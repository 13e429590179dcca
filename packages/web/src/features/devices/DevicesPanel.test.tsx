import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DevicesPanel } from './DevicesPanel';
import { household } from '../../test/household';
import { renderWithServices } from '../../test/render-with-services';
import { connectionSummary } from '../../test/lazy-parts';
import { openMainTab } from '../../test/main-tabs';
import { renderApp } from '../../test/render-app';

// The alarms on each card are the app's composition (app/DevicesSection.test.tsx).
const noAlarms = () => null;
/** A player's card, looked for in the given tab panel, or the page (a panel keeps role queries cheap). */
const card = async (name: string, scope: HTMLElement = document.body) =>
  within(scope).findByRole('article', { name });
/** A report section by its title (text lookups keep these large cards fast in jsdom). */
const section = (within_: HTMLElement, title: string): HTMLElement =>
  within(within_).getByText(title).closest('section')!;

describe('Device Management tab', { timeout: 30_000 }, () => {
  it('shows a card per player, each with the not-connected warning until MQTT is connected', async () => {
    const services = household();
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    const mini = await card('Playroom Mini');
    for (const element of [bedroom, mini]) {
      expect(
        within(element).getByText(
          'Device must be connected via MQTT to use controls. Please connect to MQTT first.',
        ),
      ).toBeTruthy();
    }
    expect(within(bedroom).getByRole('heading', { name: 'Bedroom Player Remote Control' })).toBeTruthy();
    expect(within(bedroom).getByText('Control your player remotely via MQTT commands')).toBeTruthy();
    // An offline player cannot be connected.
    expect(within(mini).getByRole('button', { name: 'Connect MQTT' })).toHaveProperty('disabled', true);
  });

  it('a connected player that switches itself off shows Offline at once, and Online when it is back', async () => {
    const services = household();
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    await within(bedroom).findByRole('button', { name: 'Disconnect MQTT' });
    // The device list says online throughout: only the player's own messages can say otherwise.
    expect(within(bedroom).getByText('Online')).toBeTruthy();
    const link = services.links.get('p1')!;
    link.emitStatus({ status: { shutDown: 'timeout', batteryLevel: 40 } });
    link.emitPresence({ state: 'offline', ts: 1 });
    expect(await within(bedroom).findByText('Offline')).toBeTruthy();
    const row = screen.getByRole('group', { name: 'Bedroom Player overview' });
    expect(within(row).getByText('Offline')).toBeTruthy();
    link.emitPresence({ state: 'online', ts: 2 });
    expect(await within(bedroom).findByText('Online')).toBeTruthy();
  });

  it('with no data at all the report says so', async () => {
    const services = household();
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Device Status' }));
    expect(within(bedroom).getByText('Detailed Status Report')).toBeTruthy();
    expect(within(bedroom).getByText('No status data available for Bedroom Player')).toBeTruthy();
    expect(within(bedroom).getByLabelText('Battery N/A')).toBeTruthy();
  });

  it('connecting fetches the API status, opens the overview and fills chips and report from API and MQTT', async () => {
    const services = household();
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    const overview = screen.getByRole('button', { name: 'Device Status Overview' });
    expect(overview.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    expect(await within(bedroom).findByRole('button', { name: 'Disconnect MQTT' })).toBeTruthy();
    expect(overview.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(services.library.statusRequests).toContain('p1'));
    expect(await within(bedroom).findByLabelText('Battery 64% ⚡')).toBeTruthy();
    expect(within(bedroom).getByLabelText('WiFi Good')).toBeTruthy();

    const link = services.links.get('p1')!;
    link.emit({
      volume: 8,
      volumeMax: 16,
      playbackStatus: 'playing',
      cardId: 'card4',
      trackTitle: 'Track one',
    });
    link.emitStatus({ status: { batteryLevel: 15, charging: 0, dnowBrightness: 60, timeFormat: '24' } });
    expect(await within(bedroom).findByLabelText('Volume 8/16 (50%)')).toBeTruthy();
    // The player's own charging: 0 wins over the API's isCharging, in the chip as in the report.
    const battery = await within(bedroom).findByLabelText('Battery 15%');
    expect(battery.className).toMatch(/colorWarning/);
    const row = screen.getByRole('group', { name: 'Bedroom Player overview' });
    expect(within(row).getByText('Playing: Track one')).toBeTruthy();
    expect(within(row).getByText('MQTT Connected')).toBeTruthy();

    await userEvent.click(within(bedroom).getByRole('button', { name: 'Device Status' }));
    for (const title of [
      'Power & Battery',
      'Audio & Playback',
      'Card & Content',
      'Environment & Sensors',
      'Network & Connectivity',
      'System & Storage',
      'Display Settings',
      'Time & Location',
    ]) {
      expect(within(bedroom).getByText(title)).toBeTruthy();
    }
    expect(within(section(bedroom, 'Power & Battery')).getByText('USB-C')).toBeTruthy();
    expect(within(section(bedroom, 'Power & Battery')).getByText('No')).toBeTruthy();
    expect(within(section(bedroom, 'Environment & Sensors')).getByText('Not supported')).toBeTruthy();
    expect(within(section(bedroom, 'Display Settings')).getByText('24-hour')).toBeTruthy();
    expect(within(section(bedroom, 'Time & Location')).getByText('UTC+1')).toBeTruthy();
  });

  it('refresh asks the player for status and events and fetches the API status again', async () => {
    const services = household();
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    await waitFor(() => expect(services.library.statusRequests).toEqual(['p1']));
    expect(await within(bedroom).findByLabelText('Battery 64% ⚡')).toBeTruthy();
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Refresh status of Bedroom Player' }));
    expect(services.links.get('p1')!.sentNames()).toEqual(['status/request', 'events/request']);
    await waitFor(() => expect(services.library.statusRequests).toEqual(['p1', 'p1']));
  });

  it('after a disconnect the card shows no data, not the last session’s; connecting again fetches fresh values', async () => {
    const services = household();
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    expect(await within(bedroom).findByLabelText('Battery 64% ⚡')).toBeTruthy();
    const link = services.links.get('p1')!;
    link.emit({
      volume: 8,
      volumeMax: 16,
      playbackStatus: 'playing',
      cardId: 'card4',
      trackTitle: 'Track one',
    });
    link.emitStatus({ batteryLevel: 15, charging: 1 });
    expect(await within(bedroom).findByLabelText('Volume 8/16 (50%)')).toBeTruthy();
    expect(await within(bedroom).findByLabelText('Battery 15% ⚡')).toBeTruthy();
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Device Status' }));
    expect(within(bedroom).getByText('Power & Battery')).toBeTruthy();

    await userEvent.click(within(bedroom).getByRole('button', { name: 'Disconnect MQTT' }));
    expect(await within(bedroom).findByText('No status data available for Bedroom Player')).toBeTruthy();
    expect(within(bedroom).queryByText('Power & Battery')).toBeNull();
    for (const chip of ['Battery N/A', 'WiFi N/A', 'Volume N/A']) {
      expect(within(bedroom).getByLabelText(chip)).toBeTruthy();
    }
    const row = screen.getByRole('group', { name: 'Bedroom Player overview' });
    expect(within(row).getByLabelText('Battery N/A')).toBeTruthy();
    expect(within(row).queryByText('Playing: Track one')).toBeNull();

    // Unplugged meanwhile. The next connection's API answer is held back: until it comes, the card
    // still has nothing to show rather than the last session's values.
    services.library.apiStatusByDevice.set('p1', {
      batteryLevelPercentage: 50,
      isCharging: false,
      wifiStrength: -65,
    });
    let answer: (() => void) | null = null;
    const fetchStatus = services.library.getDeviceStatus.bind(services.library);
    services.library.getDeviceStatus = (deviceId) =>
      new Promise((resolve, reject) => (answer = () => void fetchStatus(deviceId).then(resolve, reject)));
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    expect(await within(bedroom).findByRole('button', { name: 'Disconnect MQTT' })).toBeTruthy();
    await waitFor(() => expect(answer).not.toBeNull());
    expect(within(bedroom).getByLabelText('Battery N/A')).toBeTruthy();
    expect(within(bedroom).getByText('No status data available for Bedroom Player')).toBeTruthy();
    act(() => answer!());
    expect(await within(bedroom).findByLabelText('Battery 50%')).toBeTruthy();
    expect(within(bedroom).getByLabelText('WiFi Fair')).toBeTruthy();
    expect(within(bedroom).getByLabelText('Volume N/A')).toBeTruthy();
    expect(services.library.statusRequests).toEqual(['p1', 'p1']);
  });

  it("a refused connection says the broker's reason", async () => {
    const services = household({ refusingDevices: ['p1'] });
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    expect(
      await screen.findByText(
        'Failed to connect to device: MQTT login refused or failed (Connection refused: Not authorized)',
      ),
    ).toBeTruthy();
    expect(within(bedroom).getByRole('button', { name: 'Connect MQTT' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Device Status Overview' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('a session token that cannot be fetched says why in the snackbar, and Connect is offered again', async () => {
    const services = household();
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    vi.spyOn(services.auth, 'getAccessToken').mockRejectedValue(
      new Error('Session check failed with HTTP 503'),
    );
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    const message = await screen.findByText(
      'Failed to connect to device: Session check failed with HTTP 503',
    );
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(within(bedroom).getByRole('button', { name: 'Connect MQTT' })).toHaveProperty('disabled', false);
    expect(services.links.size).toBe(0);
  });
});

describe('a device list that cannot be loaded', { timeout: 30_000 }, () => {
  it('says "Failed to load devices." with Retry, and Retry loads the players', async () => {
    const services = household();
    const getDevices = vi
      .spyOn(services.library, 'getDevices')
      .mockRejectedValueOnce(new Error('HTTP 502: Bad Gateway'));
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const alert = (await screen.findByText('Failed to load devices.')).closest<HTMLElement>('[role="alert"]');
    expect(alert).toBeTruthy();
    await userEvent.click(within(alert!).getByRole('button', { name: 'Retry' }));
    expect(await card('Bedroom Player')).toBeTruthy();
    expect(screen.queryByText('Failed to load devices.')).toBeNull();
    expect(getDevices).toHaveBeenCalledTimes(2);
  });
});

describe('a session the broker ended at its token’s expiry', { timeout: 30_000 }, () => {
  const REASON = 'Connection closed: token expired — reconnecting';

  it('the card says why and shows connecting while the link logs in again, and clears once connected', async () => {
    const services = household();
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    await within(bedroom).findByRole('button', { name: 'Disconnect MQTT' });
    expect(within(bedroom).queryByText(REASON)).toBeNull();

    let tokenArrives = () => undefined as void;
    services.auth.tokenGate = new Promise<void>((resolve) => (tokenArrives = resolve));
    services.auth.token = 'fresh-token';
    const link = services.links.get('p1')!;
    act(() => void link.endSessionAtExpiry());
    expect(within(bedroom).getByRole('status').textContent).toBe(REASON);
    expect(within(bedroom).getByText('MQTT Connecting...')).toBeTruthy();
    expect(within(bedroom).queryByText('MQTT Disconnected')).toBeNull();

    await act(async () => {
      tokenArrives();
      await link.recovered();
    });
    expect(within(bedroom).queryByText(REASON)).toBeNull();
    expect(within(bedroom).getByText('MQTT Connected')).toBeTruthy();
    expect(link.tokens.at(-1)).toBe('fresh-token');
  });

  it('a link that gets no fresh token ends, and the reason goes with it', async () => {
    const services = household();
    renderWithServices(services, <DevicesPanel renderAlarms={noAlarms} />);
    const bedroom = await card('Bedroom Player');
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    await within(bedroom).findByRole('button', { name: 'Disconnect MQTT' });
    services.auth.token = null; // signed out elsewhere
    await act(() => services.links.get('p1')!.endSessionAtExpiry());
    expect(within(bedroom).queryByText(REASON)).toBeNull();
    expect(within(bedroom).getByText('MQTT Disconnected')).toBeTruthy();
    expect(within(bedroom).getByRole('button', { name: 'Connect MQTT' })).toBeTruthy();
  });
});

describe('the header chip follows the links', { timeout: 30_000 }, () => {
  it('disconnect puts "MQTT Disconnected" back in the header', async () => {
    const services = household();
    renderApp(services);
    const panel = await openMainTab('Device Management (2)');
    const bedroom = await card('Bedroom Player', panel);
    await userEvent.click(within(bedroom).getByRole('button', { name: 'Connect MQTT' }));
    const summary = await connectionSummary();
    expect(await within(summary).findByText('MQTT Connected')).toBeTruthy();
    await userEvent.click(await within(bedroom).findByRole('button', { name: 'Disconnect MQTT' }));
    expect(await within(summary).findByText('MQTT Disconnected')).toBeTruthy();
    expect(services.links.get('p1')!.status).toBe('disconnected');
    expect(
      await within(bedroom).findByText(
        'Device must be connected via MQTT to use controls. Please connect to MQTT first.',
      ),
    ).toBeTruthy();
  });
});

describe('every card follows its player, connected or not', { timeout: 30_000 }, () => {
  it('the signed-in page watches the whole family: an unconnected card goes Offline and back, and logout ends the watch', async () => {
    const services = household();
    renderApp(services);
    const panel = await openMainTab('Device Management (2)');
    const bedroom = await card('Bedroom Player', panel);
    const mini = await card('Playroom Mini', panel);
    // One watch for the page, once idle, for every player of the list; no link was opened.
    await waitFor(() => expect(services.presenceWatches[0]?.devices).toEqual(['p1', 'p2']));
    expect(services.presenceWatches).toHaveLength(1);
    expect(services.links.size).toBe(0);
    const watch = services.presenceWatches[0]!;

    expect(within(bedroom).getByText('Online')).toBeTruthy();
    act(() => watch.emitPresence('p1', { state: 'offline', ts: 1 }));
    expect(await within(bedroom).findByText('Offline')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Device Status Overview' }));
    const row = await screen.findByRole('group', { name: 'Bedroom Player overview' });
    expect(within(row).getByText('Offline')).toBeTruthy();
    // The Mini the list called offline comes on.
    act(() => watch.emitStatus('p2', { status: { shutDown: 'nA', batteryLevel: 80 } }));
    expect(await within(mini).findByText('Online')).toBeTruthy();
    act(() => watch.emitPresence('p1', { state: 'online', ts: 2 }));
    expect(await within(bedroom).findByText('Online')).toBeTruthy();
    expect(services.links.size).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(watch.disposed).toBe(true));
  });
});
