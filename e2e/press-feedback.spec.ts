import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { computedStyle, expectDimmedWhileHeld, outlineOf } from './support/style';

// The app's buttons have no ripple (theme.ts, docs/decisions/press-feedback.md): a press shows by
// dimming the control, in CSS alone, and keyboard focus by the theme's outline ring.

test('a pressed button dims while it is held, with no ripple, and the click still does its work', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.signIn();
  const play = app.playlistCard('Counting Songs').getByRole('button', { name: 'Play this playlist' });
  await expect(play).toBeVisible();
  await expectDimmedWhileHeld(page, play);
  await expect.poll(() => computedStyle(play, 'opacity'), 'whole once released').toBe('1');
  // MUI keeps a ripple's root in the button once it has drawn one.
  expect(await play.locator('.MuiTouchRipple-root').count(), 'no ripple').toBe(0);
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
  expect(await outlineOf(page.locator(':focus'))).toBe('solid 2px');
  await page.keyboard.press('ArrowLeft');
  await expect(tab).toBeFocused();
  expect(await outlineOf(tab)).toBe('solid 2px');

  const logout = page.getByRole('button', { name: 'Logout' });
  await logout.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(logout).toBeFocused();
  expect(await outlineOf(logout)).toBe('solid 2px');
});
