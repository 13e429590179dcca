import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCloudAlarm, makeCloudUser } from '@playlist-alarms/core/test/fixtures/builders';
import { localDateOf } from '@playlist-alarms/core/alarms/skip-pause';
import { shortDate } from '@playlist-alarms/core/texts/skip-pause-texts';
import { renderCloudCard } from '../../../test/cloud-card';

// "Skip next", "Pause until…" and "Resume" on a cloud alarm's row, against the in-memory backend
// with the server's rules; the twin's clock is the page's, so "today" agrees.

const ZONE = 'Europe/London';

const setup = () =>
  renderCloudCard({
    prepare: (services) => {
      services.cloud.now = () => new Date();
      services.cloud.user = makeCloudUser({ timezone: ZONE });
      services.cloud.alarms = [
        makeCloudAlarm({
          id: 'a1',
          alarm_name: 'Morning',
          days: '1111111',
          next_fire_at: '2099-01-01T06:05:00.000Z',
        }),
      ];
    },
  }).services;

const row = async () => (await screen.findByText('06:05 · Morning')).closest('li') as HTMLElement;

describe('skip and pause on a cloud alarm', () => {
  it('skips the next ringing, says which day, and resumes', async () => {
    const services = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Skip next Morning' }));
    const status = await within(await row()).findByTestId('skip-pause-status');
    expect(status.textContent).toMatch(/^Skipping (today|tomorrow)$/);
    expect(services.cloud.alarms[0]?.skip_until).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Skip next Morning' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Resume Morning' }));
    await waitFor(() => expect(screen.queryByTestId('skip-pause-status')).toBeNull());
    expect(services.cloud.alarms[0]).toMatchObject({ skip_until: null, paused_through: null });
    expect(screen.getByRole('button', { name: 'Pause until… Morning' })).toBeTruthy();
  }, 30_000);

  it('pauses through a date picked in the lazy dialog and says until when', async () => {
    const services = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Pause until… Morning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause until… Morning' });
    const today = localDateOf(new Date(), ZONE);
    const field = within(dialog).getByLabelText('Last silent day');
    expect((field as HTMLInputElement).value).toBe(today);
    const later = localDateOf(new Date(Date.now() + 10 * 86_400_000), ZONE);
    fireEvent.change(field, { target: { value: later } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [year, month, day] = later.split('-').map(Number) as [number, number, number];
    const status = await within(await row()).findByTestId('skip-pause-status');
    expect(status.textContent).toBe(`Paused until ${shortDate(year, month - 1, day)}`);
    expect(services.cloud.alarms[0]?.paused_through).toBe(later);
    // The next ringing shown is after the pause.
    const next = services.cloud.alarms[0]?.next_fire_at ?? '';
    expect(localDateOf(new Date(next), ZONE) > later).toBe(true);
  }, 30_000);
});
