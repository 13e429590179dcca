import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Device, Playlist } from '@playlist-alarms/core/shared/entities';
import { ProviderError } from '@playlist-alarms/provider/rest-client';
import { Notifier, type Notice } from '../../services/notifier';
import { NotifierContext } from '../../services/notifier-context';
import { ServicesContext } from '../../services/app-services';
import { createTestServices, makeDevice, makePlaylist, type TestServices } from '../../test/twins';
import { AlarmsPanel } from './AlarmsPanel';
import { useSetAlarm } from './use-set-alarm';

// A Wednesday, 06:05 on the local clock: the dialog prefills this time and this day.
const NOW = new Date(2025, 0, 8, 6, 5, 42);
const SEEDED = '0000011,0900,card9,01,01,5,1';
const UNREADABLE = 'not,an,alarm';
// What app/AlarmsSection gives the panel from the household's lists.
const TITLES = new Map([
  ['card1', 'Morning Songs'],
  ['card9', 'Nap Time'],
]);

function SetAlarmHarness({ devices, playlist }: { devices: readonly Device[]; playlist: Playlist }) {
  const flow = useSetAlarm(devices);
  return (
    <>
      <button type="button" onClick={() => flow.start(playlist)}>
        Set Alarm
      </button>
      {flow.element}
      <AlarmsPanel knownTitle={(cardId) => TITLES.get(cardId)} />
    </>
  );
}

