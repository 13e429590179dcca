import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCloudAlarm, makeCloudUser } from '@playlist-alarms/core/test/fixtures/builders';
import { queryKeys } from '../../../api/query-keys';
import { renderCloudCard, type PrepareCloudCard } from '../../../test/cloud-card';
import { makePlaylist } from '../../../test/twins';

// The cloud card's everyday controls: a new alarm from scratch, edit in place, the switch and
// duplicate, against the in-memory backend with the server's rules (cap, validation).

const FAMILY_CARD = makePlaylist(50, {
  cardId: 'fam50',
  title: 'Grandma Reads',
  coverArt: 'https://img.example/fam50.png',
  isFromFamilyLibrary: true,
  category: 'family-library',
});

const setup = (prepare?: PrepareCloudCard) => {
  const { familyLoads, ...rest } = renderCloudCard({ family: [FAMILY_CARD], prepare });
  return { loads: familyLoads, ...rest };
};

async function choose(dialog: HTMLElement, field: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const cloudList = () => screen.getByRole('list', { name: 'Cloud alarms' });

describe('a cloud alarm from scratch', () => {
  it('is made with a family card, time, days, volume and type, and listed with its card', async () => {
    const { services, loads } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New Cloud Alarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Cloud Alarm' });
    expect(loads()).toBe(1);
    const create = within(dialog).getByRole('button', { name: 'Create' });
    // No card yet: nothing to start.
    expect(create).toHaveProperty('disabled', true);
    await choose(dialog, 'Playlist', 'Grandma Reads');
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '06:15' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fri' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bedtime' }));
    await userEvent.click(create);

    expect(await screen.findByText('Cloud alarm created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.cloud.alarms).toEqual([
      expect.objectContaining({
        yoto_device_id: 'p1',
        device_name: 'Bedroom Player',
        alarm_name: 'Grandma Reads',
        alarm_type: 'bedtime',
        playlist_id: 'fam50',
        playlist_name: 'Grandma Reads',
        hour: 6,
        minute: 15,
        days: '1111000',
        volume: 7,
        is_enabled: true,
      }),
    ]);
    expect(await within(cloudList()).findByText('06:15 · Grandma Reads')).toBeTruthy();
    expect(within(cloudList()).getByText(/^Grandma Reads · Mon, Tue, Wed, Thu · volume 70%/)).toBeTruthy();
    // The cover is decoration (alt ""): the title beside it names the card.
    expect(cloudList().querySelector('img')?.getAttribute('src')).toBe(FAMILY_CARD.coverArt);
    // The first opening also loads the dialog's chunk.
  }, 40_000);

  it('warns that the player will have switched itself off, and saves on the player instead', async () => {
    const { services } = setup((s) => {
      s.library.configExtrasByDevice.set('p1', {
        status: { powerSrc: 0, charging: false },
        config: { shutdownTimeout: '60' },
      });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New Cloud Alarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Cloud Alarm' });
    await choose(dialog, 'Playlist', 'Morning Songs');
    expect(
      await within(dialog).findByText(
        "Bedroom Player is on battery and switches itself off after 1 minute without use, so it will be off at 07:00. The server can't wake a player, so this cloud alarm can't ring. An alarm saved on the player is rung by the player itself.",
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save on the player instead' }));
    expect(
      await screen.findByText('Saved on Bedroom Player: the player rings the 07:00 alarm itself'),
    ).toBeTruthy();
    expect(services.library.alarmsByDevice.get('p1')).toEqual(['1111100,0700,card1,,,6,1']);
    expect(services.cloud.alarms).toEqual([]);
  });

  it('tells a player in another zone, and a zone changed in the dialog is saved before the alarm', async () => {
    const { services } = setup((s) => {
      s.library.configExtrasByDevice.set('p1', { geoTimezone: 'America/New_York' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New Cloud Alarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Cloud Alarm' });
    await choose(dialog, 'Playlist', 'Morning Songs');
    expect(
      await within(dialog).findByText(
        /^Bedroom Player keeps New York time; cloud alarms ring in London time/,
      ),
    ).toBeTruthy();
    await choose(dialog, 'Time zone', 'America/New_York');
    await waitFor(() => expect(within(dialog).queryByText(/keeps New York time/)).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Cloud alarm created')).toBeTruthy();
    expect(services.cloud.user?.timezone).toBe('America/New_York');
    expect(services.cloud.alarms).toHaveLength(1);
  });
});

describe('the household zone while the user record loads', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is kept when a dialog opened before the user record came back creates an alarm', async () => {
    // The browser in Paris, the household in New York: until the record comes back, the card knows
    // only the browser's zone.
    vi.stubEnv('TZ', 'Europe/Paris');
    let release = () => {};
    const { services, queryClient } = setup((s) => {
      s.cloud.user = makeCloudUser({ timezone: 'America/New_York' });
      s.cloud.userGate = new Promise<void>((resolve) => (release = resolve));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New Cloud Alarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Cloud Alarm' });
    expect(queryClient.getQueryState(queryKeys.cloudUser())?.status).toBe('pending');
    release();
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.cloudUser())?.status).toBe('success'));
    await choose(dialog, 'Playlist', 'Morning Songs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Cloud alarm created')).toBeTruthy();
    expect(services.cloud.user?.timezone).toBe('America/New_York');
    expect(services.cloud.alarms).toHaveLength(1);
  });

  it('can still be picked when the user record failed to load', async () => {
    const { queryClient } = setup((s) => {
      const failed = Promise.reject(new Error('HTTP 503'));
      failed.catch(() => undefined); // handled: saveUser awaits it and fails
      s.cloud.userGate = failed;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New Cloud Alarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Cloud Alarm' });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.cloudUser())?.status).toBe('error'));
    expect(
      within(dialog).getByRole('combobox', { name: 'Time zone' }).getAttribute('aria-disabled'),
    ).not.toBe('true');
  });
});

describe('editing, switching and duplicating', () => {
  const stored = () =>
    makeCloudAlarm({
      id: 'a1',
      yoto_device_id: 'p1',
      alarm_name: 'Morning Songs',
      playlist_id: 'card1',
      playlist_name: 'Morning Songs',
    });

  it('edits in place: the dialog is prefilled, Save changes the same alarm', async () => {
    const { services } = setup((s) => (s.cloud.alarms = [stored()]));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Songs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cloud Alarm' });
    expect(within(dialog).getByLabelText('Time')).toHaveProperty('value', '06:05');
    expect(within(dialog).getByRole('combobox', { name: 'Playlist' }).textContent).toBe('Morning Songs');
    expect(within(dialog).getByRole('button', { name: 'Mon' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '06:40' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Cloud alarm saved')).toBeTruthy();
    expect(services.cloud.alarms).toEqual([
      expect.objectContaining({ id: 'a1', hour: 6, minute: 40, days: '1010100', is_enabled: true }),
    ]);
    expect(await within(cloudList()).findByText('06:40 · Morning Songs')).toBeTruthy();
  });

  it('switches an alarm off and on with PUT is_enabled; a refused switch goes back', async () => {
    const { services } = setup((s) => (s.cloud.alarms = [stored()]));
    const toggle = await screen.findByRole('switch', { name: 'Morning Songs on' });
    expect(toggle).toHaveProperty('checked', true);
    await userEvent.click(toggle);
    expect(await screen.findByText('"Morning Songs" switched off')).toBeTruthy();
    expect(services.cloud.alarms[0]).toMatchObject({ is_enabled: false, next_fire_at: null });
    expect(screen.getByRole('switch', { name: 'Morning Songs on' })).toHaveProperty('checked', false);

    services.cloud.failing.set('updateAlarm', 'the database is away');
    await userEvent.click(screen.getByRole('switch', { name: 'Morning Songs on' }));
    expect(await screen.findByText('Failed to update alarm: the database is away')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Morning Songs on' })).toHaveProperty('checked', false),
    );
    expect(services.cloud.alarms[0]?.is_enabled).toBe(false);
  });

  it('duplicates an alarm as a copy', async () => {
    const { services } = setup((s) => (s.cloud.alarms = [stored()]));
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate Morning Songs' }));
    expect(await screen.findByText('Cloud alarm duplicated')).toBeTruthy();
    expect(services.cloud.alarms).toEqual([
      expect.objectContaining({ id: 'a1', alarm_name: 'Morning Songs' }),
      expect.objectContaining({
        alarm_name: 'Morning Songs (copy)',
        playlist_id: 'card1',
        hour: 6,
        minute: 5,
        days: '1010100',
      }),
    ]);
    expect(await within(cloudList()).findByText('06:05 · Morning Songs (copy)')).toBeTruthy();
  });

  it('at the cap of 10, New and Duplicate are refused with the cap’s message and nothing is sent', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({
      ...stored(),
      id: `a${i}`,
      alarm_name: `Alarm ${i}`,
    }));
    const { services } = setup((s) => (s.cloud.alarms = ten));
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate Alarm 3' }));
    expect(await screen.findByText('An account can hold at most 10 cloud alarms')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New Cloud Alarm' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(services.cloud.calls).not.toContain('createAlarm');
    expect(services.cloud.alarms).toHaveLength(10);
  });

  it('shows another parent’s alarm as theirs, counts only the user’s own toward the cap', async () => {
    const theirs = Array.from({ length: 10 }, (_, i) => ({
      ...stored(),
      id: `b${i}`,
      alarm_name: `Theirs ${i}`,
      yoto_user_id: 'auth0|demo-second-parent',
    }));
    const { services } = setup((s) => (s.cloud.alarms = [stored(), ...theirs]));
    const row = (await within(cloudList()).findByText('06:05 · Theirs 0')).closest('li');
    expect(row && within(row as HTMLElement).getByTestId('set-by').textContent).toBe('Set by another parent');
    const own = within(cloudList()).getByText('06:05 · Morning Songs').closest('li');
    expect(own && within(own as HTMLElement).queryByTestId('set-by')).toBeNull();
    // Eleven in the list, one of them the user's: New opens.
    await userEvent.click(screen.getByRole('button', { name: 'New Cloud Alarm' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(services.cloud.calls).not.toContain('createAlarm');
  });

  it('names a family card it cannot find in the lists by its stored name, never its id', async () => {
    const family = makeCloudAlarm({ id: 'f', playlist_id: 'gone-card', playlist_name: 'Grandma Reads' });
    setup((s) => (s.cloud.alarms = [family]));
    expect(await within(cloudList()).findByText(/^Grandma Reads · /)).toBeTruthy();
    expect(within(cloudList()).queryByText(/gone-card/)).toBeNull();
  });
});
