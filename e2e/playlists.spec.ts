import { expect, test, type Locator, type Page } from './support/test';
import { AppPage } from './support/app-page';
import { watchCommand } from './support/broker-watch';
import { sandbox } from './support/stack';

// The playlist browser, the family library behind the same-origin proxy, playback from the app and
// from the player itself, and the now-playing modal, against the seeded demo household:
// 42 own playlists (the first seven fixed), a family library of 5 readable cards, 3 the user may
// not read and one empty group, and two online players of three.

test.beforeEach(async () => {
  await sandbox.reset();
});

const titles = (app: AppPage) => app.page.getByTestId('playlist-title').allTextContents();
const nav = (page: Page, where: 'top' | 'bottom') =>
  page.getByRole('navigation', { name: `Playlist pages (${where})` });
const groupRow = (page: Page) => page.getByRole('tablist', { name: 'Playlist groups' });
const nowPlaying = (page: Page, device: string) =>
  page.getByRole('dialog', { name: `Now Playing on ${device}` });

async function openFamily(app: AppPage): Promise<void> {
  await app.tab('Family Playlists (8)').click();
  await expect(app.playlistCards()).toHaveCount(8);
}

/** Plays a playlist on the only online player (the second is taken offline first). */
async function playOnBedroomPlayer(app: AppPage, title: string): Promise<Locator> {
  const card = app.playlistCard(title);
  await card.getByRole('button', { name: 'Play this playlist' }).click();
  await expect(nowPlaying(app.page, 'Bedroom Player')).toBeVisible();
  await app.expectSnackbar(`Playing: ${title}`);
  return card;
}

test('search, paging at top and bottom, and the empty state', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  await expect(app.tab('My Playlists (42)')).toBeVisible();
  await expect(app.playlistCards()).toHaveCount(12);
  await expect(nav(page, 'top')).toBeVisible();
  await expect(nav(page, 'bottom')).toBeVisible();

  await nav(page, 'bottom').getByRole('button', { name: 'Go to page 4' }).click();
  await expect(app.playlistCards()).toHaveCount(6); // 42 = 3 × 12 + 6

  const search = page.getByPlaceholder('Search playlists...');
  await search.fill('Bedtime Stories');
  await expect(app.playlistCard('Bedtime Stories')).toBeVisible(); // back on page 1
  await expect(nav(page, 'top')).toHaveCount(0);

  await search.fill('no such playlist anywhere');
  await expect(page.getByText('No playlists found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
  await expect(app.playlistCards()).toHaveCount(0);
});

test('grid and list views, badges and the cover placeholder', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  const quiet = app.playlistCard('Quiet Time');
  await expect(quiet.getByText(/^\d+m$/)).toBeVisible();
  await expect(quiet.getByText('none', { exact: true })).toHaveCount(0); // category 'none' has no badge
  await expect(app.playlistCard('Good Morning Songs').getByText('music', { exact: true })).toBeVisible();
  await expect(app.playlistCard('Homemade Recordings').getByTestId('cover-placeholder')).toBeVisible();
  await expect(app.playlistCard('Good Morning Songs').locator('img')).toHaveAttribute('src', /covers/);
  await expect(page.getByTestId('playlist-description')).toHaveCount(0);

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('list', { name: 'Playlists' })).toHaveAttribute('data-view', 'list');
  await expect(app.playlistCard('Good Morning Songs').getByTestId('playlist-description')).toBeVisible();

  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.getByTestId('playlist-description')).toHaveCount(0);
});

