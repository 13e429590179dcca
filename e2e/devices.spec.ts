import { expect, test, type Page } from './support/test';
import { AppPage } from './support/app-page';
import { DevicesTab, PlayerCard } from './support/pages/devices-tab';
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

async function openDevicesTab(page: Page): Promise<DevicesTab> {
  await new AppPage(page).signIn();
  const tab = new DevicesTab(page);
  await tab.open();
  return tab;
}

/** Signs in, opens the tab and connects the Bedroom Player over MQTT; returns its card. */
async function connectedBedroom(page: Page): Promise<PlayerCard> {
  const app = new AppPage(page);
  await app.signIn();
  return new PlayerCard(await app.connectPlayer());
}

/** A Bluetooth device the player can see, by name (the sandbox's default surroundings). */
async function nearbyDevice(name: string): Promise<{ mac: string; rssi: number }> {
  const found = (await state()).bluetooth.nearby.find((d) => d.name === name);
  if (!found) throw new Error(`no Bluetooth device "${name}" near ${BEDROOM}`);
  return found;
}

test('the tab lists every player; connecting fills the status from the API and the player, disconnecting ends it', async ({
  page,
}) => {
  const tab = await openDevicesTab(page);
  await expect(tab.cards()).toHaveCount(3);
  const grandma = tab.player("Grandma's Player");
  await expect(grandma.text(NOT_CONNECTED)).toBeVisible();
  await expect(grandma.connectButton()).toBeDisabled();

  const bedroom = tab.player('Bedroom Player');
  await expect(bedroom.heading('Bedroom Player Remote Control')).toBeVisible();
  await expect(bedroom.text('Control your player remotely via MQTT commands')).toBeVisible();
  await expect(bedroom.text(NOT_CONNECTED)).toBeVisible();
  await bedroom.button('Device Status', true).click();
  await expect(bedroom.text('No status data available for Bedroom Player')).toBeVisible();
  // The seeded alarms of this player.
  await expect(bedroom.deviceAlarms()).toHaveCount(2);

  const overview = tab.overviewToggle();
  await expect(overview).toHaveAttribute('aria-expanded', 'false');
  await bedroom.connectButton().click();
  await expect(tab.connectionState('MQTT Connected')).toBeVisible();
  await expect(overview).toHaveAttribute('aria-expanded', 'true');

  const player = await state();
  const battery = `Battery ${player.battery.level}%${player.battery.charging ? ' ⚡' : ''}`;
  await expect(bedroom.chip(battery)).toBeVisible();
  expect(player.wifiStrength).toBe(-52);
  await expect(bedroom.chip('WiFi Good')).toBeVisible(); // Good: at or above -60 dBm
  await expect(
    bedroom.chip(`Volume ${player.volume}/16 (${Math.round((player.volume / 16) * 100)}%)`),
  ).toBeVisible();
  await expect(tab.overviewText('Bedroom Player', 'MQTT Connected')).toBeVisible();

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
    await expect(bedroom.region(title)).toBeVisible();
  }
  await expect(bedroom.regionText('Network & Connectivity', 'DemoHome')).toBeVisible();
  await expect(bedroom.regionText('Power & Battery', 'Battery only')).toBeVisible();
  await expect(bedroom.regionText('System & Storage', 'v2.23.2')).toBeVisible();

  await bedroom.disconnectButton().click();
  await expect(tab.connectionState('MQTT Disconnected')).toBeVisible();
  await expect(bedroom.text(NOT_CONNECTED)).toBeVisible();
});

test('the Device Status refresh icon brings what only the provider API knows: docked, the power source changes', async ({
  page,
}) => {
  const card = await connectedBedroom(page);
  const connectedAt = Date.now();
  await card.button('Device Status', true).click();
  const powerSource = card.reportValue('Power & Battery', 'Power Source');
  await expect(powerSource).toHaveText('Battery only');

  // Low and put on its V2 dock: the player's next status push (every second here; real players
  // every few minutes) carries level and charging, but the power source is a field of the API
  // status only, which the app fetches on connect and refresh. It charges no further here: players
  // report their level rounded up, so 15 would read 16 a second on.
  await knobs.player(BEDROOM).settings({ batteryChargePerHour: 0, statusIntervalMs: 1000 });
  await knobs.player(BEDROOM).power({ batteryLevel: 15, powerSource: 1 });
  await eventually((p) => [p.battery.powerSource, p.battery.charging]).toEqual([1, true]);
  const chip = card.chip('Battery 15% ⚡');
  await expect(chip).toBeVisible();
  await expect(chip).not.toHaveClass(/MuiChip-colorSuccess/); // green only above 20 %
  await expect(card.reportValue('Power & Battery', 'Charging')).toHaveText('Yes');
  // The pushed status has landed (the chip above), and the API's row has not moved with it.
  await expect(powerSource).toHaveText('Battery only');

  // The requests after connecting (at 1 s and 2 s) have passed; the next poll is 30 s away.
  await expect.poll(() => Date.now() - connectedAt).toBeGreaterThan(2500);
  const before = (await state()).lastCommand?.at ?? '';
  await card.button('Refresh status of Bedroom Player').click();
  await expect(powerSource).toHaveText('V2 dock');
  // The refresh also asked the player itself (status, then events).
  await eventually((p) => p.lastCommand?.at ?? '').not.toBe(before);
  await expect(card.chip('Battery 15% ⚡')).toBeVisible();
});

