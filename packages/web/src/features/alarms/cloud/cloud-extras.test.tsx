import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCloudAlarm } from '@playlist-alarms/core/test/fixtures/builders';
import { renderCloudCard, type PrepareCloudCard } from '../../../test/cloud-card';

// The cloud alarm dialog's extras: Fade in for a wake-up alarm, Sleep timer and Night light for a
// bedtime one; what is saved, and what the row says.

const setup = (prepare?: PrepareCloudCard) => renderCloudCard({ prepare }).services;

async function choose(dialog: HTMLElement, field: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('cloud alarm extras in the dialog', () => {
  it('a wake-up alarm offers Fade in and saves it; the row shows it', async () => {
    const services = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New Cloud Alarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Cloud Alarm' });
    await choose(dialog, 'Playlist', 'Morning Songs');
    expect(within(dialog).queryByRole('combobox', { name: 'Sleep timer' })).toBeNull();
    expect(within(dialog).queryByRole('switch', { name: 'Night light' })).toBeNull();
    await choose(dialog, 'Fade in', '10 min');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.cloud.alarms).toEqual([
      expect.objectContaining({
        alarm_type: 'wakeup',
        fade_in_minutes: 10,
        sleep_timer_minutes: null,
        night_light: null,
      }),
    ]);
    const list = screen.getByRole('list', { name: 'Cloud alarms' });
    expect(within(list).getByText(/faded in over 10 min/)).toBeTruthy();
  });

  it('a bedtime alarm offers Sleep timer and Night light instead, and an edit keeps them', async () => {
    const stored = makeCloudAlarm({
      id: 'c1',
      alarm_type: 'bedtime',
      alarm_name: 'Night',
      playlist_id: 'c1',
    });
    const services = setup((s) => {
      s.cloud.alarms = [stored];
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Night' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cloud Alarm' });
    expect(within(dialog).queryByRole('combobox', { name: 'Fade in' })).toBeNull();
    await choose(dialog, 'Sleep timer', '30 min');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Night light' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.cloud.alarms[0]).toMatchObject({ sleep_timer_minutes: 30, night_light: true });
    const list = screen.getByRole('list', { name: 'Cloud alarms' });
    expect(within(list).getByText(/sleep timer 30 min, night light on/)).toBeTruthy();
  });
});
