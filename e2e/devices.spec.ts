import { expect, test, type Locator, type Page } from './support/test';
import { AppPage } from './support/app-page';
import { knobs, sandbox, type PlayerState } from './support/stack';

// The Device Management tab against the simulated players: every control is driven as a parent
// would, and each step asserts what the player itself did (its state knob).

const BEDROOM = 'demo-player-1';
const NOT_CONNECTED = 'Device must be connected via MQTT to use controls. Please connect to MQTT first.';

test.beforeEach(async () => {
  await sandbox.reset();
});

const state = (deviceId = BEDROOM): Promise<PlayerState> => sandbox.playerState(deviceId);

/** Polls the player until `read` of its state passes `check`. */
const eventually = <T>(read: (player: PlayerState) => T) =>
  expect.poll(async () => read(await state()), { timeout: 10_000 });

async function openDevicesTab(page: Page): Promise<AppPage> {
  const app = new AppPage(page);
  await app.signIn();
  await app.tab('Device Management (3)').click();
  return app;
}

const deviceCard = (page: Page, name: string) => page.getByRole('article', { name });

/** Signs in, opens the tab and connects the Bedroom Player over MQTT; returns its card. */
async function connectedBedroom(page: Page): Promise<Locator> {
  const app = new AppPage(page);
  await app.signIn();
  return app.connectPlayer();
}

const openAdvanced = async (card: Locator) => {
  await card.getByRole('button', { name: 'Advanced Controls' }).click();
  await expect(card.getByRole('region', { name: 'Ambient LEDs' })).toBeVisible();
};

const banner = (card: Locator) => card.getByTestId('bluetooth-banner');

