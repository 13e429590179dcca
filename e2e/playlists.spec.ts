import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { watchCommand } from './support/broker-watch';
import { DevicesTab } from './support/pages/devices-tab';
import { PlaylistsTab, type PlaylistCard } from './support/pages/playlists-tab';
import { sandbox } from './support/stack';

// The playlist browser, the family library behind the same-origin proxy, playback from the app and
// from the player itself, and the now-playing modal, against the seeded demo household:
// 42 own playlists (the first seven fixed), a family library of 5 readable cards, 3 the user may
// not read and one empty group, and two online players of three.

test.beforeEach(async () => {
  await sandbox.reset();
});

async function openFamily(app: AppPage, playlists: PlaylistsTab): Promise<void> {
  await app.tab('Family Playlists (8)').click();
  await expect(playlists.cards()).toHaveCount(8);
}

/** Plays a playlist on the only online player (the second is taken offline first). */
async function playOnBedroomPlayer(app: AppPage, title: string): Promise<PlaylistCard> {
  const card = new PlaylistsTab(app.page).card(title);
  await card.button('Play this playlist').click();
  await expect(new PlaylistsTab(app.page).nowPlaying('Bedroom Player').root).toBeVisible();
  await app.expectSnackbar(`Playing: ${title}`);
  return card;
}

test('search, paging at top and bottom, and the empty state', async ({ page }) => {
  const app = new AppPage(page);
  const playlists = new PlaylistsTab(page);
  await app.signIn();
  await expect(app.tab('My Playlists (42)')).toBeVisible();
  await expect(playlists.cards()).toHaveCount(12);
  await expect(playlists.pages('top')).toBeVisible();
  await expect(playlists.pages('bottom')).toBeVisible();

  await playlists.goToPage('bottom', 4);
  await expect(playlists.cards()).toHaveCount(6); // 42 = 3 × 12 + 6

  const search = playlists.search();
  await search.fill('Bedtime Stories');
  await expect(playlists.card('Bedtime Stories').root).toBeVisible(); // back on page 1
  await expect(playlists.pages('top')).toHaveCount(0);

  await search.fill('no such playlist anywhere');
  await expect(playlists.text('No playlists found')).toBeVisible();
  await expect(playlists.text('Try adjusting your search criteria')).toBeVisible();
  await expect(playlists.cards()).toHaveCount(0);
});

test('grid and list views, badges and the cover placeholder', async ({ page }) => {
  const app = new AppPage(page);
  const playlists = new PlaylistsTab(page);
  await app.signIn();
  const quiet = playlists.card('Quiet Time');
  await expect(quiet.text(/^\d+m$/)).toBeVisible();
  await expect(quiet.badge('none')).toHaveCount(0); // category 'none' has no badge
  await expect(playlists.card('Good Morning Songs').badge('music')).toBeVisible();
  await expect(playlists.card('Homemade Recordings').coverPlaceholder()).toBeVisible();
  await expect(playlists.card('Good Morning Songs').cover()).toHaveAttribute('src', /covers/);
  await expect(playlists.descriptions()).toHaveCount(0);

  await playlists.view('List view');
  await expect(playlists.list()).toHaveAttribute('data-view', 'list');
  await expect(playlists.card('Good Morning Songs').description()).toBeVisible();

  await playlists.view('Grid view');
  await expect(playlists.descriptions()).toHaveCount(0);
});

