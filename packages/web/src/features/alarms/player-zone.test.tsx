import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import { wallClock } from '@playlist-alarms/core/alarms/local-time';
import { clocksDiffer, zoneCity } from '@playlist-alarms/core/alarms/zone-label';
import { renderWithServices } from '../../test/render-with-services';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
import type { Device, Playlist } from '@playlist-alarms/core/shared/entities';
import { AlarmsPanel } from './AlarmsPanel';
import { useDeviceAlarms } from './api/get-device-alarms';
import { useSetAlarm } from './use-set-alarm';
import { DeviceAlarmsPreview } from './DeviceAlarmsPreview';
import { AlarmScheduler } from './scheduler/AlarmScheduler';

// A player rings its own alarms by its own clock (its config's geoTimezone), which need not be
// the browser's: the banner, its countdown and the lists read the player's zone and name its place.

const viewer = detectTimeZone();
/** A zone whose clock differs from this machine's now. */
const far = clocksDiffer('America/New_York', viewer, new Date()) ? 'America/New_York' : 'Asia/Tokyo';
const city = zoneCity(far);
const two = (n: number) => String(n).padStart(2, '0');

function setup(alarm: string, zone: string | null) {
  const services = createTestServices();
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  services.library.playlists = [makePlaylist(1, { title: 'Morning Songs' })];
  services.library.alarmsByDevice.set('p1', [alarm]);
  if (zone) services.library.configExtrasByDevice.set('p1', { geoTimezone: zone });
  return services;
}

describe('a player in another time zone', () => {
  it('the banner shows its alarm at its own clock’s time, with its place, and counts down to that instant', async () => {
    // 90 minutes from now on the player's clock; read in the browser's zone it would be hours off.
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 90 * 60_000);
    const { hour, minute } = wallClock(at, far);
    const services = setup(`1111111,${two(hour)}${two(minute)},card1,,,5,1`, far);
    renderWithServices(services, <AlarmScheduler />);
    const line = await screen.findByTestId('next-alarm');
    const shown = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone: far });
    expect(line.textContent).toMatch(
      new RegExp(
        `^⏰ Next alarm: Morning Songs on Bedroom Player at ${shown} in ${city} \\(player alarm\\), in 1h (29|30)m$`,
      ),
    );
  });

  it('the prepare window opens five minutes before the player’s time, and connects the player', async () => {
    const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3 * 60_000);
    const { hour, minute } = wallClock(at, far);
    const services = setup(`1111111,${two(hour)}${two(minute)},card1,,,5,1`, far);
    renderWithServices(services, <AlarmScheduler />);
    const line = await screen.findByTestId('next-alarm');
    expect(line.dataset.phase).toBe('prepare');
    expect(line.textContent).toContain(`in ${city} (player alarm)`);
    await waitFor(() => expect(services.devices.status('p1')).toBe('connected'));
  });

  it('the alarm list gives the time with the player’s place', async () => {
    const services = setup('1111100,0700,card1,,,5,1', far);
    renderWithServices(services, <AlarmsPanel knownTitle={() => 'Morning Songs'} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bedroom Player' }));
    const list = await screen.findByRole('list', { name: 'Device alarms' });
    expect(await within(list).findByText(`07:00 in ${city} · Morning Songs`)).toBeTruthy();
  });

  it('the card’s preview does too', async () => {
    const services = setup('1111100,0700,card1,,,5,1', far);
    renderWithServices(services, <DeviceAlarmsPreview deviceId="p1" />);
    const preview = await screen.findByRole('list', { name: 'Alarms on this device' });
    expect(await within(preview).findByText(`07:00 in ${city} · Morning Songs`)).toBeTruthy();
  });

  it('a player on the browser’s clock, or with no zone, shows the time alone', async () => {
    const services = setup('1111100,0700,card1,,,5,1', viewer);
    renderWithServices(services, <DeviceAlarmsPreview deviceId="p1" />);
    const preview = await screen.findByRole('list', { name: 'Alarms on this device' });
    expect(await within(preview).findByText('07:00 · Morning Songs')).toBeTruthy();
  });

  it('Set Alarm starts from the player’s current time, and the time field says whose clock it is', async () => {
    const services = setup('1111100,0700,card1,,,5,1', far);
    const [device] = services.library.devices;
    const [playlist] = services.library.playlists;
    if (!device || !playlist) throw new Error('setup gave no player or playlist');
    renderWithServices(services, <SetAlarmHarness device={device} playlist={playlist} />);
    // The page has read the player's configuration (the scheduler reads every player's).
    await screen.findByText('config read');
    await userEvent.click(screen.getByRole('button', { name: 'Set Alarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Alarm' });
    const now = wallClock(new Date(), far);
    const time = within(dialog).getByLabelText<HTMLInputElement>('Time');
    // Read a minute apart at most (the clock may turn between the click and this line).
    const shown = time.value.split(':').map(Number);
    const minutes = (shown[0] ?? 0) * 60 + (shown[1] ?? 0);
    const apart = Math.abs(now.hour * 60 + now.minute - minutes);
    expect(Math.min(apart, 24 * 60 - apart)).toBeLessThanOrEqual(1);
    expect(
      within(dialog).getByText(new RegExp(`^On the player's clock in ${city}, now \\d\\d:\\d\\d$`)),
    ).toBeTruthy();
  });
});

function SetAlarmHarness({ device, playlist }: { device: Device; playlist: Playlist }) {
  const flow = useSetAlarm([device]);
  const config = useDeviceAlarms(device.deviceId);
  return (
    <>
      {config.data && <span>config read</span>}
      <button type="button" onClick={() => flow.start(playlist)}>
        Set Alarm
      </button>
      {flow.element}
    </>
  );
}
