// Bytes on the wire for the app's first load, as Chromium received them (compressed bodies plus
// headers): to the painted logged-out view, then the service worker's precache of the shell, then a
// repeat visit served by the worker. The same first load with `Accept-Encoding: identity` shows
// what the precompressed files save.
import type { Browser, BrowserContext, Request } from '@playwright/test';
import { launchChromium, withDeadline } from './stack';

export interface Tally {
  requests: number;
  /** Response headers and (encoded) bodies. */
  wireBytes: number;
  /** Of which JavaScript. */
  scriptBytes: number;
}

export interface TransferReport {
  /** Requests finished when "Connect Yoto Account" was painted. */
  firstPaint: Tally;
  /** The same without compression. */
  firstPaintUncompressed: Tally;
  /** What the worker downloaded to precache the shell (after the first paint). */
  precache: Tally;
  /** The repeat visit's network traffic (the worker serves the shell from its cache). */
  repeatVisit: Tally;
}

const empty = (): Tally => ({ requests: 0, wireBytes: 0, scriptBytes: 0 });

/** Counts every finished request of `context`, the page's and the worker's apart. */
function countRequests(context: BrowserContext) {
  const page = empty();
  const worker = empty();
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request: Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        // Answered by the worker from its cache: nothing crossed the network.
        if (!response || response.fromServiceWorker()) return;
        const sizes = await request.sizes();
        const bytes = sizes.responseHeadersSize + sizes.responseBodySize;
        const tally = request.serviceWorker() ? worker : page;
        tally.requests += 1;
        tally.wireBytes += bytes;
        if (request.resourceType() === 'script' || request.url().endsWith('.js')) tally.scriptBytes += bytes;
      })(),
    );
  });
  return {
    /** Settled counts so far, then zeroed. */
    async take(): Promise<{ page: Tally; worker: Tally }> {
      await Promise.all(pending.splice(0));
      const taken = { page: { ...page }, worker: { ...worker } };
      Object.assign(page, empty());
      Object.assign(worker, empty());
      return taken;
    },
  };
}

async function paintConnect(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'Connect Yoto Account' }).waitFor();
  return page;
}

async function measure(browser: Browser, url: string): Promise<TransferReport> {
  const plain = await browser.newContext({
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'accept-encoding': 'identity' },
  });
  let firstPaintUncompressed: Tally;
  try {
    const counter = countRequests(plain);
    await paintConnect(plain, url);
    firstPaintUncompressed = (await counter.take()).page;
  } finally {
    await plain.close();
  }

  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const counter = countRequests(context);
    const page = await paintConnect(context, url);
    const firstPaint = (await counter.take()).page;
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    const after = await counter.take();
    const precache = after.worker;
    await page.reload();
    await page.getByRole('button', { name: 'Connect Yoto Account' }).waitFor();
    await page.waitForLoadState('networkidle');
    const repeat = await counter.take();
    return {
      firstPaint,
      firstPaintUncompressed,
      precache,
      repeatVisit: { ...repeat.page, requests: repeat.page.requests + repeat.worker.requests },
    };
  } finally {
    await context.close();
  }
}

export async function runTransferBench(appUrl: string): Promise<TransferReport> {
  const browser = await launchChromium();
  try {
    return await withDeadline(measure(browser, appUrl), 120_000, () => browser.close());
  } finally {
    await browser.close();
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function printTransferReport(report: TransferReport): void {
  const line = (label: string, tally: Tally) =>
    `  ${label.padEnd(44)} ${kB(tally.wireBytes).padStart(9)} in ${String(tally.requests).padStart(2)} requests` +
    ` (JavaScript ${kB(tally.scriptBytes)})`;
  console.log('\nBytes on the wire, logged-out first load (Chromium, headers + encoded bodies):');
  console.log(line('to the painted "Connect Yoto Account"', report.firstPaint));
  console.log(line('the same, served uncompressed', report.firstPaintUncompressed));
  console.log(line("then the service worker's precache", report.precache));
  console.log(line('repeat visit (shell from the worker)', report.repeatVisit));
}