test('the family library: groups, Family badges, restricted cards and the group notes', async ({ page }) => {
  const proxied: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/yoto/')) proxied.push(url.pathname + url.search);
  });
  const app = new AppPage(page);
  await app.signIn();
  await openFamily(app);

  await expect(groupRow(page).getByRole('tab')).toHaveText([
    'All Playlists',
    'Family Favourites',
    "Grandparents' Shelf",
    'New This Week',
    'My Playlists',
  ]);
  await expect(app.playlistCards().filter({ hasText: 'Family' })).toHaveCount(8);
  await expect(app.playlistCards().filter({ hasText: 'restricted' })).toHaveCount(3);
  await expect(page.getByTestId('group-note')).toHaveText([
    "Grandparents' Shelf(No accessible content)",
    'New This Week(Empty)',
  ]);

  await groupRow(page).getByRole('tab', { name: 'Family Favourites' }).click();
  await expect(app.playlistCards()).toHaveCount(5);
  await expect(app.playlistCards().filter({ hasText: 'restricted' })).toHaveCount(0);
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByTestId('playlist-group')).toHaveText(
    Array.from({ length: 5 }, () => 'Family Favourites'),
  );

  await groupRow(page).getByRole('tab', { name: 'New This Week' }).click();
  await expect(app.playlistCards()).toHaveCount(0);
  await expect(page.getByText('(Empty)')).toBeVisible();
  await expect(page.getByText('No playlists found')).toHaveCount(0);

  await groupRow(page).getByRole('tab', { name: 'My Playlists' }).click();
  await expect(app.playlistCards()).toHaveCount(12);
  expect((await titles(app))[0]).toBe('Good Morning Songs');

  // A new top tab resets the group.
  await app.tab('My Playlists (42)').click();
  await openFamily(app);
  await expect(groupRow(page).getByRole('tab', { name: 'All Playlists' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Everything came through the server's same-origin proxy: groups, each group, each card's content.
  expect(proxied).toContain('/api/yoto/family/library/groups');
  expect(proxied).toContain('/api/yoto/family/library/groups/grp-family-favourites');
  expect(proxied.filter((path) => /^\/api\/yoto\/content\/\w+\?playable=true$/.test(path))).toHaveLength(8);
});

test('a group whose detail fails shows "{group} - Item {n}"', async ({ page }) => {
  await sandbox.faults({ restDown: true, faultPaths: ['/card/family/library/groups/grp-family-favourites'] });
  const app = new AppPage(page);
  await app.signIn();
  await openFamily(app);
  await groupRow(page).getByRole('tab', { name: 'Family Favourites' }).click();
  await expect(page.getByTestId('playlist-title')).toHaveText(
    [1, 2, 3, 4, 5].map((n) => `Family Favourites - Item ${n}`),
  );
  await expect(app.playlistCards().filter({ hasText: 'Family' })).toHaveCount(5);
});

test('play, pause, resume and stop from the app reach the player', async ({ page }) => {
  await sandbox.setOnline('demo-player-2', false);
  const app = new AppPage(page);
  await app.signIn();
  await expect(
    app.playlistCard('Good Morning Songs').getByRole('button', { name: 'Connect Device' }),
  ).toBeDisabled();
  const card = await playOnBedroomPlayer(app, 'Good Morning Songs');
  const cardId = await sandbox.cardIdOf('Good Morning Songs');
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).cardId).toBe(cardId);
  await expect(nowPlaying(page, 'Bedroom Player').getByText('LIVE')).toBeVisible();
  await nowPlaying(page, 'Bedroom Player').getByRole('button', { name: 'Close' }).click();

  await card.getByRole('button', { name: 'Pause playback' }).click();
  await app.expectSnackbar('Playback paused');
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).playbackStatus).toBe('paused');
  await card.getByRole('button', { name: 'Resume playback' }).click();
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).playbackStatus).toBe('playing');
  await card.getByRole('button', { name: 'Stop playback' }).click();
  await app.expectSnackbar('Playback stopped');
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).playbackStatus).toBe('stopped');
  await expect(card.getByRole('button', { name: 'Play this playlist' })).toBeVisible();
  // Connected now: the card can set an alarm.
  await expect(card.getByRole('button', { name: 'Set Alarm' })).toBeEnabled();
});

test('pausing, resuming and stopping on the player itself updates the card within a second', async ({
  page,
}) => {
  await sandbox.setOnline('demo-player-2', false);
  const app = new AppPage(page);
  await app.signIn();
  const card = await playOnBedroomPlayer(app, 'Bedtime Stories');
  await nowPlaying(page, 'Bedroom Player').getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('button', { name: 'Pause playback' })).toBeVisible();

  await sandbox.press('demo-player-1', 'pause');
  await expect(card.getByRole('button', { name: 'Resume playback' })).toBeVisible({ timeout: 1000 });
  await sandbox.press('demo-player-1', 'resume');
  await expect(card.getByRole('button', { name: 'Pause playback' })).toBeVisible({ timeout: 1000 });
  await sandbox.press('demo-player-1', 'stop');
  await expect(card.getByRole('button', { name: 'Play this playlist' })).toBeVisible({ timeout: 1000 });
});

