import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLibraryGroup } from '@playlist-alarms/core/test/fixtures/builders';
import { renderWithServices } from '../../test/render-with-services';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
import { AlarmsPanel } from './AlarmsPanel';

// Edit in place: the alarm dialog opens with the alarm's values, and Save writes that alarm only.
// A six-field string with a colon time and a stored chapter and track, and a string the codec
// cannot read, must go back exactly as read; so must every field of the edited alarm not changed.
const KEEP = '0000011,09:00,card9,02,01,5';
const TARGET = '1111100,0700,card1,,,7,1';
const OTHER = 'not,an,alarm';
// Each test clicks through many MUI controls and loads the lazy dialog: slow on a busy machine.
const SLOW = { timeout: 40_000 };

function setup() {
  const services = createTestServices();
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  services.library.playlists = [
    makePlaylist(1, { title: 'Morning Songs' }),
    makePlaylist(9, { title: 'Nap Time' }),
  ];
  // A family-library card the parent may not read the content of: named by its group's detail.
  services.library.familyGroups = [makeLibraryGroup('g1', "Grandparents' Shelf", ['fam1'])];
  services.library.familyCards.set(
    'fam1',
    makePlaylist(77, { cardId: 'fam1', title: 'Owl Stories', coverArt: 'https://covers.test/owl.svg' }),
  );
  services.library.restrictedCards.add('fam1');
  services.library.alarmsByDevice.set('p1', [KEEP, TARGET, OTHER]);
  renderWithServices(services, <AlarmsPanel knownTitle={() => undefined} />);
  return services;
}

async function openEdit(time: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Bedroom Player' }));
  const list = await screen.findByRole('list', { name: 'Device alarms' });
  await userEvent.click(await within(list).findByRole('button', { name: `Edit alarm at ${time}` }));
  return screen.findByRole('dialog', { name: 'Edit alarm' });
}

const pressed = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: 'Days' }))
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('editing a player alarm in place', () => {
  it('opens prefilled: time, days, card, chapter, volume, with Save', SLOW, async () => {
    setup();
    const dialog = await openEdit('07:00');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Time').value).toBe('07:00');
    expect(pressed(dialog)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(await within(dialog).findByRole('combobox', { name: 'Card' })).toHaveProperty(
      'textContent',
      'Morning Songs',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Chapter' }).textContent).toBe('From the start');
    // Step 7 of 8 starts the slider where it writes 7 again.
    expect(within(dialog).getByText(/level 7 of 8/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Device' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('a new time and a family-library card change only those fields of that alarm', SLOW, async () => {
    const services = setup();
    const dialog = await openEdit('07:00');
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '06:45' } });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Card' }));
    const options = await screen.findByRole('listbox');
    expect(within(options).getByText("Family library · Grandparents' Shelf")).toBeTruthy();
    await userEvent.click(within(options).getByRole('option', { name: 'Owl Stories' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('✅ Alarm saved: 06:45 on weekdays.')).toBeTruthy();
    expect(services.library.alarmsByDevice.get('p1')).toEqual([KEEP, '1111100,0645,fam1,,,7,1', OTHER]);
    // The list names the family card, with its cover, never its id.
    const list = screen.getByRole('list', { name: 'Device alarms' });
    expect(await within(list).findByText('06:45 · Owl Stories')).toBeTruthy();
    expect(within(list).getByRole('img', { name: 'Cover of Owl Stories' }).getAttribute('src')).toBe(
      'https://covers.test/owl.svg',
    );
    expect(within(list).queryByText(/fam1/)).toBeNull();
  });

  it('keeps what the dialog does not show: colon time, chapter, track, no enabled flag', SLOW, async () => {
    const services = setup();
    const dialog = await openEdit('09:00');
    expect(within(dialog).getByRole('combobox', { name: 'Chapter' }).textContent).toBe('02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sat' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(services.library.alarmsByDevice.get('p1')).toEqual([
        '0000001,09:00,card9,02,01,5',
        TARGET,
        OTHER,
      ]),
    );
  });

  it('an alarm changed on the player meanwhile is not overwritten, and says so', SLOW, async () => {
    const services = setup();
    const dialog = await openEdit('07:00');
    services.library.alarmsByDevice.set('p1', [KEEP, '1111100,0700,card1,,,7,0', OTHER]);
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '06:45' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This alarm was changed or removed on the player meanwhile, so nothing was saved. ' +
          'The list has been reloaded: check it and edit again.',
      ),
    ).toBeTruthy();
    expect(services.library.alarmWrites).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit alarm' })).toBeNull());
  });
});
