import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithServices } from '../../test/render-with-services';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
import { AlarmsPanel } from './AlarmsPanel';

// A six-field string (no enabled flag), a colon time and a chapter the app did not write: what
// the app does not change must go back exactly as read.
const KEEP = '0000011,09:00,card9,02,01,5';
const TARGET = '1111100,0700,card1,,,7,1';
const OTHER = 'not,an,alarm';

function setup() {
  const services = createTestServices();
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  services.library.playlists = [makePlaylist(1, { title: 'Morning Songs' })];
  services.library.alarmsByDevice.set('p1', [KEEP, TARGET, OTHER]);
  renderWithServices(
    services,
    <AlarmsPanel knownTitle={(id) => (id === 'card1' ? 'Morning Songs' : undefined)} />,
  );
  return services;
}

async function openPlayer() {
  await userEvent.click(await screen.findByRole('button', { name: 'Bedroom Player' }));
  return screen.findByRole('list', { name: 'Device alarms' });
}

describe("a player's alarms in the Alarm Management tab", () => {
  it("names an alarm from the own playlists, else the family library, else its card's content", async () => {
    const services = setup();
    // card9 is in no list the parent has, but its content can be read.
    services.library.familyCards.set('card9', makePlaylist(9, { title: 'Nap Time' }));
    const list = await openPlayer();
    expect(await within(list).findByText('07:00 · Morning Songs')).toBeTruthy();
    expect(await within(list).findByText('09:00 · Nap Time')).toBeTruthy();
    expect(services.library.contentRequests).toEqual(['card9']);
  });

  it('switching an alarm off rewrites only its flag; the others go back as read', async () => {
    const services = setup();
    const list = await openPlayer();
    await userEvent.click(await within(list).findByRole('switch', { name: 'Alarm at 07:00 on' }));
    await waitFor(() =>
      expect(services.library.alarmsByDevice.get('p1')).toEqual([KEEP, '1111100,0700,card1,,,7,0', OTHER]),
    );
    await userEvent.click(within(list).getByRole('switch', { name: 'Alarm at 09:00 on' }));
    await waitFor(() =>
      expect(services.library.alarmsByDevice.get('p1')).toEqual([
        '0000011,09:00,card9,02,01,5,0',
        '1111100,0700,card1,,,7,0',
        OTHER,
      ]),
    );
  });

  it('delete asks first, then writes the list without only that alarm', async () => {
    const services = setup();
    const list = await openPlayer();
    await userEvent.click(await within(list).findByRole('button', { name: 'Delete alarm at 07:00' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this alarm?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(services.library.alarmWrites).toEqual([]);

    await userEvent.click(within(list).getByRole('button', { name: 'Delete alarm at 07:00' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this alarm?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('✅ Alarm deleted successfully!')).toBeTruthy();
    expect(services.library.alarmsByDevice.get('p1')).toEqual([KEEP, OTHER]);
    await waitFor(() => expect(within(list).queryByText('07:00 · Morning Songs')).toBeNull());
  });

  it('a failed or stale delete says why and writes nothing', async () => {
    const services = setup();
    const list = await openPlayer();
    services.library.failAlarmWrite = new Error('provider unavailable');
    await userEvent.click(await within(list).findByRole('button', { name: 'Delete alarm at 07:00' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this alarm?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Failed to delete alarm: provider unavailable')).toBeTruthy();

    // Another tab switched it off meanwhile: the read string is gone, nothing is overwritten.
    services.library.failAlarmWrite = null;
    services.library.alarmsByDevice.set('p1', [KEEP, '1111100,0700,card1,,,7,0', OTHER]);
    await userEvent.click(within(list).getByRole('button', { name: 'Delete alarm at 07:00' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this alarm?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText(
        'Failed to delete alarm: the alarm is no longer on the player; the list was reloaded',
      ),
    ).toBeTruthy();
    expect(services.library.alarmWrites).toEqual([]);
  });
});