test('Player Controls: quick play, pause, resume, stop and a custom card URI', async ({ page }) => {
  const card = await connectedBedroom(page);
  const quick = card.quickPlay();
  await expect(quick).toHaveCount(4);
  const label = (await quick.first().textContent()) ?? '';
  const prefix = label.endsWith('...') ? label.slice(0, -3) : label;
  const expected = (await sandbox.demoCards()).find((c) => c.title.startsWith(prefix));
  expect(expected, `a demo card titled like "${label}"`).toBeDefined();

  await quick.first().click();
  await eventually((p) => [p.playbackStatus, p.cardId]).toEqual(['playing', expected!.cardId]);
  await card.button('Pause', true).click();
  await eventually((p) => p.playbackStatus).toBe('paused');
  await card.button('Play / Resume').click();
  await eventually((p) => p.playbackStatus).toBe('playing');
  await card.button('Stop', true).click();
  await eventually((p) => p.playbackStatus).toBe('stopped');

  const other = (await sandbox.demoCards())[5]!;
  const play = card.button('Play Custom');
  await expect(play).toBeDisabled();
  await card.cardUri().fill(`  https://yoto.io/${other.cardId}  `);
  await play.click();
  await eventually((p) => [p.playbackStatus, p.cardId]).toEqual(['playing', other.cardId]);
});

test('the volume gauge sets the player after the debounce, mute sets 0', async ({ page }) => {
  const card = await connectedBedroom(page);
  await expect(card.volumeLevels()).toHaveCount(14);
  await card.volumeLevel(4).click();
  await expect(card.text(/Volume 4\/14 \(32%\)/)).toBeVisible();
  // 32 % of the player's 16 steps: step 5 (the gauge's level 4 stands for it).
  await eventually((p) => p.volume).toBe(5);
  await card.button('Mute').click();
  await eventually((p) => p.volume).toBe(0);
  // The player's confirmation keeps the gauge where the parent put it.
  await page.waitForTimeout(3500);
  await expect(card.text(/Volume 0\/14 \(0%\)/)).toBeVisible();
});

