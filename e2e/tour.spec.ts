import { expect, test, type Page } from './support/test';
import { AppPage } from './support/app-page';
import { pressUntilFocused } from './support/keyboard';
import { HelpTab } from './support/pages/help-tab';
import { sandbox } from './support/stack';

// The guided tour by keyboard alone, as a parent who does not use a mouse would take it: the help
// button, Enter, Tab and Enter through Next to Done, the tabs the steps open, and Escape on a
// second run, each time with focus back on the help button.

test.beforeEach(async () => {
  await sandbox.reset();
});

const helpButton = (page: Page) => new HelpTab(page).tourButton();
const step = (page: Page, title: string) => new HelpTab(page).step(title);
const highlight = (page: Page) => new HelpTab(page).highlight();

/** Tab until `name` has focus (Back comes first where it is enabled), then Enter. */
async function press(page: Page, name: 'Next' | 'Done'): Promise<void> {
  await pressUntilFocused(page, new HelpTab(page).stepButton(name), 'Tab', 3);
  await page.keyboard.press('Enter');
}

/** The tour's outline sits around the tab (its box holds the tab's). */
async function expectHighlightOn(page: Page, tabName: string): Promise<void> {
  await expect(highlight(page)).toBeVisible();
  const outline = await highlight(page).boundingBox();
  const tab = await new AppPage(page).tab(tabName).boundingBox();
  expect(outline && tab).toBeTruthy();
  expect(outline!.x).toBeLessThanOrEqual(tab!.x);
  expect(outline!.y).toBeLessThanOrEqual(tab!.y);
  expect(outline!.x + outline!.width).toBeGreaterThanOrEqual(tab!.x + tab!.width);
  expect(outline!.y + outline!.height).toBeGreaterThanOrEqual(tab!.y + tab!.height);
}

test('the guided tour by keyboard: four steps that open the tabs, Done and Escape return to the button', async ({
  page,
}) => {
  const tourChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/GuidedTour-[^/]+\.js$/.test(request.url())) tourChunks.push(request.url());
  });
  const app = new AppPage(page);
  const help = new HelpTab(page);
  await app.signIn();
  // Start on another tab, so the steps' switches show.
  await help.tab().click();
  await expect(helpButton(page)).toBeVisible();
  expect(tourChunks, 'the tour loads on the first press, not before').toEqual([]);

  // Shift+Tab from the Help tab: the help button comes just before the tabs.
  await pressUntilFocused(page, helpButton(page), 'Shift+Tab', 5);
  await page.keyboard.press('Enter');
  const welcome = step(page, 'Welcome to Playlist Alarms');
  await expect(welcome).toBeFocused();
  await expect(welcome).toContainText('1/4');
  expect(tourChunks).toHaveLength(1);
  await expect(help.stepButton('Back', { exact: false })).toBeDisabled();
  await expect(help.tab()).toHaveAttribute('aria-selected', 'true');

  // Steps 1 and 2 open their tab through the app's navigation state, then outline it.
  for (const [title, counter, tab] of [
    ['Your playlists', '2/4', 'Your Playlists (42)'],
    ['Your alarms', '3/4', 'Alarm Management'],
  ] as const) {
    await press(page, 'Next');
    const current = step(page, title);
    await expect(current).toBeFocused();
    await expect(current).toContainText(counter);
    await expect(app.tab(tab)).toHaveAttribute('aria-selected', 'true');
    await expect(help.panel(tab)).toBeVisible();
    await expectHighlightOn(page, tab);
  }

  await press(page, 'Next');
  const complete = step(page, "You're all set");
  await expect(complete).toBeFocused();
  await expect(complete).toContainText('4/4');
  await expect(help.stepButton('Next', { exact: false, in: complete })).toHaveCount(0);

  await press(page, 'Done');
  await expect(help.dialogs()).toHaveCount(0);
  await expect(highlight(page)).toHaveCount(0);
  await expect(helpButton(page)).toBeFocused();

  // A second run, ended with Escape part-way.
  await page.keyboard.press('Enter');
  await expect(step(page, 'Welcome to Playlist Alarms')).toBeFocused();
  await press(page, 'Next');
  await expect(step(page, 'Your playlists')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(help.dialogs()).toHaveCount(0);
  await expect(helpButton(page)).toBeFocused();
  // The chunk came once.
  expect(tourChunks).toHaveLength(1);
});
