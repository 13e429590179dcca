import { expect, type Page } from './test';

/**
 * The page is no wider than the screen. On failure the message names elements past the right edge
 * (a hint only: a child of a scrolling box, like the tab strip, may be out there harmlessly).
 */
export async function expectNoSidewaysScroll(page: Page, when: string): Promise<void> {
  const { scrollWidth, width, outside } = await page.evaluate(() => {
    const width = window.innerWidth;
    const outside = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) =>
        `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`.slice(0, 120),
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  });
  expect(
    scrollWidth,
    `${when}: page ${scrollWidth}px wide on a ${width}px screen; ${outside.join(' | ')}`,
  ).toBeLessThanOrEqual(width);
}
