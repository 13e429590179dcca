// What the benchmarks share: the stack on free ports (sandbox + server serving the bench's own web
// build), Debian's Chromium, a deadline for browser work and the browser sign-in to the demo account.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { loopbackTwins } from '@playlist-alarms/sandbox/app-origins';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import type { RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { loadConfig } from '@playlist-alarms/server/config';
import { startServer } from '@playlist-alarms/server/start';
import type { RunningServer } from '@playlist-alarms/server/start';
import { chromiumPath } from '../e2e/support/stack';
import { buildWeb } from './build-web';

/** The demo account's own playlists: a large household, so the app works as hard as it can. */
export const HOUSEHOLD = 10_000;

export interface BenchStack {
  sandbox: RunningSandbox;
  server: RunningServer;
  /** Closes the server and the sandbox and removes the server's data folder (not the web build). */
  close(): Promise<void>;
}

/**
 * One part of the bench on its own: the bench's web build, served by a fresh stack, for `measure`.
 * The stack and the build are gone afterwards, whatever happened.
 */
export async function onBuiltStack<T>(measure: (stack: BenchStack) => Promise<T>): Promise<T> {
  const webDist = buildWeb();
  try {
    const stack = await startBenchStack(webDist);
    try {
      return await measure(stack);
    } finally {
      await stack.close();
    }
  } finally {
    rmSync(webDist, { recursive: true, force: true });
  }
}

/** The sandbox and the demo-mode server on free ports, the server serving `webDist`. */
export async function startBenchStack(webDist: string, playlistCount = HOUSEHOLD): Promise<BenchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playlist-alarms-bench-'));
  let sandbox: RunningSandbox | undefined;
  try {
    sandbox = await startSandbox({ port: 0, mqttPort: 0, playlistCount });
    const server = await startServer(
      loadConfig({
        APP_MODE: 'demo',
        PORT: '0',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        PROVIDER_API_BASE: sandbox.url,
        PROVIDER_AUTH_ISSUER: sandbox.url,
        PROVIDER_AUDIENCE: sandbox.url,
        PROVIDER_BROKER_URL: sandbox.wsUrl,
        LOG_LEVEL: 'warn',
      }),
    );
    sandbox.allowAppOrigins(loopbackTwins(server.url));
    const running = sandbox;
    return {
      sandbox: running,
      server,
      close: async () => {
        try {
          await server.close();
          await running.close();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Each launch prints the browser's version: on the same code, the page's figures moved threefold from one machine to another. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  console.log(`browser: Chromium ${browser.version()} (${chromiumPath()})`);
  return browser;
}

/** `work`, or a rejection after `ms` (once `onTimeout`, e.g. closing the browser, has run). */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  onTimeout: () => Promise<void>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      void onTimeout().finally(() => reject(new Error(`browser benchmark exceeded ${ms / 1000} s`)));
    }, ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** From the logged-out app: the sandbox's sign-in page, back to the app, the first playlist card. */
export async function signIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Yoto Account' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('playlist-card').first().waitFor();
}
