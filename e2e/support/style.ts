import { expect, type Locator, type Page } from '@playwright/test';

type StyleProperty = 'backgroundColor' | 'color' | 'opacity' | 'outlineStyle' | 'outlineWidth';

/** One computed style property of the element. */
export const computedStyle = (element: Locator, property: StyleProperty): Promise<string> =>
  element.evaluate((node, name) => getComputedStyle(node)[name], property);

/** The outline the element draws now, as "style width" ("none 0px", "solid 2px"). */
export const outlineOf = async (element: Locator): Promise<string> =>
  `${await computedStyle(element, 'outlineStyle')} ${await computedStyle(element, 'outlineWidth')}`;

/**
 * Holds the pointer down on the control: it must dim (the app's press feedback, theme.ts) and show
 * no focus ring, a ring being for keyboard focus. Then releases it, which clicks it.
 */
export async function expectDimmedWhileHeld(page: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('the control has no box');
  expect(await computedStyle(control, 'opacity'), 'whole before the press').toBe('1');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(() => computedStyle(control, 'opacity'), 'dimmed while held').not.toBe('1');
  expect(await outlineOf(control), 'a pointer press shows no focus ring').toMatch(/^none /);
  await page.mouse.up();
}
