import { expect, test, type Locator, type Page, type TestInfo } from './support/test';
import { AppPage, dialog } from './support/app-page';
import { expectNoSidewaysScroll } from './support/layout';
import { SCHEMES, expectScheme, type Scheme } from './support/scheme';
import { sandbox } from './support/stack';
import { AlarmsTab } from './support/pages/alarms-tab';
import { DevicesTab } from './support/pages/devices-tab';
import { HelpTab } from './support/pages/help-tab';
import { PlaylistsTab } from './support/pages/playlists-tab';

// Every tab and the main dialogs at 360 px and at 1280 px, in the light and the dark scheme: the
// page never scrolls sideways, every visible button is at least 24×24 px (WCAG 2.5.8), the scheme
// the system asks for is the one painted (from the first frame: first-paint.spec.ts). Each view,
// logged out, logged in and in the guided tour, is saved as a full-page screenshot in the test's output folder (test-results/…) and
// attached to the HTML report (playwright-report/), to be looked at by a person.

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Each tab by its short label (under 600 px) and its long one, and what shows once it has loaded. */
const TABS = [
  { id: 'playlists', short: 'Playlists', long: /^Your Playlists \(\d+\)$/ },
  { id: 'alarms', short: 'Alarms', long: /^Alarm Management$/ },
  { id: 'devices', short: 'Devices', long: /^Device Management \(\d+\)$/ },
  { id: 'help', short: 'Help', long: /^Help & Tutorial$/ },
] as const;
type TabId = (typeof TABS)[number]['id'];

const MIN_TARGET_PX = 24;

test.beforeEach(async () => {
  await sandbox.reset();
});

/**
 * Small targets WCAG 2.5.8 allows because a full-size control on the page does the same job: on a
 * phone the remote gauge's fourteen segments cannot each be 24 px wide, and Quieter and Louder step
 * it. They are skipped only while those controls are in the same scope (and checked themselves).
 */
const EQUIVALENTS = [{ group: 'Volume gauge', controls: ['Quieter', 'Louder'] }];

/** Visible buttons inside `scope` smaller than 24×24 px, by name and size. */
async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate(
    (root, { min, equivalents }) => {
      const buttons = root.querySelectorAll<HTMLElement>(
        'button, [role="button"], input[type="button"], input[type="submit"]',
      );
      const present = (label: string) => root.querySelector(`button[aria-label="${label}"]`) !== null;
      const excused = (button: HTMLElement) =>
        equivalents.some(
          ({ group, controls }) =>
            button.closest(`[role="group"][aria-label="${group}"]`) !== null && controls.every(present),
        );
      return Array.from(buttons).flatMap((button) => {
        const box = button.getBoundingClientRect();
        const visible = box.width > 0 && box.height > 0 && getComputedStyle(button).visibility !== 'hidden';
        if (!visible || (box.width >= min - 0.5 && box.height >= min - 0.5) || excused(button)) return [];
        const name = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? button.tagName;
        return [`"${name}" ${Math.round(box.width)}×${Math.round(box.height)}`];
      });
    },
    { min: MIN_TARGET_PX, equivalents: EQUIVALENTS },
  );
}

async function expectTouchTargets(scope: Locator, when: string): Promise<void> {
  expect(await smallTargets(scope), `${when}: buttons under ${MIN_TARGET_PX}×${MIN_TARGET_PX} px`).toEqual(
    [],
  );
}

/**
 * A screenshot kept in the test's output folder and attached to the report: the full page for a
 * tab, the window for a dialog (a full-page shot stretches the window and moves the dialog).
 */
async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  fullPage: boolean,
): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Every tab of the main strip shows whole: the strip itself needs no sideways scrolling either. */
async function expectTabsWhole(page: Page, when: string): Promise<void> {
  const strip = page.getByRole('tablist', { name: 'Main sections' });
  const cut = await strip.evaluate((list) => {
    const bounds = list.getBoundingClientRect();
    return Array.from(list.querySelectorAll('[role="tab"]')).flatMap((tab) => {
      const box = tab.getBoundingClientRect();
      const whole = box.left >= bounds.left - 0.5 && box.right <= bounds.right + 0.5;
      return whole ? [] : [`"${tab.textContent ?? ''}" ${Math.round(box.left)}–${Math.round(box.right)}`];
    });
  });
  expect(cut, `${when}: tabs cut off by the strip's edges`).toEqual([]);
}

