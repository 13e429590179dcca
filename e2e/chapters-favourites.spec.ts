import { chapterEntryLabel } from '@playlist-alarms/core/texts/chapter-texts';
import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { watchCommand } from './support/broker-watch';
import { PlayerCard } from './support/pages/devices-tab';
import { PlaylistsTab } from './support/pages/playlists-tab';
import { appUrl, sandbox } from './support/stack';

// Chapters from the Now Playing modal reach the player as card/start with the chapter's key, and
// the player then plays it; a playlist pinned to Quick Play shows there and stays after a reload.

const BEDROOM = 'demo-player-1';

test.beforeEach(async () => {
  await sandbox.reset();
});

/** The first own playlist on the first page whose card has at least three chapters. */
async function cardWithChapters(): Promise<{
  cardId: string;
  title: string;
  chapters: Array<{ key: string; title: string }>;
}> {
  for (const card of (await sandbox.demoCards()).slice(0, 12)) {
    const chapters = await sandbox.cardChapters(card.cardId);
    if (chapters.length >= 3) return { ...card, chapters };
  }
  throw new Error('no playlist of the first page has three chapters');
}

test('next chapter from the modal: card/start carries its chapterKey and the player plays it', async ({
  page,
}) => {
  const card = await cardWithChapters();
  await sandbox.setOnline('demo-player-2', false); // Play then goes to the Bedroom Player
  const watch = await watchCommand(BEDROOM, 'card/start');
  try {
    const app = new AppPage(page);
    await app.signIn();
    const playlists = new PlaylistsTab(page);
    await playlists.card(card.title).button('Play this playlist').click();
    expect((await watch.next()).payload).toMatchObject({ uri: `https://yoto.io/${card.cardId}` });
    const modal = playlists.nowPlaying('Bedroom Player');
    // The player reports its first chapter (its title shows in the modal).
    await expect(modal.root.getByText(card.chapters[0]!.title, { exact: true })).toBeVisible();

    // At the first chapter: previous is off, next is on.
    await expect(modal.chapterButton('Previous chapter')).toBeDisabled();
    await expect(modal.chapterButton('Next chapter')).toBeEnabled();
    await modal.chapterButton('Next chapter').click();
    expect((await watch.next()).payload).toMatchObject({
      uri: `https://yoto.io/${card.cardId}`,
      chapterKey: card.chapters[1]!.key,
      secondsIn: 0,
    });
    // The player then reports the second chapter.
    await expect(modal.root.getByText(card.chapters[1]!.title, { exact: true })).toBeVisible();
    // The player's report moves the modal on: the list marks the second chapter, previous is on.
    await expect(modal.chapterButton('Previous chapter')).toBeEnabled();
    await modal.chapterButton('Chapters').click();
    await expect(
      page.getByRole('menuitem', { name: chapterEntryLabel(2, card.chapters[1]!.title) }),
    ).toHaveAttribute('aria-current', 'true');
  } finally {
    await watch.close();
  }
});

test('a pinned playlist shows in Quick Play Favorites and survives a reload', async ({ page }) => {
  const cards = await sandbox.demoCards();
  const pick = cards[5]!; // not among the first four that stand in until one is pinned
  const app = new AppPage(page);
  await app.signIn();
  // The server keeps pins across journeys: start from none.
  await page.request.delete(`${appUrl}/api/favourites/${pick.cardId}`, { headers: { origin: appUrl } });
  await page.reload();

  const playlists = new PlaylistsTab(page);
  await playlists.card(pick.title).button('Pin to Quick Play').click();
  await expect(playlists.card(pick.title).button('Unpin from Quick Play')).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const quickPlay = async () => {
    const player = new PlayerCard(await app.connectPlayer());
    await expect(player.quickPlay()).toHaveCount(1);
    return player.quickPlay().first();
  };
  await expect(await quickPlay()).toHaveText(
    pick.title.length > 12 ? `${pick.title.slice(0, 12)}...` : pick.title,
  );

  await page.reload();
  await expect(await quickPlay()).toHaveText(
    pick.title.length > 12 ? `${pick.title.slice(0, 12)}...` : pick.title,
  );
  await app.tab('Your Playlists (42)').click();
  await playlists.card(pick.title).button('Unpin from Quick Play').click();
  await expect(playlists.card(pick.title).button('Pin to Quick Play')).toBeVisible();
});