/** The value of one row ("Power Source", …) of a section of the Detailed Status Report. */
const reportValue = (card: Locator, section: string, label: string) =>
  card
    .getByRole('region', { name: section })
    .locator('dl > div')
    .filter({
      has: card
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole('definition');

/** A Bluetooth device the player can see, by name (the sandbox's default surroundings). */
async function nearbyDevice(name: string): Promise<{ mac: string; rssi: number }> {
  const found = (await state()).bluetooth.nearby.find((d) => d.name === name);
  if (!found) throw new Error(`no Bluetooth device "${name}" near ${BEDROOM}`);
  return found;
}

test('the tab lists every player; connecting fills the status from the API and the player, disconnecting ends it', async ({
  page,
}) => {
  await openDevicesTab(page);
  await expect(page.getByRole('article')).toHaveCount(3);
  const grandma = deviceCard(page, "Grandma's Player");
  await expect(grandma.getByText(NOT_CONNECTED)).toBeVisible();
  await expect(grandma.getByRole('button', { name: 'Connect MQTT' })).toBeDisabled();

  const bedroom = deviceCard(page, 'Bedroom Player');
  await expect(bedroom.getByRole('heading', { name: 'Bedroom Player Remote Control' })).toBeVisible();
  await expect(bedroom.getByText('Control your player remotely via MQTT commands')).toBeVisible();
  await expect(bedroom.getByText(NOT_CONNECTED)).toBeVisible();
  await bedroom.getByRole('button', { name: 'Device Status', exact: true }).click();
  await expect(bedroom.getByText('No status data available for Bedroom Player')).toBeVisible();
  // The seeded alarms of this player.
  await expect(
    bedroom.getByRole('list', { name: 'Alarms on this device' }).getByRole('listitem'),
  ).toHaveCount(2);

  const overview = page.getByRole('button', { name: 'Device Status Overview' });
  await expect(overview).toHaveAttribute('aria-expanded', 'false');
  await bedroom.getByRole('button', { name: 'Connect MQTT' }).click();
  await expect(page.getByLabel('Connection summary').getByText('MQTT Connected')).toBeVisible();
  await expect(overview).toHaveAttribute('aria-expanded', 'true');

  const player = await state();
  const battery = `Battery ${player.battery.level}%${player.battery.charging ? ' ⚡' : ''}`;
  await expect(bedroom.getByLabel(battery)).toBeVisible();
  expect(player.wifiStrength).toBe(-52);
  await expect(bedroom.getByLabel('WiFi Good')).toBeVisible(); // SPEC §9: at or above -60 dBm
  await expect(
    bedroom.getByLabel(`Volume ${player.volume}/16 (${Math.round((player.volume / 16) * 100)}%)`),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Bedroom Player overview' }).getByText('MQTT Connected'),
  ).toBeVisible();

  // Every section: the API ones (network, time) and the MQTT one (display) are all there now.
  for (const title of [
    'Power & Battery',
    'Audio & Playback',
    'Card & Content',
    'Environment & Sensors',
    'Network & Connectivity',
    'System & Storage',
    'Display Settings',
    'Time & Location',
  ]) {
    await expect(bedroom.getByRole('region', { name: title })).toBeVisible();
  }
  await expect(
    bedroom.getByRole('region', { name: 'Network & Connectivity' }).getByText('DemoHome'),
  ).toBeVisible();
  await expect(
    bedroom.getByRole('region', { name: 'Power & Battery' }).getByText('Battery only'),
  ).toBeVisible();
  await expect(bedroom.getByRole('region', { name: 'System & Storage' }).getByText('v2.23.2')).toBeVisible();

  await bedroom.getByRole('button', { name: 'Disconnect MQTT' }).click();
  await expect(page.getByLabel('Connection summary').getByText('MQTT Disconnected')).toBeVisible();
  await expect(bedroom.getByText(NOT_CONNECTED)).toBeVisible();
});

test('the Device Status refresh icon brings what only the provider API knows: docked, the power source changes', async ({
  page,
}) => {
  const card = await connectedBedroom(page);
  const connectedAt = Date.now();
  await card.getByRole('button', { name: 'Device Status', exact: true }).click();
  const powerSource = reportValue(card, 'Power & Battery', 'Power Source');
  await expect(powerSource).toHaveText('Battery only');

  // Low and put on its V2 dock: the player's next status push (every second here; real players
  // every few minutes) carries level and charging, but the power source is a field of the API
  // status only, which the app fetches on connect and refresh. It charges no further here: players
  // report their level rounded up, so 15 would read 16 a second on.
  await knobs.player(BEDROOM).settings({ batteryChargePerHour: 0, statusIntervalMs: 1000 });
  await knobs.player(BEDROOM).power({ batteryLevel: 15, powerSource: 1 });
  await eventually((p) => [p.battery.powerSource, p.battery.charging]).toEqual([1, true]);
  const chip = card.getByLabel('Battery 15% ⚡');
  await expect(chip).toBeVisible();
  await expect(chip).not.toHaveClass(/MuiChip-colorSuccess/); // green only above 20 %
  await expect(reportValue(card, 'Power & Battery', 'Charging')).toHaveText('Yes');
  // The pushed status has landed (the chip above), and the API's row has not moved with it.
  await expect(powerSource).toHaveText('Battery only');

  // SPEC §4's requests after connecting (at 1 s and 2 s) have passed; the next poll is 30 s away.
  await expect.poll(() => Date.now() - connectedAt).toBeGreaterThan(2500);
  const before = (await state()).lastCommand?.at ?? '';
  await card.getByRole('button', { name: 'Refresh status of Bedroom Player' }).click();
  await expect(powerSource).toHaveText('V2 dock');
  // The refresh also asked the player itself (status, then events).
  await eventually((p) => p.lastCommand?.at ?? '').not.toBe(before);
  await expect(card.getByLabel('Battery 15% ⚡')).toBeVisible();
});

test('Player Controls: quick play, pause, resume, stop and a custom card URI', async ({ page }) => {
  const card = await connectedBedroom(page);
  const quick = card.getByRole('group', { name: 'Quick Play Favorites' }).getByRole('button');
  await expect(quick).toHaveCount(4);
  const label = (await quick.first().textContent()) ?? '';
  const prefix = label.endsWith('...') ? label.slice(0, -3) : label;
  const expected = (await sandbox.demoCards()).find((c) => c.title.startsWith(prefix));
  expect(expected, `a demo card titled like "${label}"`).toBeDefined();

  await quick.first().click();
  await eventually((p) => [p.playbackStatus, p.cardId]).toEqual(['playing', expected!.cardId]);
  await card.getByRole('button', { name: 'Pause', exact: true }).click();
  await eventually((p) => p.playbackStatus).toBe('paused');
  await card.getByRole('button', { name: 'Play / Resume' }).click();
  await eventually((p) => p.playbackStatus).toBe('playing');
  await card.getByRole('button', { name: 'Stop', exact: true }).click();
  await eventually((p) => p.playbackStatus).toBe('stopped');

  const other = (await sandbox.demoCards())[5]!;
  const play = card.getByRole('button', { name: 'Play Custom' });
  await expect(play).toBeDisabled();
  await card.getByRole('textbox', { name: 'Card URI' }).fill(`  https://yoto.io/${other.cardId}  `);
  await play.click();
  await eventually((p) => [p.playbackStatus, p.cardId]).toEqual(['playing', other.cardId]);
});

test('the volume gauge sets the player after the debounce, mute sets 0', async ({ page }) => {
  const card = await connectedBedroom(page);
  const gauge = card.getByRole('group', { name: 'Volume gauge' });
  await expect(gauge.getByRole('button')).toHaveCount(14);
  await gauge.getByRole('button', { name: 'Volume 4' }).click();
  await expect(card.getByText(/Volume 4\/14 \(32%\)/)).toBeVisible();
  // 32 % of the player's 16 steps: step 5 (the gauge's level 4 stands for it).
  await eventually((p) => p.volume).toBe(5);
  await card.getByRole('button', { name: 'Mute' }).click();
  await eventually((p) => p.volume).toBe(0);
  // The player's confirmation keeps the gauge where the parent put it.
  await page.waitForTimeout(3500);
  await expect(card.getByText(/Volume 0\/14 \(0%\)/)).toBeVisible();
});

test('Advanced Controls: ambient light, sleep timer and display preview reach the player', async ({
  page,
}) => {
  const card = await connectedBedroom(page);
  await openAdvanced(card);

  const leds = card.getByRole('region', { name: 'Ambient LEDs' });
  await leds.getByRole('button', { name: 'Blue' }).click();
  await eventually((p) => [p.ambient, p.nightlightMode]).toEqual([{ r: 135, g: 206, b: 235 }, '#87ceeb']);
  await leds.getByRole('slider', { name: 'Red' }).focus();
  await page.keyboard.press('Home');
  await leds.getByRole('button', { name: 'Set Colour' }).click();
  await eventually((p) => p.ambient).toEqual({ r: 0, g: 206, b: 235 });
  await leds.getByRole('button', { name: 'Off' }).click();
  await eventually((p) => p.nightlightMode).toBe('off');

  const timer = card.getByRole('region', { name: 'Sleep Timer' });
  await timer.getByRole('button', { name: '1h' }).click();
  await eventually((p) => p.sleepTimerActive).toBe(true);
  expect((await state()).sleepTimerSeconds).toBeGreaterThan(3500);
  await timer.getByRole('slider', { name: 'Sleep timer minutes' }).focus();
  await page.keyboard.press('ArrowRight'); // the preset moved the slider to 60: one step is 65 minutes
  await timer.getByRole('button', { name: 'Set Timer' }).click();
  await eventually((p) => p.sleepTimerSeconds).toBeGreaterThan(60 * 60);
  expect((await state()).sleepTimerSeconds).toBeLessThanOrEqual(65 * 60);
  await timer.getByRole('button', { name: 'Off' }).click();
  await eventually((p) => p.sleepTimerActive).toBe(false);

  const preview = card.getByRole('region', { name: 'Display Preview' });
  const show = preview.getByRole('button', { name: 'Show Preview' });
  await expect(show).toBeDisabled();
  await preview.getByRole('textbox', { name: 'Icon URI' }).fill('yoto:#sun-icon');
  await preview.getByRole('slider', { name: 'Preview timeout seconds' }).focus();
  await page.keyboard.press('ArrowRight'); // 5 → 6 s
  await preview.getByRole('switch', { name: 'Animated' }).check();
  await show.click();
  await eventually((p) => p.lastDisplayPreview && { ...p.lastDisplayPreview, at: null }).toEqual({
    uri: 'yoto:#sun-icon',
    timeout: 6,
    animated: 1,
    at: null,
  });
});

test('Bluetooth: every command reaches the player and its result shows in the banner', async ({ page }) => {
  const card = await connectedBedroom(page);
  await openAdvanced(card);
  const bt = card.getByRole('region', { name: 'Bluetooth Management' });

  await bt.getByRole('button', { name: 'Check State' }).click();
  await expect(banner(card)).toHaveText('Bluetooth state checked successfully');
  await bt.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(banner(card)).toHaveText('Bluetooth connection failed - no bonded devices?');

  // Audio source to the living-room speaker, by name.
  await bt.getByRole('textbox', { name: 'Target name' }).fill('Living Room Speaker');
  await bt.getByRole('button', { name: 'Bluetooth On' }).click();
  await expect(banner(card)).toHaveText('Bluetooth enabled successfully (check mode in device status)');
  await eventually((p) => [p.bluetooth.enabled, p.bluetooth.mode, p.bluetooth.connectedTo]).toEqual([
    true,
    'true',
    'A4:C1:38:5E:21:07',
  ]);
  await bt.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(banner(card)).toHaveText('Bluetooth disconnected successfully');
  await eventually((p) => p.bluetooth.connected).toBe(false);
  await bt.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(banner(card)).toHaveText('Bluetooth connection established');
  await eventually((p) => p.bluetooth.connectedTo).toBe('A4:C1:38:5E:21:07');
  await bt.getByRole('button', { name: 'Delete Bonds' }).click();
  await expect(banner(card)).toHaveText('All Bluetooth bonds deleted');
  await eventually((p) => [p.bluetooth.bonds, p.bluetooth.connected]).toEqual([[], false]);

  // Speaker mode: the app asks first, since the player then ignores it until its left button is held.
  await bt.getByRole('radio', { name: 'Speaker' }).check();
  await bt.getByRole('button', { name: 'Bluetooth On' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on speaker mode?' });
  await expect(dialog).toContainText('hold its left button for about 3 seconds');
  await dialog.getByRole('button', { name: 'Turn on speaker mode' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(banner(card)).toHaveText('Bluetooth enabled successfully (check mode in device status)');
  await eventually((p) => [p.bluetooth.enabled, p.bluetooth.mode, p.commandsLocked]).toEqual([
    true,
    'bt_speaker',
    true,
  ]);

  // Locked: the player hears a command and ignores it.
  const locked = await state();
  await bt.getByRole('button', { name: 'Bluetooth Off' }).click();
  await eventually((p) => p.ignoredCommands).toBeGreaterThan(locked.ignoredCommands);
  const stillLocked = await state();
  expect([stillLocked.bluetooth.enabled, stillLocked.lastCommand]).toEqual([true, locked.lastCommand]);

  // Someone holds its left button: it leaves speaker mode and takes commands again.
  await sandbox.holdLeft(BEDROOM);
  await eventually((p) => p.commandsLocked).toBe(false);
  await bt.getByRole('radio', { name: 'Audio source' }).check();
  await bt.getByRole('button', { name: 'Bluetooth On' }).click();
  await eventually((p) => [p.bluetooth.enabled, p.bluetooth.mode]).toEqual([true, 'true']);
  await bt.getByRole('button', { name: 'Bluetooth Off' }).click();
  await expect(banner(card)).toHaveText('Bluetooth disabled successfully');
  await eventually((p) => p.bluetooth.enabled).toBe(false);

  // A driver that stopped answering; the banner closes by hand and by itself after 5 s.
  await sandbox.bluetooth(BEDROOM, { driverFailure: true });
  await bt.getByRole('button', { name: 'Check State' }).click();
  await expect(banner(card)).toHaveText('Bluetooth driver not responding');
  await banner(card).getByRole('button', { name: 'Close' }).click();
  await expect(banner(card)).toHaveCount(0);
  await bt.getByRole('button', { name: 'Bluetooth Off' }).click();
  await expect(banner(card)).toHaveText('Failed to disable Bluetooth');
  await expect(banner(card)).toHaveCount(0, { timeout: 7_000 });
});

test('Bluetooth On with both a target MAC and a name reaches the player by the MAC', async ({ page }) => {
  const card = await connectedBedroom(page);
  await openAdvanced(card);
  const bt = card.getByRole('region', { name: 'Bluetooth Management' });
  const headphones = await nearbyDevice('Kids Headphones');
  const speaker = await nearbyDevice('Living Room Speaker');

  // Both targets are in range above the default threshold (-80 dBm): only the MAC may decide.
  expect([headphones.rssi, speaker.rssi].every((rssi) => rssi >= -80)).toBe(true);
  await bt.getByRole('textbox', { name: 'Target MAC address' }).fill(`  ${headphones.mac} `);
  await bt.getByRole('textbox', { name: 'Target name' }).fill('Living Room Speaker');
  await bt.getByRole('button', { name: 'Bluetooth On' }).click();
  await expect(banner(card)).toHaveText('Bluetooth enabled successfully (check mode in device status)');
  await eventually((p) => [p.bluetooth.enabled, p.bluetooth.connected, p.bluetooth.connectedTo]).toEqual([
    true,
    true,
    headphones.mac,
  ]);
  expect((await state()).bluetooth.bonds).toEqual([{ mac: headphones.mac, name: 'Kids Headphones' }]);
});

test('System Controls: status, events and a reboot that goes offline and comes back', async ({ page }) => {
  await sandbox.playerSettings(BEDROOM, { rebootDelayMs: 1500 });
  const card = await connectedBedroom(page);
  // Let SPEC §4's requests after connecting (at 1 s and 2 s) pass; the next poll is 30 s away.
  await page.waitForTimeout(2500);
  const system = card.getByRole('region', { name: 'System Controls' });
  await system.getByRole('button', { name: 'Status', exact: true }).click();
  await eventually((p) => p.lastCommand?.name).toBe('status/request');
  await system.getByRole('button', { name: 'Events', exact: true }).click();
  await eventually((p) => p.lastCommand?.name).toBe('events/request');
  await system.getByRole('button', { name: 'Reboot' }).click();
  await eventually((p) => p.rebootCount).toBe(1);
  await eventually((p) => [p.rebooting, p.online]).toEqual([false, true]);
  // Back up, it answers again.
  const before = (await state()).lastCommand?.at ?? '';
  await card.getByRole('button', { name: 'Refresh Status', exact: true }).click();
  await eventually((p) => p.lastCommand?.at ?? '').not.toBe(before);
  expect((await state()).lastCommand).toMatchObject({ name: 'events/request', result: 'OK' });
});
