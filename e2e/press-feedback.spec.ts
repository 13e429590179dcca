import { expect, test, type Locator } from './support/test';
import { AppPage } from './support/app-page';

// The app's buttons have no ripple (theme.ts, docs/decisions/press-feedback.md): a press shows by
// dimming the control, in CSS alone, and keyboard focus by the theme's outline ring.

const opacity = (control: Locator) => control.evaluate((element) => getComputedStyle(element).opacity);
const outline = (control: Locator) =>
  control.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });

test('a pressed button dims while it is held, with no ripple, and the click still does its work', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.signIn();
  const play = app.playlistCard('Counting Songs').getByRole('button', { name: 'Play this playlist' });
  await expect(play).toBeVisible();
  expect(await opacity(play)).toBe('1');

  await play.scrollIntoViewIfNeeded();
  const box = await play.boundingBox();
  if (!box) throw new Error('the Play button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(() => opacity(play), 'dimmed while held').not.toBe('1');
  expect(await play.locator('.MuiTouchRipple-root').count(), 'no ripple').toBe(0);
  expect(await outline(play), 'a pointer press shows no focus ring').toMatch(/^none /);
  await page.mouse.up();
  await expect.poll(() => opacity(play), 'back once released').toBe('1');
  // The click went through: the player picker opened.
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
});

test('keyboard focus shows the outline ring on a tab and on a button', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  const tab = app.tab('Your Playlists (42)');
  await tab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(':focus')).toHaveAttribute('role', 'tab');
  expect(await outline(page.locator(':focus'))).toBe('solid 2px');
  await page.keyboard.press('ArrowLeft');
  await expect(tab).toBeFocused();
  expect(await outline(tab)).toBe('solid 2px');

  const logout = page.getByRole('button', { name: 'Logout' });
  await logout.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(logout).toBeFocused();
  expect(await outline(logout)).toBe('solid 2px');
});
