// The scripts Debian's Chromium requests before each view paints: the logged-out view's "Connect
// Yoto Account" button and, after signing in through the sandbox's page, the first playlist card.
// What the bundle budgets count: the manifest says what a view imports, but only the browser shows
// what else starts before the paint (a module preload, a chunk started on `load`).
import type { Browser, Page } from '@playwright/test';
import { launchChromium, signIn, withDeadline } from './stack';

/** Script URLs requested before each view was painted (later, background loads are left out). */
export interface ObservedDownloads {
  loggedOut: string[];
  loggedIn: string[];
}

/** When a view was first painted (ms from navigation) and the scripts requested before that. */
export interface Painted {
  atMs: number;
  scripts: string[];
}

export interface PaintProbe {
  connect: Painted | null;
  card: Painted | null;
}

type PaintProbeWindow = Window & { __paints: PaintProbe };

/**
 * Runs in every document before the app: notes when the "Connect" button and the first playlist
 * card are painted (the frame after they enter the DOM) with the scripts requested by then.
 */
export function installPaintProbe(): void {
  const state: PaintProbe = { connect: null, card: null };
  (window as unknown as PaintProbeWindow).__paints = state;
  // No function-valued consts in here: tsx would wrap them in a helper the page does not have.
  const seen = new Set<'connect' | 'card'>();
  const watcher = new MutationObserver(() => {
    const present = {
      connect: Array.from(document.querySelectorAll('button')).some(
        (button) => button.textContent === 'Connect Yoto Account',
      ),
      card: document.querySelector('[data-testid="playlist-card"]') !== null,
    };
    for (const key of ['connect', 'card'] as const) {
      if (seen.has(key) || !present[key]) continue;
      seen.add(key);
      requestAnimationFrame(() =>
        setTimeout(() => {
          const atMs = performance.now();
          const scripts = performance
            .getEntriesByType('resource')
            .filter((entry) => {
              const url = new URL(entry.name);
              return (
                url.origin === location.origin && url.pathname.endsWith('.js') && entry.startTime <= atMs
              );
            })
            .map((entry) => entry.name);
          state[key] = { atMs, scripts };
        }, 0),
      );
    }
    // Cards come last (the logged-in page has no Connect): stop watching before anything is timed.
    if (seen.has('card')) watcher.disconnect();
  });
  watcher.observe(document, { childList: true, subtree: true });
}

/** The probe's findings in the page's current document. */
export const paintProbe = (page: Page): Promise<PaintProbe> =>
  page.evaluate(() => (window as unknown as PaintProbeWindow).__paints);

/** One cold visit (a fresh profile): the logged-out view, then signed in, the first card. */
export async function observeFirstPaintScripts(page: Page, appUrl: string): Promise<ObservedDownloads> {
  await page.goto(appUrl);
  await page.waitForFunction(() => (window as unknown as PaintProbeWindow).__paints.connect !== null);
  const loggedOut = (await paintProbe(page)).connect?.scripts ?? [];
  await signIn(page);
  await page.waitForFunction(() => (window as unknown as PaintProbeWindow).__paints.card !== null);
  const loggedIn = (await paintProbe(page)).card?.scripts ?? [];
  return { loggedOut, loggedIn };
}

/** `observeFirstPaintScripts` in its own Chromium (`npm run bench:bundle`); about 10 s. */
export async function measureFirstPaintScripts(appUrl: string): Promise<ObservedDownloads> {
  const browser: Browser = await launchChromium();
  try {
    const run = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(60_000);
      await context.addInitScript(installPaintProbe);
      return observeFirstPaintScripts(await context.newPage(), appUrl);
    };
    return await withDeadline(run(), 2 * 60_000, () => browser.close());
  } finally {
    await browser.close();
  }
}
