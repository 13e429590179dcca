import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from './support/test';
import { AppPage } from './support/app-page';
import { startDevCommand } from './support/dev-command';

// The development loop as a new engineer meets it: `npm run dev` prints one URL; there they sign in
// through the sandbox, connect a player over MQTT, change a component and see it without losing
// anything; Ctrl-C stops everything. The other journeys run against the build (`npm start`).

// The edit is put back in a `finally`; only a killed test run could leave it (git shows it).
const component = resolve(import.meta.dirname, '../packages/web/src/app/StatusChips.tsx');
const ORIGINAL = 'label={signedIn}';
const EDITED = 'label={`${signedIn} (edited while running)`}';

test('npm run dev: sign in, connect a player, a component edit hot-reloads, Ctrl-C stops it all', async ({
  browser,
}) => {
  // Vite's first start optimises the dependencies: on a busy machine that takes a while.
  test.setTimeout(240_000);
  const source = readFileSync(component, 'utf8');
  expect(source).toContain(ORIGINAL);
  const dev = await startDevCommand(90_000);
  try {
    // Service workers allowed, unlike the other journeys: the dev page must register none.
    const context = await browser.newContext({ baseURL: dev.url, serviceWorkers: 'allow' });
    try {
      await useTheLoop(await context.newPage(), dev.url, source);
    } finally {
      await context.close();
    }
  } finally {
    writeFileSync(component, source);
    await dev.interrupt();
  }
  expect(dev.output()).toContain('SIGINT: stopping…');
  expect(dev.anyAlive()).toBe(false);
  await expect(fetch(dev.url)).rejects.toThrow();
});

async function useTheLoop(page: Page, devUrl: string, source: string): Promise<void> {
  const app = new AppPage(page);
  await app.signIn();
  // The sign-in's redirects came back to Vite's origin, not the server's.
  expect(new URL(page.url()).origin).toBe(new URL(devUrl).origin);
  const summary = page.getByLabel('Connection summary');
  await expect(summary.getByText('42 Playlists')).toBeVisible();
  await expect(app.playlistCards().first()).toBeVisible();

  // MQTT from Vite's origin: the sandbox accepts the page it was told about.
  const card = await app.connectPlayer();
  await expect(summary.getByText('MQTT Connected')).toBeVisible();

  // A marker in the page survives a hot update and would vanish with a full reload.
  await page.evaluate(() => Object.assign(window, { devLoopMarker: true }));
  writeFileSync(component, source.replace(ORIGINAL, EDITED));
  await expect(summary.getByText('Connected (edited while running)')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => 'devLoopMarker' in window)).toBe(true);
  await expect(card.getByRole('button', { name: 'Disconnect MQTT' })).toBeVisible();
  writeFileSync(component, source);
  await expect(summary.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });

  // A full reload keeps the session: the server's cookie, on Vite's origin.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back', exact: true })).toBeVisible();
  // The service worker is off under the dev server: the page's idle-time registration does nothing.
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5_000 })));
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  // Signing out is an unsafe request: the server's Origin check accepts the page's origin.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(app.connectButton()).toBeVisible();
}
