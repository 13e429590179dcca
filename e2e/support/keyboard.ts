import type { JSHandle, Locator, Page } from '@playwright/test';
import { expect } from './test';

// Moving through the app by keyboard alone, and what a keyboard user must see on the way: where
// focus is, and that it shows.

type MoveKey = 'Tab' | 'Shift+Tab' | 'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp';

/** Presses `key` until `target` has focus (none if it has already); fails after `most` presses. */
export async function pressUntilFocused(
  page: Page,
  target: Locator,
  key: MoveKey = 'Tab',
  most = 40,
): Promise<void> {
  const focused = () => target.evaluate((element) => element === document.activeElement);
  for (let presses = 0; !(await focused()); presses += 1) {
    if (presses === most) throw new Error(`${most} presses of ${key} never reached ${target.toString()}`);
    await page.keyboard.press(key);
  }
}

/** The element that has focus now, held as itself (a re-render that replaces it is caught). */
export function focusedElement(page: Page): Promise<JSHandle<Element | null>> {
  return page.evaluateHandle(() => document.activeElement);
}

/**
 * Focus is on that very element again (not one like it), eventually. On failure the message names
 * the element that has focus instead.
 */
export async function expectFocusOn(
  page: Page,
  element: JSHandle<Element | null>,
  what: string,
): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((expected) => {
          const active = document.activeElement;
          if (active === expected && expected?.isConnected) return 'there';
          const label = active?.getAttribute('aria-label') ?? active?.textContent?.trim().slice(0, 40);
          return `on <${active?.tagName.toLowerCase() ?? 'nothing'}> "${label ?? ''}"${
            expected?.isConnected === false ? ' (the opener left the page)' : ''
          }`;
        }, element),
      { message: `focus back on ${what}` },
    )
    .toBe('there');
}

/**
 * The focused element shows that it has focus: an outline (the theme's ring on every MUI button,
 * theme.ts), or MUI's keyboard-focus background (list items), with the keyboard focus class MUI
 * sets for it. There is no ripple to pulse: it is off.
 */
export async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const active = document.activeElement;
          if (!(active instanceof HTMLElement) || active === document.body) return 'nothing focused';
          const style = getComputedStyle(active);
          if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return 'visible';
          if (!active.classList.contains('Mui-focusVisible')) return 'no outline, no Mui-focusVisible';
          const background = style.backgroundColor;
          if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') return 'visible';
          return 'Mui-focusVisible without an outline or background';
        }),
      { message: `a visible focus indicator on ${what}` },
    )
    .toBe('visible');
}
