import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firingReceipt } from '@playlist-alarms/core/cloud/cloud-receipt';
import { alarmTypeKey, detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import { parseAlarm } from '@playlist-alarms/core/alarms/alarm-codec';
import { clocksDiffer } from '@playlist-alarms/core/alarms/zone-label';
import { makeCloudAlarm, makeCloudUser } from '@playlist-alarms/core/test/fixtures/builders';
import { renderWithServices } from '../../../test/render-with-services';
import { createTestServices, makeDevice, makePlaylist } from '../../../test/twins';
import { AlarmsPanel } from '../AlarmsPanel';

const LOCAL = '1111100,0630,card1,,,4,1';

/** The household, already recorded at the backend with its cloud zone set to London. */
const london = () => makeCloudUser({ email: 'demo@example.com' });
const TITLES = new Map([['card1', 'Morning Songs']]);

function setup(prepare?: (services: ReturnType<typeof createTestServices>) => void) {
  const services = createTestServices();
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  services.library.playlists = [makePlaylist(1, { title: 'Morning Songs' })];
  services.library.alarmsByDevice.set('p1', [LOCAL]);
  prepare?.(services);
  const view = renderWithServices(services, <AlarmsPanel knownTitle={(cardId) => TITLES.get(cardId)} />);
  return { services, ...view };
}

async function upload(typeLabel?: 'Wakeup' | 'Bedtime') {
  await userEvent.click(await screen.findByRole('button', { name: 'Upload Local Alarms' }));
  const select = await screen.findByRole('dialog', { name: 'Select Alarms to Upload' });
  expect(within(select).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  await userEvent.click(
    await within(select).findByRole('button', { name: /06:30( in .+)? · Morning Songs/ }),
  );
  await userEvent.click(within(select).getByRole('button', { name: 'Next' }));
  const type = await screen.findByRole('dialog', { name: 'Choose Alarm Type' });
  if (typeLabel) await userEvent.click(within(type).getByRole('radio', { name: typeLabel }));
  await userEvent.click(within(type).getByRole('button', { name: 'Upload' }));
}

describe('the cloud alarm card', () => {
  it('shows the backend health as Connected or Disconnected', async () => {
    const first = setup();
    expect(await screen.findByLabelText('Cloud Connected')).toBeTruthy();
    first.unmount();
    const services = createTestServices();
    services.cloud.healthy = false;
    renderWithServices(services, <AlarmsPanel knownTitle={() => undefined} />);
    expect(await screen.findByLabelText('Cloud Disconnected')).toBeTruthy();
  });

  it('uploads a device alarm with the type the Create dialog chose, volume 70 and the playlist name', async () => {
    const { services } = setup();
    const read = parseAlarm(LOCAL, 0);
    if (!read.ok) throw new Error(read.error);
    services.alarmTypes.set(alarmTypeKey('p1', read.alarm), 'bedtime');

    await userEvent.click(await screen.findByRole('button', { name: 'Upload Local Alarms' }));
    await userEvent.click(await screen.findByRole('button', { name: /06:30 · Morning Songs/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const type = await screen.findByRole('dialog', { name: 'Choose Alarm Type' });
    expect(within(type).getByRole('radio', { name: 'Bedtime' })).toHaveProperty('checked', true);
    await userEvent.click(within(type).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Bedtime alarm saved to the cloud')).toBeTruthy();
    expect(services.cloud.alarms).toEqual([
      expect.objectContaining({
        alarm_type: 'bedtime',
        alarm_name: 'Morning Songs',
        days: '1111100',
        hour: 6,
        minute: 30,
        volume: 7,
        playlist_id: 'card1',
        yoto_device_id: 'p1',
      }),
    ]);
    const list = screen.getByRole('list', { name: 'Cloud alarms' });
    expect(await within(list).findByText('06:30 · Morning Songs')).toBeTruthy();
    expect(within(list).getByText(/weekdays · volume 70% · Bedroom Player/)).toBeTruthy();
  });

  it('warns when the player will have switched itself off, and saves the alarm on the player instead', async () => {
    const { services } = setup();
    // On battery, switching itself off after a minute without use: off long before any 06:30.
    services.library.configExtrasByDevice.set('p1', {
      status: { powerSrc: 0, charging: false },
      config: { shutdownTimeout: '60' },
    });
    services.library.alarmsByDevice.set('p1', ['1111100,0630,card1,,,4,0']);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Local Alarms' }));
    await userEvent.click(await screen.findByRole('button', { name: /06:30 · Morning Songs/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const type = await screen.findByRole('dialog', { name: 'Choose Alarm Type' });
    expect(
      within(type).getByText(
        "Bedroom Player is on battery and switches itself off after 1 minute without use, so it will be off at 06:30. The server can't wake a player, so this cloud alarm can't ring. An alarm saved on the player is rung by the player itself.",
      ),
    ).toBeTruthy();
    // Uploading anyway stays possible; the parent saves it on the player instead.
    expect(within(type).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', false);
    await userEvent.click(within(type).getByRole('button', { name: 'Save on the player instead' }));

    expect(
      await screen.findByText('Saved on Bedroom Player: the player rings the 06:30 alarm itself'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.library.alarmsByDevice.get('p1')).toEqual(['1111100,0630,card1,,,4,1']);
    expect(services.cloud.alarms).toEqual([]);
  });

  it('gives no warning for a player on its dock', async () => {
    const { services } = setup();
    services.library.configExtrasByDevice.set('p1', {
      status: { powerSrc: 1, charging: false },
      config: { shutdownTimeout: '60' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Local Alarms' }));
    await userEvent.click(await screen.findByRole('button', { name: /06:30 · Morning Songs/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const type = await screen.findByRole('dialog', { name: 'Choose Alarm Type' });
    expect(within(type).queryByRole('button', { name: 'Save on the player instead' })).toBeNull();
    expect(within(type).queryByRole('alert')).toBeNull();
  });

  it('with no local alarms the selection cannot go on', async () => {
    const { services } = setup();
    services.library.alarmsByDevice.set('p1', []);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Local Alarms' }));
    const select = await screen.findByRole('dialog', { name: 'Select Alarms to Upload' });
    expect(await within(select).findByText('No alarms on your players to upload.')).toBeTruthy();
    expect(within(select).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('a player whose alarms could not be read is named with Retry, not called empty', async () => {
    let failing = true;
    setup((s) => {
      s.library.devices = [
        makeDevice('p1', 'Bedroom Player', true),
        makeDevice('p2', 'Kitchen Player', true),
      ];
      s.library.alarmsByDevice.set('p2', []);
      const read = s.library.getDeviceConfig.bind(s.library);
      s.library.getDeviceConfig = (deviceId) =>
        failing && deviceId === 'p1' ? Promise.reject(new Error('HTTP 503')) : read(deviceId);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Local Alarms' }));
    const select = await screen.findByRole('dialog', { name: 'Select Alarms to Upload' });
    expect(await within(select).findByText("Couldn't read the alarms of Bedroom Player.")).toBeTruthy();
    expect(within(select).queryByText('No alarms on your players to upload.')).toBeNull();
    failing = false;
    await userEvent.click(within(select).getByRole('button', { name: 'Retry' }));
    expect(
      await within(select).findByRole('button', { name: /06:30( in .+)? · Morning Songs/ }),
    ).toBeTruthy();
    expect(within(select).queryByText("Couldn't read the alarms of Bedroom Player.")).toBeNull();
  });

  it('an upload failure reads "Failed to replace {type} alarm: {message}"', async () => {
    const { services } = setup();
    services.cloud.failing.set('replaceAlarmOfType', 'At most 10 alarms per account');
    await upload('Wakeup');
    expect(
      await screen.findByText('Failed to replace wakeup alarm: At most 10 alarms per account'),
    ).toBeTruthy();
    expect(services.cloud.alarms).toEqual([]);
  });

  it('a list failure reads "Failed to load alarms: {message}"', async () => {
    const services = createTestServices();
    services.cloud.failing.set('listAlarms', 'HTTP 503: Service Unavailable');
    renderWithServices(services, <AlarmsPanel knownTitle={() => undefined} />);
    expect(await screen.findByText('Failed to load alarms: HTTP 503: Service Unavailable')).toBeTruthy();
  });

  it('a list that failed to load offers Retry, which shows the alarms once the backend answers', async () => {
    const services = createTestServices();
    services.cloud.failing.set('listAlarms', 'HTTP 503: Service Unavailable');
    renderWithServices(services, <AlarmsPanel knownTitle={() => undefined} />);
    const failed = (await screen.findByText('Failed to load alarms: HTTP 503: Service Unavailable')).closest(
      '[role="alert"]',
    );
    if (!(failed instanceof HTMLElement)) throw new Error('the failure is not an alert');

    services.cloud.failing.delete('listAlarms');
    services.cloud.alarms = [makeCloudAlarm({ alarm_name: 'Morning Wakeup' })];
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText(/ · Morning Wakeup$/)).toBeTruthy();
    expect(screen.queryByText(/Failed to load alarms/)).toBeNull();
  });

  it('deletes by type, single and all, each after its own confirmation', async () => {
    const { services } = setup();
    await upload('Wakeup');
    await screen.findByText('Wakeup alarm saved to the cloud');
    await upload('Bedtime');
    await waitFor(() => expect(services.cloud.alarms).toHaveLength(2));

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Wakeup' }));
    const byType = await screen.findByRole('dialog', { name: 'Delete the wakeup alarm?' });
    await userEvent.click(within(byType).getByRole('button', { name: 'Delete wakeup alarm' }));
    await waitFor(() => expect(services.cloud.alarms.map((a) => a.alarm_type)).toEqual(['bedtime']));

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Morning Songs' }));
    const single = await screen.findByRole('dialog', { name: 'Delete this cloud alarm?' });
    await userEvent.click(within(single).getByRole('button', { name: 'Cancel' }));
    expect(services.cloud.alarms).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    const all = await screen.findByRole('dialog', { name: 'Delete all cloud alarms?' });
    await userEvent.click(within(all).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText('No alarms in the cloud yet.')).toBeTruthy();
    expect(services.cloud.alarms).toEqual([]);
  });

  it("says plainly that nothing was deleted when every alarm of the type is another parent's", async () => {
    const { services } = setup((s) => {
      s.cloud.user = london();
      s.cloud.alarms = [
        makeCloudAlarm({ id: 'theirs', alarm_name: 'Their Morning', yoto_user_id: 'auth0|other-parent' }),
      ];
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Wakeup' }));
    const byType = await screen.findByRole('dialog', { name: 'Delete the wakeup alarm?' });
    await userEvent.click(within(byType).getByRole('button', { name: 'Delete wakeup alarm' }));

    expect(
      await screen.findByText(
        'Nothing was deleted: only the alarms you set yourself can be deleted here, and none of these are yours.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('✅ Alarm deleted successfully!')).toBeNull();
    expect(services.cloud.calls).toContain('deleteAlarmsOfType');
    expect(services.cloud.alarms).toHaveLength(1);
  });

  it("imports the cloud alarms into the player's config and says how many", async () => {
    const { services } = setup();
    await upload('Wakeup');
    await screen.findByText('Wakeup alarm saved to the cloud');
    services.library.alarmsByDevice.set('p1', ['0000011,0900,card9,01,01,5,1']);

    await userEvent.click(screen.getByRole('button', { name: 'Import from Cloud' }));
    expect(await screen.findByText('Successfully imported 1 alarms from cloud storage')).toBeTruthy();
    expect(services.library.alarmsByDevice.get('p1')).toEqual([
      '0000011,0900,card9,01,01,5,1',
      '1111100,0630,card1,,,6,1',
    ]);
  });

  it('records the user with the detected zone; a new zone moves the next firing', async () => {
    const { services } = setup();
    await upload('Wakeup');
    await screen.findByText('Wakeup alarm saved to the cloud');
    await waitFor(() => expect(services.cloud.user?.timezone).toBeTruthy());
    expect(services.cloud.user).toMatchObject({ name: 'Demo Parent', email: 'demo@example.com' });
    const before = services.cloud.alarms[0]?.next_fire_at;

    await userEvent.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pacific/Auckland' }));
    await waitFor(() => expect(services.cloud.user?.timezone).toBe('Pacific/Auckland'));
    expect(services.cloud.alarms[0]?.next_fire_at).not.toBe(before);
    expect(screen.getByRole('combobox', { name: 'Time zone' }).textContent).toBe('Pacific/Auckland');
  });

  it('a user sync failure reads "Failed to sync user: {message}"', async () => {
    const { services } = setup();
    await waitFor(() => expect(services.cloud.user).not.toBeNull());
    services.cloud.failing.set('saveUser', 'timezone must be an IANA time zone');
    await userEvent.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    expect(await screen.findByText('Failed to sync user: timezone must be an IANA time zone')).toBeTruthy();
  });

  it("tells a player found off at the prepare window in the player's own clock", async () => {
    const { services, queryClient } = setup();
    services.library.configExtrasByDevice.set('p1', { geoTimezone: 'America/New_York' });
    await upload('Wakeup');
    expect(await screen.findByText('Wakeup alarm saved to the cloud')).toBeTruthy();
    const [stored] = services.cloud.alarms;
    if (!stored) throw new Error('the upload stored nothing');
    const dueAt = Math.floor(Date.now() / 60_000) * 60_000 + 4 * 60_000;
    const noted = {
      ...stored,
      last_fired_at: new Date(dueAt).toISOString(),
      last_outcome: 'player-offline' as const,
      last_outcome_at: new Date(dueAt - 295_000).toISOString(),
    };
    services.cloud.alarms = [noted];
    await act(() => queryClient.invalidateQueries());
    const text = (await screen.findByTestId('firing-receipt')).textContent;
    const zone = detectTimeZone();
    expect(text).toBe(firingReceipt(noted, zone, new Date(), 'America/New_York')?.text);
    expect(text).toMatch(
      /^Bedroom Player was off at .*: the alarm due .* can't ring unless someone switches it on$/,
    );
    if (zone !== 'America/New_York') expect(text).toContain('(New York time)');
  });

  it("names a New York player's place in the list and warns that a London household's cloud alarm rings on London's clock", async () => {
    const { services } = setup((s) => {
      s.cloud.user = london();
      s.library.configExtrasByDevice.set('p1', { geoTimezone: 'America/New_York' });
      s.library.alarmsByDevice.set('p1', ['1111111,0700,card1,,,4,1']);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Local Alarms' }));
    const select = await screen.findByRole('dialog', { name: 'Select Alarms to Upload' });
    const viewer = detectTimeZone();
    const shown = clocksDiffer('America/New_York', viewer, new Date())
      ? '07:00 in New York · Morning Songs'
      : '07:00 · Morning Songs';
    await userEvent.click(await within(select).findByRole('button', { name: new RegExp(`^${shown}`) }));
    await userEvent.click(within(select).getByRole('button', { name: 'Next' }));

    const type = await screen.findByRole('dialog', { name: 'Choose Alarm Type' });
    // 07:00 in London is 02:00 in New York, 03:00 in the weeks their clocks change apart.
    const warning = within(type).getByText(
      /^Bedroom Player keeps New York time; cloud alarms ring in London time, so this alarm would ring at 07:00 London time \(0[23]:00 in New York\)\.$/,
    );
    expect(within(type).getByRole('alert').contains(warning)).toBe(true);
    await userEvent.click(within(type).getByRole('button', { name: 'Save on the player instead' }));
    expect(
      await screen.findByText('Saved on Bedroom Player: the player rings the 07:00 alarm itself'),
    ).toBeTruthy();
    expect(services.cloud.alarms).toEqual([]);
    expect(services.library.alarmsByDevice.get('p1')).toEqual(['1111111,0700,card1,,,4,1']);
  });

  it('gives no zone warning when the player keeps the household’s zone, and uploads 07:00', async () => {
    const { services } = setup((s) => {
      s.cloud.user = london();
      s.library.configExtrasByDevice.set('p1', { geoTimezone: 'Europe/London' });
      s.library.alarmsByDevice.set('p1', ['1111111,0700,card1,,,4,1']);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Local Alarms' }));
    await userEvent.click(await screen.findByRole('button', { name: /07:00( in London)? · Morning Songs/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const type = await screen.findByRole('dialog', { name: 'Choose Alarm Type' });
    expect(within(type).queryByRole('alert')).toBeNull();
    await userEvent.click(within(type).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Wakeup alarm saved to the cloud')).toBeTruthy();
    expect(services.cloud.alarms).toEqual([expect.objectContaining({ hour: 7, minute: 0 })]);
  });

  it('shows the last firing: ringing, then (asked again by itself) played, with time and player', async () => {
    const { services, queryClient } = setup();
    await upload('Wakeup');
    expect(await screen.findByText('Wakeup alarm saved to the cloud')).toBeTruthy();
    expect(screen.queryByTestId('firing-receipt')).toBeNull();
    const [stored] = services.cloud.alarms;
    if (!stored) throw new Error('the upload stored nothing');
    // Fired a minute ago, on the whole second: the receipt shows today's time (just after
    // midnight it is yesterday's firing, and the receipt names its weekday).
    const firedAt = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const firing = { ...stored, last_fired_at: new Date(firedAt).toISOString() };
    services.cloud.alarms = [firing];
    await act(() => queryClient.invalidateQueries());
    const zone = detectTimeZone();
    expect((await screen.findByTestId('firing-receipt')).textContent).toBe(firingReceipt(firing, zone)?.text);

    // The worker's outcome arrives; the card asks again while a firing is pending (no reload).
    const played = {
      ...firing,
      last_outcome: 'played' as const,
      last_outcome_at: new Date(firedAt + 240).toISOString(),
    };
    services.cloud.alarms = [played];
    const expected = firingReceipt(played, zone)?.text ?? '';
    expect(expected).toMatch(/^Played (\w{3} )?\d\d:\d\d:\d\d\.2 on Bedroom Player$/);
    expect(await screen.findByText(expected, {}, { timeout: 4000 })).toBeTruthy();
  });
});
