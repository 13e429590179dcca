import { APP_PROMISE, APP_TITLE, LOADING_TEXT } from '@playlist-alarms/core/texts/messages';
import { expect, test, type Page } from './support/test';
import { holdAppScript } from './support/hold-script';
import { SCHEMES, expectScheme, expectTextInScheme } from './support/scheme';
import { computedStyle, expectDimmedWhileHeld, outlineOf } from './support/style';

// index.html carries the loading view, prerendered at build time, so the app's name and promise
// paint with the HTML, in the system's scheme, before the script (about 100 kB) has loaded. The
// script hydrates those nodes and the logged-out view fills in the same card: its largest text is
// the box that painted first, so the page's Largest Contentful Paint is its first paint. Speed
// itself is measured by `npm run bench` (Lighthouse).

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function textBoxes(page: Page): Promise<{ title: Box; promise: Box }> {
  const box = async (text: string) => {
    const found = await page.getByText(text, { exact: true }).boundingBox();
    if (!found) throw new Error(`"${text}" is not on the page`);
    return found;
  };
  return { title: await box(APP_TITLE), promise: await box(APP_PROMISE) };
}

for (const viewport of VIEWPORTS) {
  for (const scheme of SCHEMES) {
    test.describe(`${viewport.width} px, ${scheme}`, () => {
      test.use({ viewport, colorScheme: scheme });

      test('the loading view paints before the script, in the scheme, and the logged-out view keeps its nodes', async ({
        page,
      }) => {
        const releaseScript = await holdAppScript(page);
        await page.goto('/', { waitUntil: 'commit' });
        const title = page.getByRole('heading', { level: 1, name: APP_TITLE });
        await expect(title).toBeVisible();
        await expect(page.getByText(LOADING_TEXT)).toBeVisible();
        await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
        await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
        await expectScheme(page, scheme, 'before the script');
        await expectTextInScheme(title, scheme, 'before the script');
        const before = await textBoxes(page);
        // Marks the prerendered node: hydration must keep it, not paint a new one.
        await page.getByText(APP_PROMISE).evaluate((node) => node.setAttribute('data-test-prerendered', ''));
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          // The journeys block service workers (playwright.config.ts), which the page logs as a failure.
          if (message.type() === 'error' && !message.text().startsWith('[pwa]')) errors.push(message.text());
        });

        releaseScript();
        await expect(page.getByRole('button', { name: 'Connect Yoto Account' })).toBeVisible();
        await expect(page.getByText(LOADING_TEXT)).toHaveCount(0);
        await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy');
        expect(await textBoxes(page), 'the title and the promise have not moved or grown').toEqual(before);
        await expect(page.getByText(APP_PROMISE), 'the same node, hydrated').toHaveAttribute(
          'data-test-prerendered',
          '',
        );
        await expectScheme(page, scheme, 'after React mounted');
        await expectTextInScheme(title, scheme, 'after React mounted');
        expect(errors, 'no hydration error or other error').toEqual([]);
      });
    });
  }
}

test("the largest contentful paint is the page's first paint", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Connect Yoto Account' })).toBeVisible();
  const paints = await page.evaluate(
    () =>
      new Promise<{ fcp: number | null; lcp: number[] }>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
          resolve({ fcp, lcp: list.getEntries().map((entry) => entry.startTime) });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(paints.fcp, 'a first contentful paint').not.toBeNull();
  expect(paints.lcp.length, 'one largest paint: nothing larger came later').toBe(1);
  expect(paints.lcp[0]).toBe(paints.fcp);
});

// The logged-out view's button is a plain <button> drawn from the theme (BrandButton: MUI's Button
// and its ripple stay out of the first download). It must still read as the app's primary button.
for (const scheme of SCHEMES) {
  test(`${scheme}: the sign-in button is filled with the scheme's primary, darkens under the pointer, shows a ring on keyboard focus and dims when pressed`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Connect Yoto Account' });
    await expect(button).toBeVisible();
    const background = () => computedStyle(button, 'backgroundColor');
    // The app icon above it is drawn in the primary colour too.
    const primary = await computedStyle(page.getByRole('main').locator('svg').first(), 'color');
    expect(await background()).toBe(primary);
    expect((await button.boundingBox())?.height, 'a large touch target').toBeGreaterThanOrEqual(42);
    expect(await outlineOf(button), 'no ring before keyboard focus').toMatch(/^none /);

    await button.hover();
    await expect.poll(background, 'darker under the pointer').not.toBe(primary);
    await page.mouse.move(0, 0);
    await expect.poll(background).toBe(primary);

    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    expect(await outlineOf(button)).toBe('solid 2px');

    // Last: releasing the press starts the sign-in.
    await page.keyboard.press('Shift+Tab');
    await expectDimmedWhileHeld(page, button);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
}
