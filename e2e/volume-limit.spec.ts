import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { watchCommand } from './support/broker-watch';
import { PlayerCard } from './support/pages/devices-tab';
import { PlaylistsTab } from './support/pages/playlists-tab';
import { sandbox } from './support/stack';

// A parent has set the Bedroom Player's max volume to 8 of 16 (day and night, so the journey does
// not depend on the hour). Both gauges say where the limit is, offer nothing above it, send
// nothing above 50 % (8 of 16), and do not jump back once the player answers.

const BEDROOM = 'demo-player-1';
const playerVolume = async () => (await sandbox.playerState(BEDROOM)).volume;

test.beforeEach(async () => {
  await sandbox.reset();
});

test('volume under a limit of 8: the gauges say "limit 8 of 16", never go above it, the player stays at most at 8', async ({
  page,
}) => {
  await sandbox.setVolumeLimits(BEDROOM, 8, 8);
  await sandbox.setOnline('demo-player-2', false); // Play then goes to the Bedroom Player
  const watch = await watchCommand(BEDROOM, 'volume/set');
  try {
    const app = new AppPage(page);
    await app.signIn();
    const card = new PlayerCard(await app.connectPlayer());

    // The remote: the player reports volume 8 with volumeMax 8, which is 8 of 16 (level 7), not full.
    await expect(card.volumeLimit()).toHaveText('limit 8 of 16');
    await expect(card.text(/Volume 7\/14 \(50%\)/)).toBeVisible();
    await expect(card.volumeSegment('Volume 8 (over the limit 8 of 16)')).toBeDisabled();
    await expect(card.button('Louder')).toBeDisabled();

    await card.volumeLevel(3).click();
    expect((await watch.next()).payload).toEqual({ volume: 19 });
    await expect.poll(playerVolume).toBe(3);
    const louder = card.button('Louder');
    for (let press = 0; press < 4; press += 1) await louder.click();
    await expect(louder).toBeDisabled();
    expect((await watch.next()).payload).toEqual({ volume: 50 });
    await expect.poll(playerVolume).toBe(8);
    // Past the forced sync (3 s) the gauge is still where the parent put it.
    await page.waitForTimeout(3_500);
    await expect(card.text(/Volume 7\/14 \(50%\)/)).toBeVisible();

    // The now-playing gauge: the same limit, its last level within it 5 (50 %).
    await app.tab('Your Playlists (42)').click();
    const playlists = new PlaylistsTab(page);
    await playlists.card('Good Morning Songs').button('Play this playlist').click();
    const modal = playlists.nowPlaying('Bedroom Player');
    await expect(modal.volumeLimit()).toHaveText('limit 8 of 16');
    await expect(modal.volumeText()).toHaveText('50%');
    await expect(modal.volumeNamed('Volume 6 (over the limit 8 of 16)')).toBeDisabled();
    await expect(modal.volumeNamed('Volume 10 (over the limit 8 of 16)')).toBeDisabled();
    await modal.volume(2, true).click();
    expect((await watch.next()).payload).toEqual({ volume: 20 });
    await expect.poll(playerVolume).toBe(3);
    await modal.volume(5, true).click();
    expect((await watch.next()).payload).toEqual({ volume: 50 });
    await expect.poll(playerVolume).toBe(8);
    await page.waitForTimeout(1_500);
    await expect(modal.volumeText()).toHaveText('50%');

    // Nothing above the limit ever went out, and the player never went past it.
    const sent = watch.received.map((command) => Number(command.payload['volume']));
    expect(Math.max(...sent)).toBeLessThanOrEqual(50);
    expect((await sandbox.playerState(BEDROOM)).volumeMax).toBe(8);
  } finally {
    await watch.close();
  }
});
