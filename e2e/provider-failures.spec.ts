import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { sandbox } from './support/stack';

// A provider that is down, answers garbage, or whose broker refuses the login: the parent reads the
// spec's message, the app keeps working, and the browser logs a line for the engineer.

test.beforeEach(async () => {
  await sandbox.reset();
});

test('a provider that is down keeps the session, and the page recovers when it is back', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  await sandbox.faults({ restDown: true });
  await page.reload();
  // Who is signed in comes from the server's session, so the page stays signed in; what needs the
  // provider's API says it failed.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back', exact: true })).toBeVisible();
  await expect(page.getByText('Failed to load playlists.').first()).toBeVisible();
  await expect(page.getByText('Session expired. Please login again.')).toHaveCount(0);

  await sandbox.faults({ restDown: false });
  await page.reload();
  await expect(app.playlistCards().first()).toBeVisible();
});

test('a malformed playlist answer says "Failed to load playlists." and the rest works', async ({ page }) => {
  await sandbox.faults({ malformed: true, faultPaths: ['/content/mine'] });
  const app = new AppPage(page);
  await app.signIn();
  await app.expectSnackbar('Failed to load playlists.');
  // The tab says so too, with Retry.
  const failed = page.getByRole('alert').filter({ hasText: 'Failed to load playlists.' });
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText('3 Devices')).toBeVisible();
});

test('a broker that refuses the login says why', async ({ page }) => {
  await sandbox.setOnline('demo-player-2', false);
  await sandbox.faults({ mqttRefuseLogin: true });
  const app = new AppPage(page);
  await app.signIn();
  await app.playlistCards().first().getByRole('button', { name: 'Play this playlist' }).click();
  // "Failed to connect to device: {reason}" with the broker's own reason (the sandbox refuses with CONNACK
  // "Not authorized").
  await app.expectSnackbar(
    'Failed to connect to device: MQTT login refused or failed (Connection refused: Not authorized)',
  );
  await expect(page.getByText('MQTT Disconnected')).toBeVisible();
  expect((await sandbox.playerState('demo-player-1')).playbackStatus).not.toBe('playing');
});
