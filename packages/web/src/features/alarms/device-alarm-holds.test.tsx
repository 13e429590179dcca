import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALARM_GONE } from '@playlist-alarms/core/alarms/alarm-list-edit';
import { localDateOf } from '@playlist-alarms/core/alarms/skip-pause';
import { SKIP_PAUSE_TEXTS } from '@playlist-alarms/core/texts/skip-pause-texts';
import { shortDate } from '@playlist-alarms/core/texts/skip-pause-texts';
import { renderWithServices } from '../../test/render-with-services';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
import { AlarmsPanel } from './AlarmsPanel';

// "Skip next", "Pause until…" and "Resume" on a player's own alarm, against the in-memory backend
// with the server's rules (the alarm is switched off on the player while held); its clock is the
// page's, so "today" agrees.

const ZONE = 'Europe/London';
const ON = '1111111,0700,card1,,,7,1';
const HELD = '1111111,0700,card1,,,7,0';
const OTHER = '0000011,09:00,card1,02,01,5';

function setup(alarms: string[] = [ON, OTHER]) {
  const services = createTestServices();
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  services.library.playlists = [makePlaylist(1, { title: 'Morning Songs' })];
  services.library.alarmsByDevice.set('p1', alarms);
  services.library.configExtrasByDevice.set('p1', { geoTimezone: ZONE });
  renderWithServices(services, <AlarmsPanel knownTitle={() => 'Morning Songs'} />);
  return services;
}

async function openPlayer() {
  await userEvent.click(await screen.findByRole('button', { name: 'Bedroom Player' }));
  return screen.findByRole('list', { name: 'Device alarms' });
}

const row = async (list: HTMLElement) =>
  (await within(list).findByText(/^07:00 · /)).closest('li') as HTMLElement;
const switchOf = (list: HTMLElement) =>
  within(list).getByRole<HTMLInputElement>('switch', { name: 'Alarm at 07:00 on' });

