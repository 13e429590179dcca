import { expect, test, type Page } from './support/test';
import { AppPage } from './support/app-page';
import { sandbox } from './support/stack';
import { PlayerCard } from './support/pages/devices-tab';
import { HelpTab } from './support/pages/help-tab';

// Everything a parent can press is reachable by keyboard: in each view, Tab from the top of the
// page to the end visits every visible, enabled control (buttons, links, fields, sliders, tabs,
// radios, switches). In a tab strip or radio group only one member is in the Tab order and arrows
// move within it (WAI-ARIA's roving focus), so reaching any member reaches the group. Which control
// opens what, by keyboard alone, is dialog-focus.spec.ts and tour.spec.ts.

test.beforeEach(async () => {
  await sandbox.reset();
});

const MARK = 'data-keyboard-reached';

/** Tabs through the page from the top (at most `most` presses), marking each element focused. */
async function tabThrough(page: Page, most = 400): Promise<void> {
  await page.evaluate((mark) => {
    document.querySelectorAll(`[${mark}]`).forEach((element) => element.removeAttribute(mark));
    (document.activeElement as HTMLElement | null)?.blur();
  }, MARK);
  let first: string | null = null;
  for (let presses = 0; presses < most; presses += 1) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate((mark) => {
      const active = document.activeElement;
      if (!active || active === document.body) return null;
      if (!active.hasAttribute(mark)) active.setAttribute(mark, String(performance.now()));
      return active.getAttribute(mark);
    }, MARK);
    // Back at the first control: the whole cycle has been seen.
    if (id !== null && id === first) return;
    first ??= id;
  }
  throw new Error(`${most} presses of Tab did not come round to the first control`);
}

/** Visible, enabled controls that Tab never reached, neither they nor a member of their group. */
async function unreached(page: Page): Promise<string[]> {
  return page.evaluate((mark) => {
    const CONTROLS =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], ' +
      '[role="slider"], [role="tab"], [role="radio"], [role="switch"], [role="checkbox"], [role="menuitem"]';
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !element.closest('[inert]');
    };
    const disabled = (element: Element) =>
      element.matches(':disabled') ||
      element.closest('[aria-disabled="true"], [aria-hidden="true"]') !== null;
    const reached = (element: Element) =>
      element.hasAttribute(mark) ||
      element.closest(`[${mark}]`) !== null ||
      element.querySelector(`[${mark}]`);
    const group = (element: Element) =>
      element.closest('[role="tablist"], [role="radiogroup"], [role="toolbar"], [role="menu"]');
    return Array.from(document.querySelectorAll(CONTROLS))
      .filter((element) => visible(element) && !disabled(element) && !reached(element))
      .filter((element) => {
        const roving = group(element);
        return !roving || roving.querySelector(`[${mark}]`) === null;
      })
      .map((element) => {
        const name =
          element.getAttribute('aria-label') ??
          element.closest('label')?.textContent ??
          element.textContent ??
          '';
        return `<${element.tagName.toLowerCase()} role=${element.getAttribute('role') ?? '-'}> "${name.trim().slice(0, 50)}"`;
      });
  }, MARK);
}

async function expectAllReached(page: Page, view: string): Promise<void> {
  await tabThrough(page);
  expect(await unreached(page), `${view}: controls Tab never reaches`).toEqual([]);
}

test('logged out, every control is reached by Tab', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await expect(app.connectButton()).toBeVisible();
  await expectAllReached(page, 'the logged-out view');
});

test('in every tab, with the family library, a list and a connected remote open, every control is reached by Tab', async ({
  page,
}) => {
  // Every control of every tab, one Tab at a time (the cards' pin and chapter buttons included).
  test.setTimeout(150_000);
  const app = new AppPage(page);
  await app.signIn();
  await expect(app.playlistCards().first()).toBeVisible();
  // The help button comes when the page is idle (a lazy chunk of its own).
  await expect(page.getByRole('button', { name: 'Start the guided tour' })).toBeVisible();
  await expectAllReached(page, 'the playlists tab');

  await page.getByRole('button', { name: /list view/i }).click();
  await page.getByRole('tab', { name: /^Family Playlists/ }).click();
  await expect(app.playlistCards().first()).toBeVisible();
  await expectAllReached(page, 'the family library as a list');

  await app.tab('Alarm Management').click();
  await app.deviceAlarms();
  await expectAllReached(page, 'the alarms tab');

  const bedroom = new PlayerCard(await app.connectPlayer());
  await bedroom.openAdvanced();
  await expectAllReached(page, 'the devices tab with the remote open');

  await new HelpTab(page).open();
  await expectAllReached(page, 'the help tab');
});
