import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { watchCommand } from './support/broker-watch';
import { cloud } from './support/cloud';
import { sandbox } from './support/stack';

// Faults of the provider's parts while a parent uses the app: the broker restarts under
// a connected player, the REST API fails with 500s or hangs. The parent reads the app's messages, the
// app stays usable, no command reaches the player twice, and nothing stored is lost.

const BEDROOM = 'demo-player-1';

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

/** What the provider and our backend keep for the parent: compared before and after a fault. */
async function storedState() {
  return {
    deviceAlarms: await sandbox.deviceAlarms(BEDROOM),
    cloudAlarms: (await cloud.alarms()).map(({ alarm_name, days, hour, minute, playlist_id }) => ({
      alarm_name,
      days,
      hour,
      minute,
      playlist_id,
    })),
  };
}

test('the broker restarts under a connected player: MQTT Disconnected, a reconnect works, no command twice', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.signIn();
  const card = await app.connectPlayer();
  const quick = card.getByRole('group', { name: 'Quick Play Favorites' }).getByRole('button').first();
  await quick.click();
  await expect.poll(async () => (await sandbox.playerState(BEDROOM)).playbackStatus).toBe('playing');

  await sandbox.faults({ brokerDown: true });
  await expect(card.getByText('MQTT Disconnected')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect MQTT' })).toBeVisible();
  // Down, a connect fails and says so; the card stays usable.
  await card.getByRole('button', { name: 'Connect MQTT' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to connect to device' })).toBeVisible();

  await sandbox.faults({ brokerDown: false });
  // Watched from before the app reconnects: a command left over from the old session would show.
  const starts = await watchCommand(BEDROOM, 'card/start');
  try {
    await card.getByRole('button', { name: 'Connect MQTT' }).click();
    await expect(card.getByRole('button', { name: 'Disconnect MQTT' })).toBeVisible();
    await page.waitForTimeout(1500);
    expect(starts.received, 'nothing replayed after the reconnect').toHaveLength(0);

    await card.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(async () => (await sandbox.playerState(BEDROOM)).playbackStatus).toBe('stopped');
    await quick.click();
    await starts.next();
    await expect.poll(async () => (await sandbox.playerState(BEDROOM)).playbackStatus).toBe('playing');
    await page.waitForTimeout(1500);
    expect(starts.received, 'one click, one card/start').toHaveLength(1);
  } finally {
    await starts.close();
  }
});

test('the provider answers 500s: messages a parent can read, the app stays usable, nothing stored is lost', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.signIn();
  const title = (await app.playlistCards().first().getByTestId('playlist-title').textContent()) ?? '';
  await cloud.create({
    yoto_device_id: BEDROOM,
    alarm_type: 'wakeup',
    alarm_name: 'School days',
    playlist_id: await sandbox.cardIdOf(title),
    hour: 7,
    minute: 0,
    days: '1111100',
  });
  const before = await storedState();

  await sandbox.faults({ restError: true, faultPaths: ['/device-v2/devices/mine'] });
  await page.reload();
  await app.expectSnackbar('Failed to load devices.');
  // Still signed in and usable: the playlists show, the alarms tab shows our backend's alarms.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back', exact: true })).toBeVisible();
  await expect(app.playlistCard(title)).toBeVisible();
  await app.tab('Alarm Management').click();
  await expect(page.getByText('School days')).toBeVisible();

  await sandbox.faults({ restError: false });
  await page.reload();
  await expect(app.playlistCards().first()).toBeVisible();
  await expect(page.getByText('3 Devices')).toBeVisible();
  expect(await storedState()).toEqual(before);
});

test('a provider that hangs: the client gives up, the parent reads "Failed to load playlists." and the rest works', async ({
  page,
}) => {
  test.slow();
  const app = new AppPage(page);
  await app.signIn();
  const before = await storedState();
  // Longer than the REST client's time-out (15 s, then one retry): the page gives up and says so.
  await sandbox.faults({ restDelayMs: 16_000, faultPaths: ['/content/mine'] });
  await page.reload();
  await expect(app.snackbar().filter({ hasText: 'Failed to load playlists.' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByText('3 Devices')).toBeVisible();
  await sandbox.faults({ restDelayMs: 0 });
  await page.reload();
  await expect(app.playlistCards().first()).toBeVisible();
  expect(await storedState()).toEqual(before);
});