describe("skip and pause on a player's alarm", () => {
  it('skips the next ringing: the row says which day, shows off and offers Resume', async () => {
    const services = setup();
    const list = await openPlayer();
    await userEvent.click(await within(list).findByRole('button', { name: 'Skip next alarm at 07:00' }));
    const status = await within(await row(list)).findByTestId('skip-pause-status');
    expect(status.textContent).toMatch(/^Skipping (today|tomorrow)$/);
    expect(within(list).getByRole('button', { name: 'Resume alarm at 07:00' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Skip next alarm at 07:00' })).toBeNull();
    expect(switchOf(list).checked).toBe(false);
    // The player holds it switched off; its other alarm is written back as read.
    expect(services.library.alarmsByDevice.get('p1')).toEqual([HELD, OTHER]);
    expect(services.alarmHolds.requests).toEqual([
      { deviceId: 'p1', alarm: ON, index: 0, change: { action: 'skip' } },
    ]);
  }, 30_000);

  it('pauses through a date picked in the lazy dialog, says until when, and resumes', async () => {
    const services = setup();
    const list = await openPlayer();
    await userEvent.click(await within(list).findByRole('button', { name: 'Pause until… alarm at 07:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause until… alarm at 07:00' });
    const field = within(dialog).getByLabelText<HTMLInputElement>('Last silent day');
    expect(field.value).toBe(localDateOf(new Date(), ZONE));
    const later = localDateOf(new Date(Date.now() + 10 * 86_400_000), ZONE);
    fireEvent.change(field, { target: { value: later } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [year, month, day] = later.split('-').map(Number) as [number, number, number];
    const status = await within(await row(list)).findByTestId('skip-pause-status');
    expect(status.textContent).toBe(`Paused until ${shortDate(year, month - 1, day)}`);
    expect(services.alarmHolds.holds.get('p1')?.[0]).toMatchObject({ alarm: HELD, paused_through: later });

    await userEvent.click(within(list).getByRole('button', { name: 'Resume alarm at 07:00' }));
    await waitFor(() => expect(within(list).queryByTestId('skip-pause-status')).toBeNull());
    expect(switchOf(list).checked).toBe(true);
    expect(services.library.alarmsByDevice.get('p1')).toEqual([ON, OTHER]);
    expect(services.alarmHolds.holds.get('p1')).toEqual([]);
    expect(within(list).getByRole('button', { name: 'Skip next alarm at 07:00' })).toBeTruthy();
  }, 30_000);

  it('switching a held alarm on resumes it (the server ends the hold)', async () => {
    const services = setup();
    const list = await openPlayer();
    await userEvent.click(await within(list).findByRole('button', { name: 'Skip next alarm at 07:00' }));
    await within(await row(list)).findByTestId('skip-pause-status');

    await userEvent.click(switchOf(list));
    await waitFor(() => expect(within(list).queryByTestId('skip-pause-status')).toBeNull());
    expect(switchOf(list).checked).toBe(true);
    expect(services.alarmHolds.requests.map((r) => r.change.action)).toEqual(['skip', 'resume']);
    expect(services.library.alarmsByDevice.get('p1')).toEqual([ON, OTHER]);
  }, 30_000);

  it('editing a held alarm saves a new schedule: written on, so the hold ends', async () => {
    const services = setup();
    const list = await openPlayer();
    await userEvent.click(await within(list).findByRole('button', { name: 'Skip next alarm at 07:00' }));
    await within(await row(list)).findByTestId('skip-pause-status');

    await userEvent.click(within(list).getByRole('button', { name: 'Edit alarm at 07:00' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(services.library.alarmsByDevice.get('p1')).toEqual([ON, OTHER]));
  }, 30_000);

  it('a refusal says why in words, writes nothing and reloads the list', async () => {
    const services = setup();
    const list = await openPlayer();
    await within(list).findByRole('button', { name: 'Skip next alarm at 07:00' });
    // Another tab moved the alarm to 07:30 meanwhile: the server answers 409 ALARM_GONE.
    const moved = '1111111,0730,card1,,,7,1';
    services.library.alarmsByDevice.set('p1', [moved, OTHER]);
    const writes = services.library.alarmWrites.length;
    await userEvent.click(within(list).getByRole('button', { name: 'Skip next alarm at 07:00' }));
    expect(await screen.findByText(`Failed to skip alarm: ${ALARM_GONE}`)).toBeTruthy();
    expect(services.library.alarmWrites.length).toBe(writes);
    expect(services.library.alarmsByDevice.get('p1')).toEqual([moved, OTHER]);
    expect(await within(list).findByText(/^07:30 · /)).toBeTruthy();
  }, 30_000);

  it('a refused pause keeps the dialog and its date', async () => {
    const services = setup();
    const list = await openPlayer();
    await userEvent.click(await within(list).findByRole('button', { name: 'Pause until… alarm at 07:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause until… alarm at 07:00' });
    const later = localDateOf(new Date(Date.now() + 3 * 86_400_000), ZONE);
    fireEvent.change(within(dialog).getByLabelText('Last silent day'), { target: { value: later } });
    services.alarmHolds.failNext = SKIP_PAUSE_TEXTS.nothingToSkip;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText(`Failed to pause alarm: ${SKIP_PAUSE_TEXTS.nothingToSkip}`)).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Last silent day').value).toBe(later);
    expect(services.library.alarmsByDevice.get('p1')).toEqual([ON, OTHER]);
    expect(within(list).queryByTestId('skip-pause-status')).toBeNull();
  }, 30_000);

  it('an alarm that is off and not held offers neither skip nor pause', async () => {
    setup([HELD]);
    const list = await openPlayer();
    const skip = await within(list).findByRole<HTMLButtonElement>('button', {
      name: 'Skip next alarm at 07:00',
    });
    expect(skip.disabled).toBe(true);
    const pause = within(list).getByRole<HTMLButtonElement>('button', {
      name: 'Pause until… alarm at 07:00',
    });
    expect(pause.disabled).toBe(true);
  }, 30_000);

  it('a hold read from the server marks its row as the page opens', async () => {
    const services = createTestServices();
    services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
    services.library.alarmsByDevice.set('p1', [HELD]);
    services.alarmHolds.holds.set('p1', [
      {
        alarm: HELD,
        skip_until: null,
        paused_through: '2099-08-03',
        time_zone: ZONE,
        switch_on_at: '2099-08-03T23:00:00.000Z',
        state: 'held',
      },
    ]);
    renderWithServices(services, <AlarmsPanel knownTitle={() => 'Morning Songs'} />);
    const list = await openPlayer();
    expect((await within(list).findByTestId('skip-pause-status')).textContent).toBe('Paused until Mon 3 Aug');
    expect(within(list).getByRole('button', { name: 'Resume alarm at 07:00' })).toBeTruthy();
  }, 30_000);
});