function setup(options: { devices?: Device[]; playlist?: Playlist } = {}) {
  const services: TestServices = createTestServices();
  services.library.devices = options.devices ?? [
    makeDevice('p1', "Grandma's Player", false),
    makeDevice('p2', 'Bedroom Player', true),
    makeDevice('p3', 'Playroom Mini', true),
  ];
  services.library.playlists = [
    makePlaylist(1, { title: 'Morning Songs' }),
    makePlaylist(9, { title: 'Nap Time' }),
  ];
  services.library.alarmsByDevice.set('p2', [SEEDED, UNREADABLE]);
  const notifier = new Notifier();
  const notices: Notice[] = [];
  notifier.subscribe(() => {
    const notice = notifier.getSnapshot();
    if (notice) notices.push(notice);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const playlist = options.playlist ?? makePlaylist(1, { title: 'Morning Songs' });
  const ui = (devices: readonly Device[]) => (
    <ServicesContext.Provider value={services}>
      <NotifierContext.Provider value={notifier}>
        <QueryClientProvider client={queryClient}>
          <SetAlarmHarness devices={devices} playlist={playlist} />
        </QueryClientProvider>
      </NotifierContext.Provider>
    </ServicesContext.Provider>
  );
  const view = render(ui(services.library.devices));
  return { services, notices, rerenderWith: (devices: Device[]) => view.rerender(ui(devices)) };
}

const clickSetAlarm = () => userEvent.click(screen.getByRole('button', { name: 'Set Alarm' }));
const dialog = () => screen.findByRole('dialog', { name: 'Create Alarm' });
const createButton = (d: HTMLElement) => within(d).getByRole('button', { name: 'Create Alarm' });
const dayButtons = (d: HTMLElement) =>
  within(within(d).getByRole('group', { name: 'Days' })).getAllByRole('button');
const pressedDays = (d: HTMLElement) =>
  dayButtons(d)
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);
const dayButton = (d: HTMLElement, label: string) => within(d).getByRole('button', { name: label });
const messages = (notices: Notice[]) => notices.map((notice) => [notice.severity, notice.message]);

// Each dialog test clicks through many MUI controls (and the first loads the lazy chunk): on a
// busy two-core machine that can outrun Vitest's 5 s default, which would fail them for nothing.
const DIALOG_TESTS = { timeout: 20_000 };

beforeEach(() => {
  // Only Date is faked: timers stay real, so the UI and the queries run as in a browser.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Set alarm from a playlist: the checks', () => {
  it('with no players says to set one up and opens nothing', async () => {
    const { notices } = setup({ devices: [] });
    await clickSetAlarm();
    expect(messages(notices)).toEqual([
      ['error', 'No devices available. Please set up your Yoto player first.'],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with no player online says to connect one and opens nothing', async () => {
    const { notices } = setup({ devices: [makeDevice('p1', 'Bedroom Player', false)] });
    await clickSetAlarm();
    expect(messages(notices)).toEqual([
      ['error', 'No online devices found. Please ensure your Yoto player is connected.'],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with a playlist that has no card says so: there is nothing to ring', async () => {
    const { notices } = setup({ playlist: makePlaylist(3, { cardId: null, title: 'No Card Here' }) });
    await clickSetAlarm();
    expect(messages(notices)).toEqual([['error', 'Playlist "No Card Here" does not have a valid card ID.']]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Create Alarm dialog', DIALOG_TESTS, () => {
  it('opens on the first online player, the current time and today, volume 70, wakeup', async () => {
    setup();
    await clickSetAlarm();
    const d = await dialog();
    expect(within(d).getByText('Morning Songs')).toBeTruthy();
    expect(within(d).getByRole('combobox', { name: 'Device' }).textContent).toBe('Bedroom Player');
    expect(within(d).getByLabelText<HTMLInputElement>('Time').value).toBe('06:05');
    expect(dayButtons(d).map((button) => button.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(pressedDays(d)).toEqual(['Wed']);
    const slider = within(d).getByRole('slider');
    expect(slider.getAttribute('aria-valuenow')).toBe('70');
    expect(slider.getAttribute('min')).toBe('10');
    expect(slider.getAttribute('max')).toBe('100');
    expect(slider.getAttribute('step')).toBe('5');
    for (const mark of ['10%', '50%', '100%']) expect(within(d).getByText(mark)).toBeTruthy();
    // What the percent writes on the player, in words: the level and Yoto's alarm limit.
    expect(within(d).getByText('Volume: 70% → level 6 of 8 on the player')).toBeTruthy();
    expect(slider.getAttribute('aria-valuetext')).toBe('70%, level 6 of 8');
    const note = document.getElementById(slider.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toMatch(/0–16 scale.*100% is level 8 and 10% is level 1/);
    expect(within(d).getByRole('radio', { name: 'Wakeup' })).toHaveProperty('checked', true);
    expect(within(d).getByRole('radio', { name: 'Bedtime' })).toHaveProperty('checked', false);
    expect(createButton(d)).toHaveProperty('disabled', false);
  });

  it('offers only the online players', async () => {
    setup();
    await clickSetAlarm();
    await userEvent.click(within(await dialog()).getByRole('combobox', { name: 'Device' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Bedroom Player', 'Playroom Mini']);
  });

  it('disables Create with no day selected, and again allows it when a day is chosen', async () => {
    setup();
    await clickSetAlarm();
    const d = await dialog();
    await userEvent.click(dayButton(d, 'Wed'));
    expect(pressedDays(d)).toEqual([]);
    expect(createButton(d)).toHaveProperty('disabled', true);
    await userEvent.click(dayButton(d, 'Sun'));
    expect(createButton(d)).toHaveProperty('disabled', false);
  });

  it('disables Create when the chosen player goes offline (no device)', async () => {
    const { rerenderWith } = setup();
    await clickSetAlarm();
    const d = await dialog();
    rerenderWith([makeDevice('p2', 'Bedroom Player', false), makeDevice('p3', 'Playroom Mini', true)]);
    expect(within(d).getByRole('combobox', { name: 'Device' }).textContent).not.toContain('Bedroom Player');
    expect(createButton(d)).toHaveProperty('disabled', true);
  });

  it('disables Create and Cancel while creating', async () => {
    const { services } = setup();
    let release = () => undefined as void;
    services.library.alarmWriteGate = new Promise<void>((resolve) => (release = resolve));
    await clickSetAlarm();
    const d = await dialog();
    await userEvent.click(createButton(d));
    await waitFor(() => expect(createButton(d)).toHaveProperty('disabled', true));
    expect(within(d).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Cancel closes without writing', async () => {
    const { services } = setup();
    await clickSetAlarm();
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.library.alarmWrites).toEqual([]);
  });
});

describe('Creating the alarm', DIALOG_TESTS, () => {
  it('appends it to the chosen player config, keeps the others, closes and says when it plays', async () => {
    const { services, notices } = setup();
    // The player's alarm list is open in the Alarm Management tab while the alarm is created.
    await userEvent.click(await screen.findByRole('button', { name: 'Bedroom Player' }));
    expect(await screen.findByText('09:00 · Nap Time')).toBeTruthy();

    await clickSetAlarm();
    const d = await dialog();
    fireEvent.change(within(d).getByLabelText('Time'), { target: { value: '06:30' } });
    await userEvent.click(dayButton(d, 'Mon'));
    within(d).getByRole('slider').focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(d).getByRole('slider').getAttribute('aria-valuenow')).toBe('85');
    await userEvent.click(within(d).getByRole('radio', { name: 'Bedtime' }));
    await userEvent.click(createButton(d));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.library.alarmWrites).toEqual([
      { deviceId: 'p2', alarms: [SEEDED, UNREADABLE, '1010000,0630,card1,,,7,1'] },
    ]);
    expect(messages(notices)).toEqual([
      ['info', 'Creating alarm...'],
      ['success', '✅ Alarm created! "Morning Songs" will play on "Bedroom Player" at 06:30 on Mon, Wed.'],
    ]);
    expect(await screen.findByText('06:30 · Morning Songs')).toBeTruthy();
  });

  it('appends to the list as the provider holds it at Create, keeping an alarm written meanwhile', async () => {
    const { services } = setup();
    await clickSetAlarm();
    const d = await dialog();
    // Another tab adds a six-field alarm while this dialog is open.
    const elsewhere = '1111111,1100,card9,,,8';
    services.library.alarmsByDevice.set('p2', [SEEDED, UNREADABLE, elsewhere]);
    await userEvent.click(createButton(d));
    await waitFor(() => expect(services.library.alarmWrites).toHaveLength(1));
    expect(services.library.alarmWrites[0]?.alarms).toEqual([
      SEEDED,
      UNREADABLE,
      elsewhere,
      '0010000,0605,card1,,,6,1',
    ]);
  });

  it('writes to another online player when the parent picks it', async () => {
    const { services, notices } = setup();
    await clickSetAlarm();
    const d = await dialog();
    await userEvent.click(within(d).getByRole('combobox', { name: 'Device' }));
    await userEvent.click(screen.getByRole('option', { name: 'Playroom Mini' }));
    for (const day of ['Mon', 'Tue', 'Thu', 'Fri', 'Sat', 'Sun']) await userEvent.click(dayButton(d, day));
    await userEvent.click(createButton(d));

    await waitFor(() => expect(services.library.alarmWrites).toHaveLength(1));
    expect(services.library.alarmWrites[0]).toEqual({
      deviceId: 'p3',
      alarms: ['1111111,0605,card1,,,6,1'],
    });
    await waitFor(() =>
      expect(notices.at(-1)?.message).toBe(
        '✅ Alarm created! "Morning Songs" will play on "Playroom Mini" at 06:05 on daily.',
      ),
    );
  });

  it('says weekdays for Monday to Friday', async () => {
    const { notices } = setup();
    await clickSetAlarm();
    const d = await dialog();
    for (const day of ['Mon', 'Tue', 'Thu', 'Fri']) await userEvent.click(dayButton(d, day));
    await userEvent.click(createButton(d));
    await waitFor(() =>
      expect(notices.at(-1)?.message).toBe(
        '✅ Alarm created! "Morning Songs" will play on "Bedroom Player" at 06:05 on weekdays.',
      ),
    );
  });

  it("on failure shows the error's message and keeps the dialog and the parent's choices", async () => {
    const { services, notices } = setup();
    services.library.failAlarmWrite = new ProviderError(
      500,
      null,
      'PUT /device-v2/p2/config failed with HTTP 500: the provider is having trouble.',
    );
    await clickSetAlarm();
    const d = await dialog();
    fireEvent.change(within(d).getByLabelText('Time'), { target: { value: '19:45' } });
    await userEvent.click(dayButton(d, 'Sat'));
    await userEvent.click(createButton(d));

    await waitFor(() =>
      expect(messages(notices).at(-1)).toEqual([
        'error',
        'PUT /device-v2/p2/config failed with HTTP 500: the provider is having trouble.',
      ]),
    );
    expect(screen.getByRole('dialog', { name: 'Create Alarm' })).toBe(d);
    expect(within(d).getByLabelText<HTMLInputElement>('Time').value).toBe('19:45');
    expect(pressedDays(d)).toEqual(['Wed', 'Sat']);
    expect(createButton(d)).toHaveProperty('disabled', false);
    expect(services.library.alarmsByDevice.get('p2')).toEqual([SEEDED, UNREADABLE]);

    // The parent tries again once the provider is back: nothing had to be re-entered.
    services.library.failAlarmWrite = null;
    await userEvent.click(createButton(d));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.library.alarmsByDevice.get('p2')).toEqual([
      SEEDED,
      UNREADABLE,
      '0010010,1945,card1,,,6,1',
    ]);
  });

  it('without a message says "Failed to create alarm"', async () => {
    const { services, notices } = setup();
    services.library.failAlarmWrite = new Error('');
    await clickSetAlarm();
    await userEvent.click(createButton(await dialog()));
    await waitFor(() => expect(messages(notices).at(-1)).toEqual(['error', 'Failed to create alarm']));
    expect(screen.getByRole('dialog', { name: 'Create Alarm' })).toBeTruthy();
  });
});
