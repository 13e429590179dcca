import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { household } from '../../../test/household';
import { renderWithServices } from '../../../test/render-with-services';
import { RemoteControlPanel } from './RemoteControlPanel';
import type { TestServices } from '../../../test/twins';
import { makeDevice } from '@playlist-alarms/core/test/fixtures/builders';

const BEDROOM = makeDevice('p1', 'Bedroom Player', true);

/** The panel of a connected player; returns the link the commands go through. */
async function connectedPanel() {
  const services = household();
  await services.devices.connect('p1');
  renderWithServices(
    services,
    <RemoteControlPanel device={BEDROOM} playlists={services.library.playlists} />,
  );
  return { services, link: services.links.get('p1')! };
}

const lastSent = (services: TestServices) => services.links.get('p1')!.sent.at(-1);
const openAdvanced = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Advanced Controls' }));
  await screen.findByRole('region', { name: 'Ambient LEDs' });
};

describe('Remote control panel', { timeout: 30_000 }, () => {
  it('without a connection shows only its title, subtitle and the warning', () => {
    const services = household();
    renderWithServices(services, <RemoteControlPanel device={BEDROOM} playlists={[]} />);
    expect(screen.getByRole('heading', { name: 'Bedroom Player Remote Control' })).toBeTruthy();
    expect(screen.getByText('Control your player remotely via MQTT commands')).toBeTruthy();
    expect(
      screen.getByText('Device must be connected via MQTT to use controls. Please connect to MQTT first.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('Player Controls send resume, pause, stop, and Refresh Status asks for status and events', async () => {
    const { link } = await connectedPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Play / Resume' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Status' }));
    expect(link.sentNames()).toEqual([
      'card/resume',
      'card/pause',
      'card/stop',
      'status/request',
      'events/request',
    ]);
  });

  it('Quick Play Favorites: the first 4 playlists, 12-character titles, Untitled, disabled without a card', async () => {
    const { link } = await connectedPanel();
    const group = screen.getByRole('group', { name: 'Quick Play Favorites' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Bedtime Stor...',
      'Untitled',
      'No Card',
      'Playlist 04',
    ]);
    expect(buttons[2]).toHaveProperty('disabled', true);
    await userEvent.click(buttons[0]!);
    expect(link.sent.at(-1)).toEqual({ name: 'card/start', payload: { uri: 'https://yoto.io/card1' } });
  });

  it('Custom Playlist plays the typed URI, enabled only when its trimmed text is non-empty', async () => {
    const { services } = await connectedPanel();
    const play = screen.getByRole('button', { name: 'Play Custom' });
    expect(play).toHaveProperty('disabled', true);
    const field = screen.getByRole('textbox', { name: 'Card URI' });
    await userEvent.type(field, '   ');
    expect(play).toHaveProperty('disabled', true);
    await userEvent.clear(field);
    await userEvent.type(field, ' https://yoto.io/abc#chapter=02 ');
    expect(play).toHaveProperty('disabled', false);
    await userEvent.click(play);
    expect(lastSent(services)).toEqual({
      name: 'card/start',
      // A chapter named: it starts there, from its beginning (a resume would ignore the chapter).
      payload: { uri: 'https://yoto.io/abc#chapter=02', secondsIn: 0 },
    });
    expect(services.devices.getSnapshot().playback).toMatchObject({ cardId: 'abc', deviceId: 'p1' });
  });

  it('the gauge has 14 segments in three colour bands; a click shows at once and is sent after 800 ms', async () => {
    const { link } = await connectedPanel();
    const gauge = screen.getByRole('group', { name: 'Volume gauge' });
    expect(within(gauge).getAllByRole('button')).toHaveLength(14);
    await userEvent.click(within(gauge).getByRole('button', { name: 'Volume 10' }));
    expect(screen.getByText(/Volume 10\/14 \(69%\)/)).toBeTruthy();
    expect(screen.getByTestId('volume-band').textContent).toBe('Loud'); // the band in words, not colour alone
    expect(within(gauge).getByRole('button', { name: 'Volume 10' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(gauge).getByRole('button', { name: 'Volume 11' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(link.sentNames()).not.toContain('volume/set');
    await waitFor(() => expect(link.sent.at(-1)).toEqual({ name: 'volume/set', payload: { volume: 69 } }), {
      timeout: 2000,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(screen.getByText(/Volume 0\/14 \(0%\)/)).toBeTruthy();
    await waitFor(() => expect(link.sent.at(-1)).toEqual({ name: 'volume/set', payload: { volume: 0 } }), {
      timeout: 2000,
    });
  });

  it('Quieter and Louder step the gauge one segment (full-size buttons beside the small segments)', async () => {
    const { link } = await connectedPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Volume 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Louder' }));
    await userEvent.click(screen.getByRole('button', { name: 'Louder' }));
    expect(screen.getByText(/Volume 7\/14 \(50%\)/)).toBeTruthy();
    expect(screen.getByTestId('volume-band').textContent).toBe('Medium');
    await userEvent.click(screen.getByRole('button', { name: 'Quieter' }));
    expect(screen.getByText(/Volume 6\/14 \(44%\)/)).toBeTruthy();
    await waitFor(() => expect(link.sent.at(-1)).toEqual({ name: 'volume/set', payload: { volume: 44 } }), {
      timeout: 2000,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(screen.getByRole('button', { name: 'Quieter' })).toHaveProperty('disabled', true);
  });

  it('under a limit of 8 the gauge says "limit 8 of 16", stops at 7 and never sends above 50 %', async () => {
    const { link } = await connectedPanel();
    act(() => link.emit({ volume: 6, volumeMax: 8 }));
    await waitFor(() => expect(screen.getByTestId('volume-limit').textContent).toBe('limit 8 of 16'));
    const gauge = screen.getByRole('group', { name: 'Volume gauge' });
    expect(within(gauge).getByRole('button', { name: 'Volume 7' })).toHaveProperty('disabled', false);
    expect(within(gauge).getByRole('button', { name: 'Volume 8 (over the limit 8 of 16)' })).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.click(within(gauge).getByRole('button', { name: 'Volume 7' }));
    expect(screen.getByRole('button', { name: 'Louder' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(link.sent.at(-1)).toEqual({ name: 'volume/set', payload: { volume: 50 } }), {
      timeout: 2000,
    });
    // The player confirms 8 of 16: the gauge stays at 7.
    act(() => link.emit({ volume: 8, volumeMax: 8 }));
    expect(screen.getByText(/Volume 7\/14 \(50%\)/)).toBeTruthy();
  });

  it('a Mini has no night light: the Ambient LEDs section says so and offers no colour', async () => {
    const services = household();
    await services.devices.connect('p1');
    const mini = { ...BEDROOM, name: 'Playroom Mini', deviceType: 'minie', deviceFamily: 'mini' };
    renderWithServices(services, <RemoteControlPanel device={mini} playlists={services.library.playlists} />);
    await openAdvanced();
    const leds = screen.getByRole('region', { name: 'Ambient LEDs' });
    expect(within(leds).getByTestId('no-ambient-light').textContent).toBe(
      'Playroom Mini is a Yoto Mini: it has no night light.',
    );
    expect(within(leds).queryAllByRole('button')).toEqual([]);
    expect(within(leds).queryAllByRole('slider')).toEqual([]);
  });

  it('System Controls send status/request, events/request and reboot', async () => {
    const { link } = await connectedPanel();
    const system = screen.getByRole('region', { name: 'System Controls' });
    for (const name of ['Status', 'Events', 'Reboot']) {
      await userEvent.click(within(system).getByRole('button', { name }));
    }
    expect(link.sentNames()).toEqual(['status/request', 'events/request', 'reboot']);
  });

  it('Ambient LEDs: a preset sends its colour; the sliders send with Set Colour', async () => {
    const { services } = await connectedPanel();
    await openAdvanced();
    const leds = screen.getByRole('region', { name: 'Ambient LEDs' });
    await userEvent.click(within(leds).getByRole('button', { name: 'Red' }));
    expect(lastSent(services)).toEqual({ name: 'ambients/set', payload: { r: 220, g: 20, b: 60 } });
    const sliders = within(leds).getAllByRole('slider');
    expect(sliders.map((slider) => [slider.getAttribute('min'), slider.getAttribute('max')])).toEqual([
      ['0', '255'],
      ['0', '255'],
      ['0', '255'],
    ]);
    fireEvent.change(within(leds).getByRole('slider', { name: 'Blue' }), { target: { value: 200 } });
    await userEvent.click(within(leds).getByRole('button', { name: 'Set Colour' }));
    expect(lastSent(services)).toEqual({ name: 'ambients/set', payload: { r: 220, g: 20, b: 200 } });
  });

  it('Sleep Timer: presets Off/30m/1h/2h; the slider 0–120 in steps of 5 defaults to 30 minutes', async () => {
    const { services } = await connectedPanel();
    await openAdvanced();
    const timer = screen.getByRole('region', { name: 'Sleep Timer' });
    const slider = within(timer).getByRole('slider', { name: 'Sleep timer minutes' });
    expect([slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]).toEqual([
      '0',
      '120',
      '5',
    ]);
    await userEvent.click(within(timer).getByRole('button', { name: 'Set Timer' }));
    expect(lastSent(services)).toEqual({ name: 'sleep-timer/set', payload: { seconds: 1800 } });
    const seconds: unknown[] = [];
    for (const preset of ['Off', '30m', '1h', '2h']) {
      await userEvent.click(within(timer).getByRole('button', { name: preset }));
      seconds.push(lastSent(services)?.payload);
    }
    expect(seconds).toEqual([{ seconds: 0 }, { seconds: 1800 }, { seconds: 3600 }, { seconds: 7200 }]);
  });

  it('Bluetooth: on with mode, target and RSSI; off, bonds, state, connect, disconnect', async () => {
    const { services, link } = await connectedPanel();
    await openAdvanced();
    const bluetooth = screen.getByRole('region', { name: 'Bluetooth Management' });
    const rssi = within(bluetooth).getByRole('slider', { name: 'RSSI threshold' });
    expect([rssi.getAttribute('min'), rssi.getAttribute('max'), rssi.getAttribute('step')]).toEqual([
      '-100',
      '-30',
      '5',
    ]);
    expect((rssi as HTMLInputElement).value).toBe('-80');
    await userEvent.click(within(bluetooth).getByRole('button', { name: 'Bluetooth On' }));
    expect(lastSent(services)).toEqual({ name: 'bluetooth/on', payload: { action: 'on', mode: 'true' } });

    // Speaker mode asks first: BluetoothControls.test.tsx.
    await userEvent.type(within(bluetooth).getByRole('textbox', { name: 'Target name' }), 'Kitchen');
    fireEvent.change(rssi, { target: { value: -65 } });
    await userEvent.click(within(bluetooth).getByRole('button', { name: 'Bluetooth On' }));
    expect(lastSent(services)).toEqual({
      name: 'bluetooth/on',
      payload: { action: 'on', mode: 'true', name: 'Kitchen', rssi: -65 },
    });
    await userEvent.type(
      within(bluetooth).getByRole('textbox', { name: /Target MAC address/ }),
      'AA:BB:CC:DD:EE:FF',
    );
    await userEvent.click(within(bluetooth).getByRole('button', { name: 'Bluetooth On' }));
    expect(lastSent(services)?.payload).toMatchObject({ mac: 'AA:BB:CC:DD:EE:FF' });
    expect(lastSent(services)?.payload).not.toHaveProperty('name');

    for (const name of ['Bluetooth Off', 'Delete Bonds', 'Check State', 'Connect', 'Disconnect']) {
      await userEvent.click(within(bluetooth).getByRole('button', { name }));
    }
    expect(link.sentNames().slice(-5)).toEqual([
      'bluetooth/off',
      'bluetooth/delete-bonds',
      'bluetooth/state',
      'bluetooth/connect',
      'bluetooth/disconnect',
    ]);
  });

  it('Display Preview: enabled with a URI; timeout 1–60 default 5; animated sent as 0/1', async () => {
    const { services } = await connectedPanel();
    await openAdvanced();
    const preview = screen.getByRole('region', { name: 'Display Preview' });
    const show = within(preview).getByRole('button', { name: 'Show Preview' });
    expect(show).toHaveProperty('disabled', true);
    await userEvent.type(within(preview).getByRole('textbox', { name: 'Icon URI' }), '  ');
    expect(show).toHaveProperty('disabled', true);
    await userEvent.type(within(preview).getByRole('textbox', { name: 'Icon URI' }), 'yoto:#abc');
    const timeout = within(preview).getByRole('slider', { name: 'Preview timeout seconds' });
    expect([
      timeout.getAttribute('min'),
      timeout.getAttribute('max'),
      (timeout as HTMLInputElement).value,
    ]).toEqual(['1', '60', '5']);
    await userEvent.click(show);
    expect(lastSent(services)).toEqual({
      name: 'display/preview',
      payload: { uri: 'yoto:#abc', timeout: 5, animated: 0 },
    });
    await userEvent.click(within(preview).getByRole('switch', { name: 'Animated' }));
    fireEvent.change(timeout, { target: { value: 12 } });
    await userEvent.click(show);
    expect(lastSent(services)).toEqual({
      name: 'display/preview',
      payload: { uri: 'yoto:#abc', timeout: 12, animated: 1 },
    });
  });

  it('the Bluetooth banner shows the result of every new response, and closes', async () => {
    const { link } = await connectedPanel();
    link.emitResponse({ status: { '/bluetooth/connect': 'FAIL', req_body: '' } });
    expect(await screen.findByText('Bluetooth connection failed - no bonded devices?')).toBeTruthy();
    await userEvent.click(
      within(screen.getByTestId('bluetooth-banner')).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() => expect(screen.queryByTestId('bluetooth-banner')).toBeNull());
    // The same answer again is a new response: it shows again.
    link.emitResponse({ status: { '/bluetooth/connect': 'FAIL', req_body: '' } });
    expect(await screen.findByText('Bluetooth connection failed - no bonded devices?')).toBeTruthy();
    link.emitResponse({ status: { '/bluetooth/on': 'OK' } });
    expect(
      await screen.findByText('Bluetooth enabled successfully (check mode in device status)'),
    ).toBeTruthy();
  });
});
