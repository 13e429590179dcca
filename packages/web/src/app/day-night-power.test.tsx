import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { makeCloudUser } from '@playlist-alarms/core/test/fixtures/builders';
import { CONFIG_V3 } from '@playlist-alarms/core/test/fixtures/config-v3';
import { AlarmsPanel } from '../features/alarms/AlarmsPanel';
import { renderWithServices } from '../test/render-with-services';
import { createTestServices, makeDevice, makePlaylist } from '../test/twins';
import { DayNightPanel } from '../features/devices/day-night/DayNightPanel';

// A Day & Night save and the cloud alarm dialog over one cache that stays fresh for a minute, as the
// app's does (SessionApp.tsx): the dialog's switch-off warning must follow the saved timeout.

const { alarms: _alarms, ...REAL_BLOCK } = CONFIG_V3.device.config;
const BEDROOM = makeDevice('p1', 'Bedroom Player', true);

const warning = (timeout: string) =>
  `Bedroom Player is on battery and switches itself off after ${timeout} without use, so it will be off at 07:00. The server can't wake a player, so this cloud alarm can't ring. An alarm saved on the player is rung by the player itself.`;

async function newCloudAlarmSays(text: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'New Cloud Alarm' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Cloud Alarm' });
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Playlist' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Morning Songs' }));
  expect(await within(dialog).findByText(text)).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a Day & Night save and the cloud alarm dialog', { timeout: 40_000 }, () => {
  it('after saving "Switch off after idle", the dialog warns with the new timeout at once', async () => {
    // Noon: the 07:00 alarm is further away than either timeout.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 15, 12, 0));
    const services = createTestServices();
    services.library.devices = [BEDROOM];
    services.library.playlists = [makePlaylist(1, { title: 'Morning Songs' })];
    services.library.alarmsByDevice.set('p1', []);
    services.library.configExtrasByDevice.set('p1', {
      config: { ...REAL_BLOCK, shutdownTimeout: '3600' },
      status: { powerSrc: 0, charging: false },
    });
    services.cloud.user = makeCloudUser();
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 } },
    });
    renderWithServices(
      services,
      <>
        <DayNightPanel device={BEDROOM} />
        <AlarmsPanel knownTitle={() => undefined} />
      </>,
      queryClient,
    );
    await newCloudAlarmSays(warning('1 hour'));

    await userEvent.click(screen.getByRole('button', { name: 'Day & Night' }));
    await screen.findByLabelText('Switch off after idle');
    fireEvent.change(screen.getByLabelText('Switch off after idle'), { target: { value: '300' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Bedroom Player now keeps these settings.');

    await newCloudAlarmSays(warning('5 minutes'));
  });
});
