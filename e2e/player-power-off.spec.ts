import { expect, test, type Locator } from './support/test';
import { z } from 'zod';
import { AppPage } from './support/app-page';
import { sandbox, sandboxUrl } from './support/stack';

// A player that switches itself off while the page watches it: idle on battery for the config's
// shutdownTimeout (30 s here, the shortest a player honours), it says so on MQTT and drops off the
// broker, and the device card goes Offline from those messages alone, with no REST read of the
// device list. A button on the player brings it back, and the card says Online again.

const BEDROOM = 'demo-player-1';

test.beforeEach(async () => {
  await sandbox.reset();
});

/** POST to one of the Bedroom Player's knobs (the shared support file does not wrap these). */
async function playerKnob(path: 'power', body: Record<string, number>): Promise<void> {
  const response = await fetch(`${sandboxUrl}/_sandbox/devices/${BEDROOM}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

/** The player's whole config with `shutdownTimeout` changed, written back as the provider wants it. */
async function setShutdownTimeout(seconds: number): Promise<void> {
  const config = await sandbox.deviceConfig(BEDROOM);
  const tokens = await fetch(`${sandboxUrl}/_sandbox/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo' }),
  });
  const { access_token } = z.object({ access_token: z.string() }).parse(await tokens.json());
  const response = await fetch(`${sandboxUrl}/device-v2/${BEDROOM}/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ config: { ...config, shutdownTimeout: String(seconds) } }),
  });
  expect(response.ok).toBe(true);
}

const poweredOff = async (): Promise<unknown> =>
  z
    .looseObject({ poweredOff: z.boolean() })
    .parse(await (await fetch(`${sandboxUrl}/_sandbox/devices/${BEDROOM}/state`)).json()).poweredOff;

const onlineChip = (card: Locator, text: 'Online' | 'Offline') =>
  card.locator('.MuiCardHeader-action').getByText(text, { exact: true });

test('a watched player switches itself off: the card says Offline within seconds, no REST poll; a button brings it back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.signIn();
  const card = await app.connectPlayer();
  await expect(onlineChip(card, 'Online')).toBeVisible();

  const deviceListReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/device-v2/devices/mine')) deviceListReads.push(request.url());
  });
  await setShutdownTimeout(30);
  // Taken off its dock now: the idle time counts from here, on battery.
  await playerKnob('power', { powerSource: 0 });
  const offAt = Date.now() + 30_000;

  await expect(onlineChip(card, 'Offline')).toBeVisible({ timeout: 45_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(offAt - 1_000);
  expect(await poweredOff()).toBe(true);
  expect(deviceListReads).toEqual([]);
  // The page stays connected to the broker: it is the player that is gone.
  await expect(card.getByRole('button', { name: 'Disconnect MQTT' })).toBeVisible();

  await sandbox.press(BEDROOM, 'resume');
  await expect(onlineChip(card, 'Online')).toBeVisible({ timeout: 15_000 });
  expect(await poweredOff()).toBe(false);
  expect(deviceListReads).toEqual([]);
});

test('no player connected: a player that switches itself off goes Offline on its card within seconds, and Online once docked', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The page's one presence watch: MQTT over WebSocket, opened once the logged-in view is idle.
  let watchFrames = 0;
  page.on('websocket', (socket) => {
    if (socket.url().includes('/mqtt')) socket.on('framereceived', () => void (watchFrames += 1));
  });
  const app = new AppPage(page);
  await app.signIn();
  await app.tab('Device Management (3)').click();
  const card = app.playerCard('Bedroom Player');
  await expect(onlineChip(card, 'Online')).toBeVisible();
  // Logged in and subscribed: CONNACK, then a SUBACK for each player's presence and legacy status.
  await expect
    .poll(() => watchFrames, { timeout: 15_000, message: 'the page opened its presence watch' })
    .toBeGreaterThanOrEqual(1 + 2 * 3);
  // Nobody connected a player, and the watch only listens: no player was asked for anything.
  await expect(card.getByRole('button', { name: 'Connect MQTT' })).toBeVisible();
  for (const deviceId of await sandbox.demoDeviceIds()) {
    expect(await sandbox.playerState(deviceId)).toMatchObject({ commandsHeard: 0, eventsRequestedAt: null });
  }

  const deviceListReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/device-v2/devices/mine')) deviceListReads.push(request.url());
  });
  // Its battery runs flat on the shelf: it switches itself off at once.
  await playerKnob('power', { powerSource: 0, batteryLevel: 0 });
  await expect(onlineChip(card, 'Offline')).toBeVisible({ timeout: 5_000 });
  expect(await poweredOff()).toBe(true);

  // Put on its dock, it boots (3 s) and says it is online.
  await playerKnob('power', { powerSource: 2 });
  await expect(onlineChip(card, 'Online')).toBeVisible({ timeout: 10_000 });
  expect(await poweredOff()).toBe(false);
  expect(deviceListReads).toEqual([]);
  await expect(card.getByRole('button', { name: 'Connect MQTT' })).toBeVisible();
  expect(await sandbox.playerState(BEDROOM)).toMatchObject({ commandsHeard: 0, eventsRequestedAt: null });
});