test('Advanced Controls: ambient light, sleep timer and display preview reach the player', async ({
  page,
}) => {
  const card = await connectedBedroom(page);
  await card.openAdvanced();

  const leds = card.leds();
  await leds.preset('Blue').click();
  await eventually((p) => [p.ambient, p.nightlightMode]).toEqual([{ r: 135, g: 206, b: 235 }, '#87ceeb']);
  await leds.channel('Red').focus();
  await page.keyboard.press('Home');
  await leds.setColour().click();
  await eventually((p) => p.ambient).toEqual({ r: 0, g: 206, b: 235 });
  await leds.off().click();
  await eventually((p) => p.nightlightMode).toBe('off');

  const timer = card.sleepTimer();
  await timer.preset('1h').click();
  await eventually((p) => p.sleepTimerActive).toBe(true);
  expect((await state()).sleepTimerSeconds).toBeGreaterThan(3500);
  await timer.minutes().focus();
  await page.keyboard.press('ArrowRight'); // the preset moved the slider to 60: one step is 65 minutes
  await timer.setTimer().click();
  await eventually((p) => p.sleepTimerSeconds).toBeGreaterThan(60 * 60);
  expect((await state()).sleepTimerSeconds).toBeLessThanOrEqual(65 * 60);
  await timer.off().click();
  await eventually((p) => p.sleepTimerActive).toBe(false);

  const preview = card.displayPreview();
  const show = preview.show();
  await expect(show).toBeDisabled();
  await preview.iconUri().fill('yoto:#sun-icon');
  await preview.timeout().focus();
  await page.keyboard.press('ArrowRight'); // 5 → 6 s
  await preview.animated().check();
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
  await card.openAdvanced();
  const bt = card.bluetooth();

  await bt.button('Check State').click();
  await expect(card.banner()).toHaveText('Bluetooth state checked successfully');
  await bt.button('Connect').click();
  await expect(card.banner()).toHaveText('Bluetooth connection failed - no bonded devices?');

  // Audio source to the living-room speaker, by name.
  await bt.targetName().fill('Living Room Speaker');
  await bt.button('Bluetooth On').click();
  await expect(card.banner()).toHaveText('Bluetooth enabled successfully (check mode in device status)');
  await eventually((p) => [p.bluetooth.enabled, p.bluetooth.mode, p.bluetooth.connectedTo]).toEqual([
    true,
    'true',
    'A4:C1:38:5E:21:07',
  ]);
  await bt.button('Disconnect').click();
  await expect(card.banner()).toHaveText('Bluetooth disconnected successfully');
  await eventually((p) => p.bluetooth.connected).toBe(false);
  await bt.button('Connect').click();
  await expect(card.banner()).toHaveText('Bluetooth connection established');
  await eventually((p) => p.bluetooth.connectedTo).toBe('A4:C1:38:5E:21:07');
  await bt.button('Delete Bonds').click();
  await expect(card.banner()).toHaveText('All Bluetooth bonds deleted');
  await eventually((p) => [p.bluetooth.bonds, p.bluetooth.connected]).toEqual([[], false]);

  // Speaker mode: the app asks first, since the player then ignores it until its left button is held.
  await bt.mode('Speaker').check();
  await bt.button('Bluetooth On').click();
  const tab = new DevicesTab(page);
  const dialog = tab.dialog('Turn on speaker mode?');
  await expect(dialog).toContainText('hold its left button for about 3 seconds');
  await tab.dialogButton('Turn on speaker mode?', 'Turn on speaker mode').click();
  await expect(dialog).toHaveCount(0);
  await expect(card.banner()).toHaveText('Bluetooth enabled successfully (check mode in device status)');
  await eventually((p) => [p.bluetooth.enabled, p.bluetooth.mode, p.commandsLocked]).toEqual([
    true,
    'bt_speaker',
    true,
  ]);

  // Locked: the player hears a command and ignores it.
  const locked = await state();
  await bt.button('Bluetooth Off').click();
  await eventually((p) => p.ignoredCommands).toBeGreaterThan(locked.ignoredCommands);
  const stillLocked = await state();
  expect([stillLocked.bluetooth.enabled, stillLocked.lastCommand]).toEqual([true, locked.lastCommand]);

  // Someone holds its left button: it leaves speaker mode and takes commands again.
  await sandbox.holdLeft(BEDROOM);
  await eventually((p) => p.commandsLocked).toBe(false);
  await bt.mode('Audio source').check();
  await bt.button('Bluetooth On').click();
  await eventually((p) => [p.bluetooth.enabled, p.bluetooth.mode]).toEqual([true, 'true']);
  await bt.button('Bluetooth Off').click();
  await expect(card.banner()).toHaveText('Bluetooth disabled successfully');
  await eventually((p) => p.bluetooth.enabled).toBe(false);

  // A driver that stopped answering; the banner closes by hand and by itself after 5 s.
  await sandbox.bluetooth(BEDROOM, { driverFailure: true });
  await bt.button('Check State').click();
  await expect(card.banner()).toHaveText('Bluetooth driver not responding');
  await card.closeBanner();
  await expect(card.banner()).toHaveCount(0);
  await bt.button('Bluetooth Off').click();
  await expect(card.banner()).toHaveText('Failed to disable Bluetooth');
  await expect(card.banner()).toHaveCount(0, { timeout: 7_000 });
});

test('Bluetooth On with both a target MAC and a name reaches the player by the MAC', async ({ page }) => {
  const card = await connectedBedroom(page);
  await card.openAdvanced();
  const bt = card.bluetooth();
  const headphones = await nearbyDevice('Kids Headphones');
  const speaker = await nearbyDevice('Living Room Speaker');

  // Both targets are in range above the default threshold (-80 dBm): only the MAC may decide.
  expect([headphones.rssi, speaker.rssi].every((rssi) => rssi >= -80)).toBe(true);
  await bt.targetMac().fill(`  ${headphones.mac} `);
  await bt.targetName().fill('Living Room Speaker');
  await bt.button('Bluetooth On').click();
  await expect(card.banner()).toHaveText('Bluetooth enabled successfully (check mode in device status)');
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
  // Let the requests after connecting (at 1 s and 2 s) pass; the next poll is 30 s away.
  await page.waitForTimeout(2500);
  await card.systemControl('Status').click();
  await eventually((p) => p.lastCommand?.name).toBe('status/request');
  await card.systemControl('Events').click();
  await eventually((p) => p.lastCommand?.name).toBe('events/request');
  await card.systemControl('Reboot').click();
  await eventually((p) => p.rebootCount).toBe(1);
  await eventually((p) => [p.rebooting, p.online]).toEqual([false, true]);
  // Back up, it answers again.
  const before = (await state()).lastCommand?.at ?? '';
  await card.button('Refresh Status', true).click();
  await eventually((p) => p.lastCommand?.at ?? '').not.toBe(before);
  expect((await state()).lastCommand).toMatchObject({ name: 'events/request', result: 'OK' });
});