test("a card put in the player itself turns the app's card to Pause and Stop within a second", async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.signIn();
  // The app hears a player once connected; here from the Device Management tab, nothing played yet.
  await app.tab('Device Management (3)').click();
  await page
    .getByRole('article', { name: 'Bedroom Player' })
    .getByRole('button', { name: 'Connect MQTT' })
    .click();
  await expect(page.getByLabel('Connection summary').getByText('MQTT Connected')).toBeVisible();
  await app.tab('Your Playlists (42)').click();
  const card = app.playlistCard('Bedtime Stories');
  await expect(card.getByRole('button', { name: 'Play this playlist' })).toBeVisible();

  // A child puts the physical card in the idle player.
  await sandbox.insertCard('demo-player-1', await sandbox.cardIdOf('Bedtime Stories'));
  await expect(card.getByRole('button', { name: 'Pause playback' })).toBeVisible({ timeout: 1000 });
  await expect(card.getByRole('button', { name: 'Stop playback' })).toBeVisible({ timeout: 1000 });
  expect((await sandbox.playerState('demo-player-1')).playbackStatus).toBe('playing');

  // Taking it out stops the player, and the card is idle again.
  await sandbox.insertCard('demo-player-1', null);
  await expect(card.getByRole('button', { name: 'Play this playlist' })).toBeVisible({ timeout: 1000 });
});

test('with several online players the picker plays on the chosen one', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  await app.playlistCard('Counting Songs').getByRole('button', { name: 'Play this playlist' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Device for Playback' });
  await expect(picker.getByRole('button')).toHaveText([/Bedroom Player/, /Playroom Mini/, 'Cancel']);
  await picker.getByText('Playroom Mini').click();

  await expect(nowPlaying(page, 'Playroom Mini')).toBeVisible();
  const cardId = await sandbox.cardIdOf('Counting Songs');
  await expect.poll(async () => (await sandbox.playerState('demo-player-2')).cardId).toBe(cardId);
  expect((await sandbox.playerState('demo-player-2')).playbackStatus).toBe('playing');
  expect((await sandbox.playerState('demo-player-1')).playbackStatus).toBe('stopped');
});

test('connecting a second, idle player leaves the playing card as it is, and Stop still reaches the player that plays it', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.signIn();
  await app.playlistCard('Counting Songs').getByRole('button', { name: 'Play this playlist' }).click();
  await page.getByRole('dialog', { name: 'Select Device for Playback' }).getByText('Bedroom Player').click();
  await expect(nowPlaying(page, 'Bedroom Player')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nowPlaying(page, 'Bedroom Player')).toHaveCount(0);

  // The idle Playroom Mini reports 'stopped' when it connects (at once, after 1 s, then polls from 2 s).
  await app.tab('Device Management (3)').click();
  const playroom = page.getByRole('article', { name: 'Playroom Mini' });
  await playroom.getByRole('button', { name: 'Connect MQTT' }).click();
  await expect(playroom.getByText('MQTT Connected')).toBeVisible();
  await expect
    .poll(async () => (await sandbox.playerState('demo-player-2')).eventsRequestedAt, { timeout: 5000 })
    .not.toBeNull();
  await page.waitForTimeout(2500); // past the requests at 1 s and the first poll at 2 s

  await app.tab('Your Playlists (42)').click();
  const card = app.playlistCard('Counting Songs');
  await expect(card.getByRole('button', { name: 'Pause playback' })).toBeVisible();
  await card.getByRole('button', { name: 'Stop playback' }).click();
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).playbackStatus).toBe('stopped');
  expect((await sandbox.playerState('demo-player-2')).playbackStatus).toBe('stopped');
});

