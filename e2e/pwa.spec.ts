import { parseAlarmList } from '@playlist-alarms/core/alarms/alarm-codec';
import { findNextAlarm, nextOccurrence } from '@playlist-alarms/core/alarms/next-alarm';
import type { Page } from './support/test';
import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { cloud } from './support/cloud';
import { browserTimeZone } from './support/quiet-zone';
import { sandbox } from './support/stack';
import { expectNoSeriousViolations } from './support/axe';

// The installable app and the service worker's alarm messages: the manifest,
// the worker at /sw.js controlling the page, the shell opening with the network off, the install
// offer's rules, and SYNC_ALARMS answered with SCHEDULE_UPDATE. The rest of the suite blocks
// service workers (playwright.config.ts); these journeys need theirs.
test.use({ serviceWorkers: 'allow' });

const OFFLINE = 'You are offline: playlists and players need a connection';

/** The first visit: the logged-out view, then the worker installed (precached) and in control. */
async function firstVisit(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Connect Yoto Account' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** PNG width and height from the IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('the manifest names the app with its icons, and /sw.js controls the page', async ({ page, context }) => {
  await firstVisit(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifestResponse = await page.request.get('/manifest.webmanifest');
  expect(manifestResponse.ok()).toBe(true);
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    theme_color: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Yoto Playlist Alarms',
    short_name: 'Playlist Alarms',
    theme_color: '#5b4bdb',
    display: 'standalone',
  });
  const wanted = [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ];
  for (const { sizes, purpose } of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose} icon`).toBeDefined();
    const png = await page.request.get(icon!.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const [width, height] = sizes.split('x').map(Number);
    expect(pngSize(await png.body())).toEqual({ width, height });
  }

  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(new URL(scriptUrl!).pathname).toBe('/sw.js');
  expect(context.serviceWorkers().map((worker) => new URL(worker.url()).pathname)).toContain('/sw.js');
});

test('after one visit the app opens without a network and says what needs one', async ({ page, context }) => {
  await firstVisit(page);
  await context.setOffline(true);
  try {
    await page.reload();
    // The shell came from the worker's cache; the configuration could not: said, not failed.
    await expect(page.getByRole('heading', { level: 1, name: 'Yoto Playlist Alarms' })).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await expect(page.getByText('Failed to initialize app. Please try again.')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the app opened offline');

    // Back online: Retry boots the app; losing the network again during the session is said too.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: 'Connect Yoto Account' })).toBeVisible();
    await expect(page.getByText(OFFLINE)).toHaveCount(0);
    await context.setOffline(true);
    await expect(page.getByRole('complementary', { name: 'App notices' }).getByText(OFFLINE)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText(OFFLINE)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('the runtime configuration is preloaded by the page and fetched once', async ({ page }) => {
  const configRequests: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/config') configRequests.push(request.resourceType());
  });
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Connect Yoto Account' })).toBeVisible();
  // The app's fetch took the preloaded answer: one request, and no "preloaded but not used" warning.
  expect(configRequests).toHaveLength(1);
  expect(warnings).toEqual([]);
});

/** Fires a beforeinstallprompt as Chromium would; true when the app took it over (preventDefault). */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const record = window as unknown as { prompted?: number };
    Object.assign(event, {
      prompt: () => {
        record.prompted = (record.prompted ?? 0) + 1;
        return Promise.resolve({ outcome: 'accepted' });
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test('"Install App" shows only while the browser offers installation', async ({ page }) => {
  const install = page.getByRole('button', { name: 'Install App' });
  await firstVisit(page);
  await expect(install).toHaveCount(0);

  expect(await offerInstall(page)).toBe(true);
  await expect(install).toBeVisible();
  await expect(page.getByText('Install for offline access and better performance')).toBeVisible();
  await expectNoSeriousViolations(page, 'the install offer');
  await install.click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  await expect(install).toHaveCount(0);

  // Installed meanwhile (from the browser's own menu): the offer goes.
  await offerInstall(page);
  await expect(install).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toHaveCount(0);
});

test('no "Install App" inside the installed app (display-mode standalone)', async ({ page }) => {
  // Chromium cannot be started as an installed app here, nor emulate display-mode: the page's
  // media query answers as it does in the installed window.
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query.includes('display-mode: standalone')
        ? ({
            matches: true,
            media: query,
            onchange: null,
            addListener: () => undefined,
            removeListener: () => undefined,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
            dispatchEvent: () => false,
          } as MediaQueryList)
        : original(query);
  });
  await firstVisit(page);
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  await offerInstall(page);
  await page.waitForTimeout(300); // give the notices a render: nothing may appear
  await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
});

/** Posts to the worker and waits for its SCHEDULE_UPDATE answer. */
const syncWithWorker = (page: Page, message: unknown) =>
  page.evaluate(
    (sent) =>
      new Promise<unknown>((resolve) => {
        const container = navigator.serviceWorker;
        container.addEventListener('message', function answer(event: MessageEvent<{ type?: string }>) {
          if (event.data.type !== 'SCHEDULE_UPDATE') return;
          container.removeEventListener('message', answer);
          resolve(event.data);
        });
        container.controller?.postMessage(sent);
      }),
    message,
  );

test('SYNC_ALARMS is answered with SCHEDULE_UPDATE naming the next alarm', async ({ page }) => {
  await firstVisit(page);
  const now = new Date();
  const hour = (now.getUTCHours() + 2) % 24;
  const alarm = {
    id: 'alarm_3',
    source: 'device',
    deviceId: 'demo-player-1',
    hour,
    minute: 15,
    days: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
    cardId: 'card-x',
  } as const;
  const answer = await syncWithWorker(page, {
    type: 'SYNC_ALARMS',
    timeZone: 'UTC',
    alarms: [alarm, { ...alarm, id: 'cloud-1', source: 'cloud', hour: (hour + 1) % 24, days: '1111111' }],
    devices: [{ deviceId: 'demo-player-1', name: 'Bedroom Player' }],
    playlists: [{ cardId: 'card-x', title: 'Morning Songs' }],
  });
  expect(answer).toEqual({
    type: 'SCHEDULE_UPDATE',
    next: {
      alarmId: 'alarm_3',
      source: 'device',
      deviceId: 'demo-player-1',
      deviceName: 'Bedroom Player',
      cardId: 'card-x',
      title: 'Morning Songs',
      at: nextOccurrence({ ...alarm, days: [...alarm.days] }, now, 'UTC')!.toISOString(),
    },
  });

  const refused = (await syncWithWorker(page, { type: 'SYNC_ALARMS', alarms: 'all' })) as { error?: string };
  expect(refused.error).toMatch(/^Unreadable service worker message: /);
});

test('signed in, the page syncs its alarms and the worker schedules the next one', async ({ page }) => {
  await sandbox.reset();
  // Cloud alarms live in the server, which a reset of the sandbox leaves: a journey before this one
  // on the same stack (dialog-focus's weekday 19:00) came before the players' alarms at some hours.
  await cloud.clear();
  // Every SCHEDULE_UPDATE the worker sends this page, across the sign-in's navigations.
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { schedules: unknown[] }).schedules = seen;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
      if (event.data.type === 'SCHEDULE_UPDATE') seen.push(event.data);
    });
  });
  const app = new AppPage(page);
  await app.signIn();
  // The alarm tab loads the cloud alarms; opening a player's alarms loads that player's config.
  await app.tab('Alarm Management').click();
  await page.getByRole('button', { name: 'Bedroom Player' }).click();

  const zone = await browserTimeZone(page);
  // The scheduler plans across every player of the family, offline ones included, each in its zone.
  const devices = await Promise.all(
    (await sandbox.demoDeviceIds()).map(async (deviceId) => ({
      deviceId,
      alarms: parseAlarmList(await sandbox.deviceAlarms(deviceId)).alarms,
      timeZone: await sandbox.deviceZone(deviceId),
    })),
  );
  const expected = findNextAlarm(devices, new Date(), zone);
  expect(expected, 'the demo household has enabled alarms').not.toBeNull();
  // The account's cloud alarms, with the page's credential: its session cookie.
  const cloudList = (await page.evaluate(async () => {
    const response = await fetch('/api/alarms');
    if (!response.ok) throw new Error(`GET /api/alarms: HTTP ${response.status}`);
    return (await response.json()) as unknown;
  })) as {
    alarms: { is_enabled: boolean; next_fire_at: string | null }[];
  };
  expect(
    cloudList.alarms.filter(
      (a) => a.is_enabled && a.next_fire_at && Date.parse(a.next_fire_at) <= expected!.at.getTime(),
    ),
    'no cloud alarm comes first',
  ).toEqual([]);

  await expect
    .poll(() =>
      page.evaluate(() => {
        const seen = (window as unknown as { schedules: { next: unknown }[] }).schedules;
        return seen.at(-1)?.next ?? null;
      }),
    )
    .toMatchObject({
      source: 'device',
      deviceId: expected!.deviceId,
      alarmId: expected!.alarm.id,
      cardId: expected!.alarm.cardId,
      at: expected!.at.toISOString(),
    });
});
