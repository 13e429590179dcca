import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { sandbox } from './support/stack';

// The real broker ends an MQTT session when its access token expires
// (docs/provider-contract.md, MQTT). With tokens that live 20 s, a connected player must stay connected and
// usable through two expiries: the link renews its session with the auth client's fresh tokens.

const LIFETIME_SECONDS = 20;
const BEDROOM = 'demo-player-1';

test.beforeEach(async () => {
  await sandbox.reset();
  await sandbox.tokenLifetime(LIFETIME_SECONDS);
});

// Every other journey gets the start lifetime back (a reset restores it too).
test.afterEach(async () => {
  await sandbox.tokenLifetime(null);
});

test('a connected player stays usable across two token expiries, and its card never shows MQTT Disconnected', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const app = new AppPage(page);
  await app.signIn();
  const card = await app.connectPlayer();
  const connectedAt = Date.now();

  // Notes every moment the card reads "MQTT Disconnected", however brief.
  await card.evaluate((element) => {
    const check = () => {
      if (element.textContent?.includes('MQTT Disconnected')) document.body.dataset.sawDisconnected = 'yes';
    };
    new MutationObserver(check).observe(element, { subtree: true, childList: true, characterData: true });
    check();
  });

  // The session's token was issued at or before connecting: two lifetimes and a margin later, two
  // expiries have passed.
  const twoExpiries = (2 * LIFETIME_SECONDS + 5) * 1000;
  await expect
    .poll(() => Date.now() - connectedAt, { timeout: twoExpiries + 10_000, intervals: [1_000] })
    .toBeGreaterThan(twoExpiries);

  await expect(card.getByText('MQTT Connected')).toBeVisible();
  const quick = card.getByRole('group', { name: 'Quick Play Favorites' }).getByRole('button').first();
  await quick.click();
  await expect
    .poll(async () => (await sandbox.playerState(BEDROOM)).playbackStatus, { timeout: 10_000 })
    .toBe('playing');
  expect(await page.evaluate(() => document.body.dataset.sawDisconnected ?? 'no')).toBe('no');
});
