import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quietTimeZone } from './e2e/support/quiet-zone';
import {
  E2E_CLIENT_SECRET,
  E2E_WORKERS,
  journeyBrowserPath,
  journeyLaunchOptions,
  stackDataDir,
  stackPorts,
} from './e2e/support/stack';

// Chosen once: the workers inherit it, so a worker started in a later hour keeps the same zone.
const timeZone = (process.env.E2E_TIMEZONE ||= quietTimeZone(new Date()));
// Also chosen once: each stack's data folder under it, so a journey can find its stack's database.
process.env.E2E_DATA_ROOT ||= mkdtempSync(join(tmpdir(), 'playlist-alarms-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // A file's journeys run in turn, in one worker; files spread over the workers, each of which has
  // its own stack (below), so no two journeys ever share a household.
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: Boolean(process.env.CI),
  // One more try, locally as in CI: a loaded machine can push a sign-in past its 10 s. A journey
  // that passes only on its second try is still listed as flaky in the report, to be looked into.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // The slowest files, listed at the end of the run (so at the end of the CI log): where the
  // journeys' time goes, and the next regression.
  reportSlowTests: { max: 15, threshold: 30_000 },
  use: {
    // baseURL: each worker's own stack, set by the `baseURL` fixture in e2e/support/test.ts.
    timezoneId: timeZone,
    // Tracing films every action (screencast frames, DOM snapshots): on a two-core machine, three
    // journey files in full Chromium took 5.5 min traced and 3.4 min not (docs/testing.md), and a
    // whole `npm test` traced timed out 22 journeys. So only a failed journey's retry is filmed,
    // locally as in CI; `npx playwright test --trace retain-on-failure FILE` films one file's first try.
    trace: 'on-first-retry',
    // The app's service worker caches the shell and answers navigations: a journey's page.route or
    // request counts would meet the cache instead of the server. e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: journeyLaunchOptions(journeyBrowserPath()),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => stack(index)),
});

function stackData(index: number): string {
  const dir = stackDataDir(index);
  mkdirSync(dir, { recursive: true });
  return dir;
}

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

/**
 * Stack number `index`: the whole app started the way `npm start` starts it (after `npm run build`),
 * on its own ports and its own data folder, so a running demo on 8080/8090 is left alone.
 */
function stack(index: number): WebServer {
  const ports = stackPorts(index);
  return {
    command: 'npx tsx scripts/start.ts',
    url: `http://localhost:${ports.app}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(ports.app),
      SANDBOX_PORT: String(ports.sandbox),
      SANDBOX_MQTT_PORT: String(ports.sandboxMqtt),
      DATA_DIR: stackData(index),
      LOG_LEVEL: 'warn',
      // Every journey signs in through the server (/auth/login, /auth/callback), all from one
      // address: the sign-in tier's 20 a minute per address would refuse the suite, not an attacker.
      RATE_LIMIT_SIGN_IN: '1000',
      // The same for every request: each journey's browser is a fresh one at the same address, and
      // a visit that installs the service worker fetches its precache too (about 100 files). A few of
      // those in one minute, after other journeys on the same stack, passed 1,200 a minute: the
      // page's /api/config got 429 and the journey failed (pwa.spec.ts, repeated). The limits
      // themselves are tested by the server's own suites (rate-limits.integration.test.ts).
      RATE_LIMIT_PER_ADDRESS: '100000',
      // The journeys steer the sandbox (players, faults, tokens): its test knobs, off by default.
      SANDBOX_KNOBS: '1',
      // The family's own players live in the browser's quiet zone too: their alarms are hours away,
      // so no journey meets the page connecting one by itself. Grandma's Player stays in New York.
      SANDBOX_HOME_TIMEZONE: timeZone,
      // Every journey signs in as a confidential client: the sandbox refuses token requests
      // without the secret, and the demo's server sends it with each exchange and refresh.
      SANDBOX_CLIENT_SECRET: E2E_CLIENT_SECRET,
      // A skipped player alarm goes back on 5 s after its ringing (2 min by default), so the journey
      // that watches it (alarms-device-skip.spec.ts) takes a minute or two, not four.
      DEVICE_ALARM_HOLD_MARGIN_S: '5',
      // Push: the journey's local push service is an endpoint the server may send to, and the
      // evening check looks every 5 s (300 by default), so e2e/push-evening-check.spec.ts waits seconds.
      PUSH_ENDPOINT_HOSTS: `127.0.0.1:${ports.push}`,
      PUSH_WATCH_INTERVAL_S: '5',
    },
  };
}