/** Opens a tab and waits until its content (not a loading spinner) shows. */
async function openTab(page: Page, id: TabId, small: boolean): Promise<Locator> {
  const tab = TABS.find((t) => t.id === id)!;
  await page.getByRole('tab', { name: small ? tab.short : tab.long, exact: true }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveCount(1);
  await expect(panel.getByLabel(/^Loading/)).toHaveCount(0);
  if (id === 'playlists') await expect(panel.getByTestId('playlist-card')).toHaveCount(12);
  if (id === 'alarms') await expect(panel.getByRole('heading', { name: 'Alarm Management' })).toBeVisible();
  if (id === 'devices') await expect(panel.getByRole('article', { name: 'Bedroom Player' })).toBeVisible();
  if (id === 'help') await expect(panel.getByRole('heading', { name: 'Getting Started' })).toBeVisible();
  return panel;
}

/** One view: fits, is painted in `scheme`, has no small buttons, and is kept as a screenshot. */
async function checkView(
  page: Page,
  testInfo: TestInfo,
  scheme: Scheme,
  name: string,
  scope: Locator,
  fullPage = true,
) {
  await expectNoSidewaysScroll(page, name);
  await expectScheme(page, scheme, name);
  await expectTouchTargets(scope, name);
  await keepScreenshot(page, testInfo, name, fullPage);
}

for (const viewport of VIEWPORTS) {
  for (const scheme of SCHEMES) {
    test.describe(`${viewport.name} (${viewport.width}×${viewport.height}), ${scheme}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: scheme });
      const small = viewport.width < 600;
      const view = (what: string) => `${viewport.name}-${scheme}-${what}`;

      test('every tab fits the window, is painted in the scheme and has buttons of 24 px or more', async ({
        page,
      }, testInfo) => {
        const app = new AppPage(page);
        const main = page.locator('body');
        await app.open();
        await expect(app.connectButton()).toBeVisible();
        await checkView(page, testInfo, scheme, view('logged-out'), main);

        await app.signIn();
        for (const { id } of TABS) {
          await openTab(page, id, small);
          await expectTabsWhole(page, view(id));
          await checkView(page, testInfo, scheme, view(id), main);
        }
        // The remote control too (the volume gauge, the night light's colours): connect a player.
        await openTab(page, 'devices', small);
        const card = new DevicesTab(page).player('Bedroom Player');
        await card.connectButton().click();
        await expect(card.disconnectButton()).toBeVisible();
        await expect(card.volumeBand()).toHaveText(/^(Muted|Quiet|Medium|Loud)$/);
        await card.openAdvanced();
        await checkView(page, testInfo, scheme, view('devices-remote'), main);

        await new HelpTab(page).tourButton().click();
        const tourStep = new HelpTab(page).stepCounted('1/4');
        await expect(tourStep).toBeVisible();
        await checkView(page, testInfo, scheme, view('tour'), tourStep, false);
      });

      test('the dialogs fit and have buttons of 24 px or more', async ({ page }, testInfo) => {
        const app = new AppPage(page);
        await app.signIn();
        const playlists = new PlaylistsTab(page);
        const card = playlists.firstCard();
        await card.button('Play this playlist').click();
        const picker = dialog(page, 'Select Device for Playback');
        await expect(picker).toBeVisible();
        await checkView(page, testInfo, scheme, view('dialog-device-picker'), picker, false);

        await playlists.pick('Bedroom Player');
        const nowPlaying = playlists.nowPlaying('Bedroom Player');
        await expect(nowPlaying.root).toBeVisible();
        await expect(nowPlaying.volumeBand()).toHaveText(/^(Muted|Quiet|Medium|Loud)$/);
        await checkView(page, testInfo, scheme, view('dialog-now-playing'), nowPlaying.root, false);
        await nowPlaying.close();
        await expect(nowPlaying.root).toHaveCount(0);

        await card.button('Set Alarm').click();
        const create = dialog(page, 'Create Alarm');
        await expect(create).toBeVisible();
        await checkView(page, testInfo, scheme, view('dialog-create-alarm'), create, false);
        await app.closeWithEscape(create);

        await openTab(page, 'alarms', small);
        await app.deviceAlarms();
        const alarms = new AlarmsTab(page);
        await alarms.uploadLocalAlarms();
        const upload = dialog(page, 'Select Alarms to Upload');
        await expect(upload).toBeVisible();
        await checkView(page, testInfo, scheme, view('dialog-upload'), upload, false);
        await app.closeWithEscape(upload);

        await alarms.deviceDeleteButtons().first().click();
        const confirm = dialog(page, 'Delete this alarm?');
        await expect(confirm).toBeVisible();
        await checkView(page, testInfo, scheme, view('dialog-delete-alarm'), confirm, false);
      });
    });
  }
}
