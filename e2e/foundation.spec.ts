import { expect, test, type Page } from './support/test';
import { AppPage } from './support/app-page';
import { sandbox } from './support/stack';

const TOKEN_KEY = 'playlist-alarms.tokens';
const storedTokens = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

// The foundation journey: sign in, see the household, play a playlist on a simulated player,
// and lose the session cleanly. Each step asserts what the player itself did.

test.beforeEach(async () => {
  await sandbox.reset();
});

test('loading view, then the logged-out view', async ({ page }) => {
  // Hold the runtime configuration back a moment so the loading view can be seen.
  await page.route('**/api/config', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText('Yoto Playlist Alarms')).toBeVisible();
  await expect(page.getByText('Loading your personalized alarm experience...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Yoto Account' })).toBeVisible();
});

test('sign in with PKCE and see the logged-in view', async ({ page }) => {
  const app = new AppPage(page);
  let authorizeUrl: URL | null = null;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/authorize' && request.method() === 'GET') authorizeUrl = url;
  });
  await app.signIn();

  expect(authorizeUrl).not.toBeNull();
  const params = authorizeUrl!.searchParams;
  expect(params.get('response_type')).toBe('code');
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(params.get('state')).toBeTruthy();

  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('3 Devices')).toBeVisible();
  await expect(page.getByText('42 Playlists')).toBeVisible();
  await expect(page.getByText('MQTT Disconnected')).toBeVisible();
  await expect(app.tab('Your Playlists (42)')).toBeVisible();
  await expect(app.tab('Alarm Management')).toBeVisible();
  await expect(app.tab('Device Management (3)')).toBeVisible();
  await expect(app.tab('Help & Tutorial')).toBeVisible();
  await expect(app.playlistCards()).toHaveCount(12);

  await page.setViewportSize({ width: 375, height: 740 });
  for (const label of ['Playlists', 'Alarms', 'Devices', 'Help']) {
    await expect(app.tab(label)).toHaveText(label);
  }
});

test('Play with several online players asks which one, and the player plays', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  const card = app.playlistCards().first();
  const title = (await card.getByTestId('playlist-title').textContent()) ?? '';
  await card.getByRole('button', { name: 'Play this playlist' }).click();

  const dialog = page.getByRole('dialog', { name: 'Select Device for Playback' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Grandma's Player")).toHaveCount(0); // offline players are not offered
  await dialog.getByText('Bedroom Player').click();

  await app.expectSnackbar(`Playing: ${title}`);
  await expect(page.getByText('MQTT Connected')).toBeVisible();
  const player = await sandbox.playerState('demo-player-1');
  expect(player.playbackStatus).toBe('playing');
  expect(player.cardId).toBe(await sandbox.cardIdOf(title));
  expect((await sandbox.playerState('demo-player-2')).playbackStatus).toBe('stopped');
});

test('Play with exactly one online player connects to it by itself', async ({ page }) => {
  await sandbox.setOnline('demo-player-2', false);
  const app = new AppPage(page);
  await app.signIn();
  const card = app.playlistCards().nth(1);
  const title = (await card.getByTestId('playlist-title').textContent()) ?? '';
  await card.getByRole('button', { name: 'Play this playlist' }).click();

  await app.expectSnackbar(`Playing: ${title}`);
  await expect(page.getByRole('dialog', { name: 'Select Device for Playback' })).toHaveCount(0);
  const player = await sandbox.playerState('demo-player-1');
  expect(player.playbackStatus).toBe('playing');
  expect(player.cardId).toBe(await sandbox.cardIdOf(title));
});

test('Play with no online player says so and sends nothing', async ({ page }) => {
  await sandbox.setOnline('demo-player-1', false);
  await sandbox.setOnline('demo-player-2', false);
  const app = new AppPage(page);
  await app.signIn();
  await app.playlistCards().first().getByRole('button', { name: 'Play this playlist' }).click();
  await app.expectSnackbar('No online devices available. Please ensure your devices are connected.');
  expect((await sandbox.playerState('demo-player-1')).playbackStatus).not.toBe('playing');
});

test('a stored token the provider rejects ends the session', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  expect(await storedTokens(page)).not.toBeNull();
  // Replace the stored access token with one the provider rejects, as after a revocation.
  await page.evaluate((key) => {
    const tokens = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(
      key,
      JSON.stringify({ ...tokens, accessToken: 'revoked.token.value', refreshToken: null }),
    );
  }, TOKEN_KEY);
  await page.reload();
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
  await expect(app.connectButton()).toBeVisible();
  expect(await storedTokens(page)).toBeNull();
});

test('Logout clears the token and the lists', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(app.connectButton()).toBeVisible();
  expect(await storedTokens(page)).toBeNull();
  await page.reload();
  await expect(app.connectButton()).toBeVisible();
  await expect(page.getByText('42 Playlists')).toHaveCount(0);
});
