import { expect, type Locator, type Page } from '@playwright/test';

export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** Relative luminance (WCAG) of a computed `rgb()`/`rgba()` colour; null when transparent. */
function luminance(colour: string): number | null {
  const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  if (a === 0) return null;
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

async function backgroundLuminance(page: Page, selector: 'html' | 'body'): Promise<number | null> {
  return luminance(
    await page.evaluate((s) => getComputedStyle(document.querySelector(s)!).backgroundColor, selector),
  );
}

/** The body (or, transparent, the root) is painted dark in the dark scheme and light in the light one. */
export async function expectScheme(page: Page, scheme: Scheme, when: string): Promise<void> {
  const found = (await backgroundLuminance(page, 'body')) ?? (await backgroundLuminance(page, 'html'));
  expect(found, `${when}: the page has a background`).not.toBeNull();
  if (scheme === 'dark') expect(found, `${when}: a dark background`).toBeLessThan(0.05);
  else expect(found, `${when}: a light background`).toBeGreaterThan(0.8);
}

/** Text drawn for the scheme: light on dark, dark on light. */
export async function expectTextInScheme(text: Locator, scheme: Scheme, when: string): Promise<void> {
  const found = luminance(await text.evaluate((element) => getComputedStyle(element).color));
  if (scheme === 'dark') expect(found, `${when}: light text`).toBeGreaterThan(0.5);
  else expect(found, `${when}: dark text`).toBeLessThan(0.1);
}
