import type { Page } from '@playwright/test';

/**
 * Holds the app's entry script back until the returned function is called: what the page shows
 * meanwhile is index.html's own (a module script also holds DOMContentLoaded back).
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
