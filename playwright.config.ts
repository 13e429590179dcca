import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quietTimeZone } from './e2e/support/quiet-zone';
import { E2E_CLIENT_SECRET, E2E_PORTS, appUrl, chromiumPath } from './e2e/support/stack';

// The whole stack, started the way `npm start` starts it (after `npm run build`), on its own ports
// and its own data folder so a running demo on 8080/8090 is left alone.
const dataDir = mkdtempSync(join(tmpdir(), 'playlist-alarms-e2e-'));
// Chosen once: the workers inherit it, so a worker started in a later hour keeps the same zone.
process.env.E2E_TIMEZONE ||= quietTimeZone(new Date());

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1, // one sandbox household shared by every journey: run them in turn
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: appUrl,
    timezoneId: process.env.E2E_TIMEZONE,
    trace: 'retain-on-failure',
    // The app's service worker caches the shell and answers navigations: a journey's page.route or
    // request counts would meet the cache instead of the server. e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      // Root in CI needs --no-sandbox; the closed network refuses Chromium's background calls.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx scripts/start.ts',
    url: `${appUrl}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORTS.app),
      SANDBOX_PORT: String(E2E_PORTS.sandbox),
      SANDBOX_MQTT_PORT: String(E2E_PORTS.sandboxMqtt),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every journey signs in through the server (/auth/login, /auth/callback), all from one
      // address: the sign-in tier's 20 a minute per address would refuse the suite, not an attacker.
      RATE_LIMIT_SIGN_IN: '1000',
      // The journeys steer the sandbox (players, faults, tokens): its test knobs, off by default.
      SANDBOX_KNOBS: '1',
      // The family's own players live in the browser's quiet zone too: their alarms are hours away,
      // so no journey meets the page connecting one by itself. Grandma's Player stays in New York.
      SANDBOX_HOME_TIMEZONE: process.env.E2E_TIMEZONE,
      // Every journey signs in as a confidential client: the sandbox refuses token requests
      // without the secret, and the demo's server sends it with each exchange and refresh.
      SANDBOX_CLIENT_SECRET: E2E_CLIENT_SECRET,
    },
  },
});