test('the family library: groups, Family badges, restricted cards and the group notes', async ({ page }) => {
  const proxied: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/yoto/')) proxied.push(url.pathname + url.search);
  });
  const app = new AppPage(page);
  const playlists = new PlaylistsTab(page);
  await app.signIn();
  await openFamily(app, playlists);

  await expect(playlists.groupTabs()).toHaveText([
    'All Playlists',
    'Family Favourites',
    "Grandparents' Shelf",
    'New This Week',
    'My Playlists',
  ]);
  await expect(playlists.cardsWith('Family')).toHaveCount(8);
  await expect(playlists.cardsWith('restricted')).toHaveCount(3);
  await expect(playlists.groupNotes()).toHaveText([
    "Grandparents' Shelf(No accessible content)",
    'New This Week(Empty)',
  ]);

  await playlists.group('Family Favourites').click();
  await expect(playlists.cards()).toHaveCount(5);
  await expect(playlists.cardsWith('restricted')).toHaveCount(0);
  await playlists.view('List view');
  await expect(playlists.cardGroups()).toHaveText(Array.from({ length: 5 }, () => 'Family Favourites'));

  await playlists.group('New This Week').click();
  await expect(playlists.cards()).toHaveCount(0);
  await expect(playlists.text('(Empty)')).toBeVisible();
  await expect(playlists.text('No playlists found')).toHaveCount(0);

  await playlists.group('My Playlists').click();
  await expect(playlists.cards()).toHaveCount(12);
  expect((await playlists.titles())[0]).toBe('Good Morning Songs');

  // A new top tab resets the group.
  await app.tab('My Playlists (42)').click();
  await openFamily(app, playlists);
  await expect(playlists.group('All Playlists')).toHaveAttribute('aria-selected', 'true');

  // Everything came through the server's same-origin proxy: groups, each group, each card's content.
  expect(proxied).toContain('/api/yoto/family/library/groups');
  expect(proxied).toContain('/api/yoto/family/library/groups/grp-family-favourites');
  expect(proxied.filter((path) => /^\/api\/yoto\/content\/\w+\?playable=true$/.test(path))).toHaveLength(8);
});

test('a group whose detail fails shows "{group} - Item {n}"', async ({ page }) => {
  await sandbox.faults({ restDown: true, faultPaths: ['/card/family/library/groups/grp-family-favourites'] });
  const app = new AppPage(page);
  const playlists = new PlaylistsTab(page);
  await app.signIn();
  await openFamily(app, playlists);
  await playlists.group('Family Favourites').click();
  await expect(playlists.cardTitles()).toHaveText(
    [1, 2, 3, 4, 5].map((n) => `Family Favourites - Item ${n}`),
  );
  await expect(playlists.cardsWith('Family')).toHaveCount(5);
});

test('play, pause, resume and stop from the app reach the player', async ({ page }) => {
  await sandbox.setOnline('demo-player-2', false);
  const app = new AppPage(page);
  const playlists = new PlaylistsTab(page);
  await app.signIn();
  await expect(playlists.card('Good Morning Songs').button('Connect Device')).toBeDisabled();
  const card = await playOnBedroomPlayer(app, 'Good Morning Songs');
  const cardId = await sandbox.cardIdOf('Good Morning Songs');
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).cardId).toBe(cardId);
  await expect(playlists.nowPlaying('Bedroom Player').live()).toBeVisible();
  await playlists.nowPlaying('Bedroom Player').close();

  await card.button('Pause playback').click();
  await app.expectSnackbar('Playback paused');
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).playbackStatus).toBe('paused');
  await card.button('Resume playback').click();
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).playbackStatus).toBe('playing');
  await card.button('Stop playback').click();
  await app.expectSnackbar('Playback stopped');
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).playbackStatus).toBe('stopped');
  await expect(card.button('Play this playlist')).toBeVisible();
  // Connected now: the card can set an alarm.
  await expect(card.button('Set Alarm')).toBeEnabled();
});

test('pausing, resuming and stopping on the player itself updates the card within a second', async ({
  page,
}) => {
  await sandbox.setOnline('demo-player-2', false);
  const app = new AppPage(page);
  const playlists = new PlaylistsTab(page);
  await app.signIn();
  const card = await playOnBedroomPlayer(app, 'Bedtime Stories');
  await playlists.nowPlaying('Bedroom Player').close();
  await expect(card.button('Pause playback')).toBeVisible();

  await sandbox.press('demo-player-1', 'pause');
  await expect(card.button('Resume playback')).toBeVisible({ timeout: 1000 });
  await sandbox.press('demo-player-1', 'resume');
  await expect(card.button('Pause playback')).toBeVisible({ timeout: 1000 });
  await sandbox.press('demo-player-1', 'stop');
  await expect(card.button('Play this playlist')).toBeVisible({ timeout: 1000 });
});