test("the modal's volume reaches the player after the 800 ms debounce, ×10", async ({ page }) => {
  await sandbox.setOnline('demo-player-2', false);
  const watch = await watchCommand('demo-player-1', 'volume/set');
  try {
    const app = new AppPage(page);
    await app.signIn();
    await playOnBedroomPlayer(app, 'Good Morning Songs');
    const modal = nowPlaying(page, 'Bedroom Player');
    // The player reported its own volume (8 of 16): the gauge shows 50%.
    await expect(modal.getByTestId('modal-volume')).toHaveText('50%');

    const clicked = Date.now();
    await modal.getByRole('button', { name: 'Volume 9' }).click();
    await modal.getByRole('button', { name: 'Volume 3' }).click();
    await expect(modal.getByTestId('modal-volume')).toHaveText('30%');
    const sent = await watch.next();
    expect(sent.payload).toEqual({ volume: 30 });
    expect(sent.at - clicked).toBeGreaterThanOrEqual(800);
    // 30% of the player's 16 steps is 4.8: a player truncates it to step 4.
    await expect.poll(async () => (await sandbox.playerState('demo-player-1')).volume).toBe(4);
    expect(watch.received.map((m) => m.payload)).toEqual([{ volume: 30 }]); // 90 was never sent

    await modal.getByRole('button', { name: 'Mute' }).click();
    expect((await watch.next()).payload).toEqual({ volume: 0 });
    await expect.poll(async () => (await sandbox.playerState('demo-player-1')).volume).toBe(0);
    await expect(modal.getByTestId('modal-volume')).toHaveText('0%');
  } finally {
    await watch.close();
  }
});

test.describe('on a phone (390×844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test("the modal's volume segments are 24×24 touch targets and keep their rising bars", async ({ page }) => {
    await sandbox.setOnline('demo-player-2', false);
    const app = new AppPage(page);
    await app.signIn();
    const card = app.playlistCard('Good Morning Songs');
    await card.getByRole('button', { name: 'Play this playlist' }).tap();
    const modal = nowPlaying(page, 'Bedroom Player');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('modal-volume')).toHaveText('50%');

    const gauge = modal.getByRole('group', { name: 'Volume' });
    const dialog = (await modal.boundingBox())!;
    const segments = gauge.getByRole('button', { name: /^Volume \d+$/ });
    await expect(segments).toHaveCount(10);
    const heights: number[] = [];
    for (let level = 1; level <= 10; level += 1) {
      const segment = gauge.getByRole('button', { name: `Volume ${level}`, exact: true });
      const box = (await segment.boundingBox())!;
      expect(box.width, `Volume ${level} width`).toBeGreaterThanOrEqual(24);
      expect(box.height, `Volume ${level} height`).toBeGreaterThanOrEqual(24);
      expect(box.x + box.width, `Volume ${level} inside the dialog`).toBeLessThanOrEqual(
        dialog.x + dialog.width,
      );
      heights.push((await segment.getByTestId('volume-bar').boundingBox())!.height);
    }
    // Rising bars in the colour bands: 1–3 red, 4–6 amber, 7–10 green.
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(new Set(heights).size).toBe(10);
    const colours = await segments.evaluateAll((buttons) =>
      buttons.map((b) => b.getAttribute('data-colour')),
    );
    expect(colours).toEqual([
      'red',
      'red',
      'red',
      'amber',
      'amber',
      'amber',
      'green',
      'green',
      'green',
      'green',
    ]);

    await gauge.getByRole('button', { name: 'Volume 3', exact: true }).tap();
    await expect(modal.getByTestId('modal-volume')).toHaveText('30%');
    await expect.poll(async () => (await sandbox.playerState('demo-player-1')).volume).toBe(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('a long press on a card button shows its hint and presses nothing', async ({ page }) => {
    const app = new AppPage(page);
    await app.signIn();
    const play = app.playlistCard('Good Morning Songs').getByRole('button', { name: 'Play this playlist' });
    // The next-alarm banner comes once the players' alarms are read, and moves the cards down: the
    // touch goes where the button is after that (it once landed beside it, and no hint opened).
    await expect(page.getByRole('status').filter({ hasText: 'Next alarm' })).toBeVisible();
    const box = (await play.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await expect(page.getByRole('tooltip')).toHaveText('Play this playlist');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByRole('tooltip')).toHaveCount(0, { timeout: 3000 });
    // Nothing was played: no device picker (two players are online), no command to either player.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await sandbox.playerState('demo-player-1')).lastCommand).toBeNull();
    expect((await sandbox.playerState('demo-player-2')).lastCommand).toBeNull();
  });
});
