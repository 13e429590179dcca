import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { sandbox } from './support/stack';

// A provider that is down, answers garbage, or whose broker refuses the login: the parent reads the
// spec's message, the app keeps working, and the browser logs a line for the engineer.

test.beforeEach(async () => {
  await sandbox.reset();
});

const consoleErrors = (app: AppPage) => {
  const lines: string[] = [];
  app.page.on('console', (message) => {
    if (message.type() === 'error') lines.push(message.text());
  });
  return lines;
};

test('a provider that is down keeps the session and recovers on retry', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  const errors = consoleErrors(app);
  await sandbox.faults({ restDown: true });
  await page.reload();
  await expect(page.getByText('Failed to initialize app. Please try again.')).toBeVisible();
  expect(errors.some((line) => line.includes('[auth]'))).toBe(true);

  await sandbox.faults({ restDown: false });
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back', exact: true })).toBeVisible();
});

test('a malformed playlist answer says "Failed to load playlists." and the rest works', async ({ page }) => {
  await sandbox.faults({ malformed: true, faultPaths: ['/content/mine'] });
  const app = new AppPage(page);
  await app.signIn();
  await app.expectSnackbar('Failed to load playlists.');
  await expect(page.getByText('3 Devices')).toBeVisible();
});

test('a broker that refuses the login says why', async ({ page }) => {
  await sandbox.setOnline('demo-player-2', false);
  await sandbox.faults({ mqttRefuseLogin: true });
  const app = new AppPage(page);
  await app.signIn();
  await app.playlistCards().first().getByRole('button', { name: 'Play this playlist' }).click();
  // SPEC §8 with the broker's own reason (the sandbox refuses with CONNACK "Not authorized").
  await app.expectSnackbar(
    'Failed to connect to device: MQTT login refused or failed (Connection refused: Not authorized)',
  );
  await expect(page.getByText('MQTT Disconnected')).toBeVisible();
  expect((await sandbox.playerState('demo-player-1')).playbackStatus).not.toBe('playing');
});