test("a card put in the player itself turns the app's card to Pause and Stop within a second", async ({
  page,
}) => {
  const app = new AppPage(page);
  const playlists = new PlaylistsTab(page);
  await app.signIn();
  // The app hears a player once connected; here from the Device Management tab, nothing played yet.
  await app.tab('Device Management (3)').click();
  const devices = new DevicesTab(page);
  await devices.player('Bedroom Player').connectButton().click();
  await expect(devices.connectionState('MQTT Connected')).toBeVisible();
  await app.tab('Your Playlists (42)').click();
  const card = playlists.card('Bedtime Stories');
  await expect(card.button('Play this playlist')).toBeVisible();

  // A child puts the physical card in the idle player.
  await sandbox.insertCard('demo-player-1', await sandbox.cardIdOf('Bedtime Stories'));
  await expect(card.button('Pause playback')).toBeVisible({ timeout: 1000 });
  await expect(card.button('Stop playback')).toBeVisible({ timeout: 1000 });
  expect((await sandbox.playerState('demo-player-1')).playbackStatus).toBe('playing');

  // Taking it out stops the player, and the card is idle again.
  await sandbox.insertCard('demo-player-1', null);
  await expect(card.button('Play this playlist')).toBeVisible({ timeout: 1000 });
});

test('with several online players the picker plays on the chosen one', async ({ page }) => {
  const app = new AppPage(page);
  const playlists = new PlaylistsTab(page);
  await app.signIn();
  await playlists.card('Counting Songs').button('Play this playlist').click();
  await expect(playlists.pickerButtons()).toHaveText([/Bedroom Player/, /Playroom Mini/, 'Cancel']);
  await playlists.pick('Playroom Mini');

  await expect(playlists.nowPlaying('Playroom Mini').root).toBeVisible();
  const cardId = await sandbox.cardIdOf('Counting Songs');
  await expect.poll(async () => (await sandbox.playerState('demo-player-2')).cardId).toBe(cardId);
  expect((await sandbox.playerState('demo-player-2')).playbackStatus).toBe('playing');
  expect((await sandbox.playerState('demo-player-1')).playbackStatus).toBe('stopped');
});

test('connecting a second, idle player leaves the playing card as it is, and Stop still reaches the player that plays it', async ({
  page,
}) => {
  const app = new AppPage(page);
  const playlists = new PlaylistsTab(page);
  await app.signIn();
  await playlists.card('Counting Songs').button('Play this playlist').click();
  await playlists.pick('Bedroom Player');
  await expect(playlists.nowPlaying('Bedroom Player').root).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(playlists.nowPlaying('Bedroom Player').root).toHaveCount(0);

  // The idle Playroom Mini reports 'stopped' when it connects (at once, after 1 s, then polls from 2 s).
  await app.tab('Device Management (3)').click();
  const playroom = new DevicesTab(page).player('Playroom Mini');
  await playroom.connectButton().click();
  await expect(playroom.text('MQTT Connected')).toBeVisible();
  await expect
    .poll(async () => (await sandbox.playerState('demo-player-2')).eventsRequestedAt, { timeout: 5000 })
    .not.toBeNull();
  await page.waitForTimeout(2500); // past the requests at 1 s and the first poll at 2 s

  await app.tab('Your Playlists (42)').click();
  const card = playlists.card('Counting Songs');
  await expect(card.button('Pause playback')).toBeVisible();
  await card.button('Stop playback').click();
  await expect.poll(async () => (await sandbox.playerState('demo-player-1')).playbackStatus).toBe('stopped');
  expect((await sandbox.playerState('demo-player-2')).playbackStatus).toBe('stopped');
});

