import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { household } from '../../../test/household';
import { renderWithServices } from '../../../test/render-with-services';
import { RemoteControlPanel } from './RemoteControlPanel';
import { makeDevice } from '@playlist-alarms/core/test/fixtures/builders';

const BEDROOM = makeDevice('p1', 'Bedroom Player', true);
const TITLE = 'Turn on speaker mode?';

/** The Bluetooth section of a connected player's panel; returns it and the link commands go through. */
async function bluetoothSection() {
  const services = household();
  await services.devices.connect('p1');
  renderWithServices(services, <RemoteControlPanel device={BEDROOM} playlists={[]} />);
  await userEvent.click(screen.getByRole('button', { name: 'Advanced Controls' }));
  const section = await screen.findByRole('region', { name: 'Bluetooth Management' });
  return { section, link: services.links.get('p1')! };
}

describe('Bluetooth speaker mode (the player stops listening to MQTT)', { timeout: 30_000 }, () => {
  it('asks first and says the player stops listening until its left button is held; Cancel sends nothing', async () => {
    const { section, link } = await bluetoothSection();
    await userEvent.click(within(section).getByRole('radio', { name: 'Speaker' }));
    // A speaker reaches out to nobody: targets and threshold are not its to choose.
    expect(within(section).getByRole('textbox', { name: 'Target name' })).toHaveProperty('disabled', true);
    expect(within(section).getByRole('textbox', { name: /Target MAC address/ })).toHaveProperty(
      'disabled',
      true,
    );
    const before = link.sent.length;

    await userEvent.click(within(section).getByRole('button', { name: 'Bluetooth On' }));
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog.textContent).toContain(
      'The player becomes a Bluetooth speaker and stops listening to this app: nothing you send from here will reach it, not even Bluetooth Off.',
    );
    expect(dialog.textContent).toContain(
      'To control it from here again, hold its left button for about 3 seconds.',
    );
    expect(link.sent).toHaveLength(before);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(link.sent).toHaveLength(before);

    // Escape is a Cancel too.
    await userEvent.click(within(section).getByRole('button', { name: 'Bluetooth On' }));
    await screen.findByRole('dialog', { name: TITLE });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(link.sent).toHaveLength(before);
  });

  it('confirmed, sends { mode: "bt_speaker" } alone, once', async () => {
    const { section, link } = await bluetoothSection();
    await userEvent.click(within(section).getByRole('radio', { name: 'Speaker' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Bluetooth On' }));
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on speaker mode' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(link.sent.filter((command) => command.name === 'bluetooth/on')).toEqual([
      { name: 'bluetooth/on', payload: { mode: 'bt_speaker' } },
    ]);
  });

  it('audio source mode sends at once, without asking', async () => {
    const { section, link } = await bluetoothSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Bluetooth On' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(link.sent.at(-1)).toEqual({ name: 'bluetooth/on', payload: { action: 'on', mode: 'true' } });
  });
});

describe('the Bluetooth banner for real players’ `bluetooth` answers', { timeout: 30_000 }, () => {
  it('shows the text of the Bluetooth command last sent', async () => {
    const { section, link } = await bluetoothSection();
    const banner = () => screen.getByTestId('bluetooth-banner').textContent;
    const answers: Array<[string, 'OK' | 'FAIL', string]> = [
      ['Check State', 'OK', 'Bluetooth state checked successfully'],
      ['Delete Bonds', 'FAIL', 'Failed to delete Bluetooth bonds'],
      ['Connect', 'FAIL', 'Bluetooth connection failed - no bonded devices?'],
      ['Disconnect', 'OK', 'Bluetooth disconnected successfully'],
      ['Bluetooth Off', 'OK', 'Bluetooth disabled successfully'],
    ];
    for (const [button, result, text] of answers) {
      await userEvent.click(within(section).getByRole('button', { name: button }));
      link.emitResponse({ status: { bluetooth: result, req_body: '' } });
      await waitFor(() => expect(banner()).toBe(text));
    }
  });
});