test("the modal's volume reaches the player after the 800 ms debounce, ×10", async ({ page }) => {
  await sandbox.setOnline('demo-player-2', false);
  const watch = await watchCommand('demo-player-1', 'volume/set');
  try {
    const app = new AppPage(page);
    const playlists = new PlaylistsTab(page);
    await app.signIn();
    await playOnBedroomPlayer(app, 'Good Morning Songs');
    const modal = playlists.nowPlaying('Bedroom Player');
    // The player reported its own volume (8 of 16): the gauge shows 50%.
    await expect(modal.volumeText()).toHaveText('50%');

    // Both clicks in one task: two Playwright clicks on a loaded machine can land more than 800 ms
    // apart, and then 90 is rightly sent on its own.
    const nine = await modal.volume(9).elementHandle();
    const three = await modal.volume(3).elementHandle();
    const clicked = Date.now();
    await page.evaluate(
      ([first, second]) => {
        for (const segment of [first, second])
          segment?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      },
      [nine, three] as const,
    );
    await expect(modal.volumeText()).toHaveText('30%');
    const sent = await watch.next();
    expect(sent.payload).toEqual({ volume: 30 });
    expect(sent.at - clicked).toBeGreaterThanOrEqual(800);
    // 30% of the player's 16 steps is 4.8: a player truncates it to step 4.
    await expect.poll(async () => (await sandbox.playerState('demo-player-1')).volume).toBe(4);
    expect(watch.received.map((m) => m.payload)).toEqual([{ volume: 30 }]); // 90 was never sent

    await modal.mute().click();
    expect((await watch.next()).payload).toEqual({ volume: 0 });
    await expect.poll(async () => (await sandbox.playerState('demo-player-1')).volume).toBe(0);
    await expect(modal.volumeText()).toHaveText('0%');
  } finally {
    await watch.close();
  }
});

test.describe('on a phone (390×844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test("the modal's volume segments are 24×24 touch targets and keep their rising bars", async ({ page }) => {
    await sandbox.setOnline('demo-player-2', false);
    const app = new AppPage(page);
    const playlists = new PlaylistsTab(page);
    await app.signIn();
    const card = playlists.card('Good Morning Songs');
    await card.button('Play this playlist').tap();
    const modal = playlists.nowPlaying('Bedroom Player');
    await expect(modal.root).toBeVisible();
    await expect(modal.volumeText()).toHaveText('50%');

    const dialog = (await modal.root.boundingBox())!;
    const segments = modal.segments();
    await expect(segments).toHaveCount(10);
    const heights: number[] = [];
    for (let level = 1; level <= 10; level += 1) {
      const segment = modal.segment(level);
      const box = (await segment.boundingBox())!;
      expect(box.width, `Volume ${level} width`).toBeGreaterThanOrEqual(24);
      expect(box.height, `Volume ${level} height`).toBeGreaterThanOrEqual(24);
      expect(box.x + box.width, `Volume ${level} inside the dialog`).toBeLessThanOrEqual(
        dialog.x + dialog.width,
      );
      heights.push((await modal.segmentBar(level).boundingBox())!.height);
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

    await modal.segment(3).tap();
    await expect(modal.volumeText()).toHaveText('30%');
    await expect.poll(async () => (await sandbox.playerState('demo-player-1')).volume).toBe(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('a long press on a card button shows its hint and presses nothing', async ({ page }) => {
    const app = new AppPage(page);
    const playlists = new PlaylistsTab(page);
    await app.signIn();
    const play = playlists.card('Good Morning Songs').button('Play this playlist');
    // The next-alarm banner comes once the players' alarms are read, and moves the cards down: the
    // touch goes where the button is after that (it once landed beside it, and no hint opened).
    await expect(playlists.nextAlarmBanner()).toBeVisible();
    const box = (await play.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await expect(playlists.tooltip()).toHaveText('Play this playlist');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(playlists.tooltip()).toHaveCount(0, { timeout: 3000 });
    // Nothing was played: no device picker (two players are online), no command to either player.
    await expect(playlists.dialogs()).toHaveCount(0);
    expect((await sandbox.playerState('demo-player-1')).lastCommand).toBeNull();
    expect((await sandbox.playerState('demo-player-2')).lastCommand).toBeNull();
  });
});
