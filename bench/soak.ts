// The hidden-tab soak: a signed-in tab with a connected player stays hidden, throttled as
// browsers throttle background tabs, while the player is used by hand. What must hold: the player's
// events keep reaching the tab (the app re-asks for them before the player's 5-minute window
// closes), the tab's memory does not grow, and the session is renewed at least once.
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { z } from 'zod';
import { CdpSession, startDebuggedChromium } from './cdp';
import type { CdpEvent } from './cdp';
import { signIn } from './stack';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';

export interface SoakOptions {
  appUrl: string;
  sandboxUrl: string;
  chromiumPath: string;
  hiddenMs: number;
  /** How often the player's own buttons are pressed (pause, resume, …): each press is an event. */
  pressEveryMs: number;
  /** Access-token lifetime the sandbox issues during the soak, so renewals happen within it. */
  tokenLifetimeSeconds: number;
  deviceId?: string;
  deviceName?: string;
}

export interface SoakReport {
  hiddenMinutes: number;
  /** document.visibilityState at every sample: all 'hidden' for a valid soak. */
  alwaysHidden: boolean;
  presses: number;
  /** Presses whose event reached the hidden tab within 10 s. */
  delivered: number;
  /** events/request commands the hidden tab sent. */
  eventRequests: number;
  heapStartMb: number;
  heapEndMb: number;
  heapPeakMb: number;
  /** Refresh grants the provider answered during the soak. */
  refreshes: number;
}

const MB = 1024 * 1024;
const DELIVERY_WAIT_MS = 10_000;
const heapSchema = z.object({ usedSize: z.number() });
const evaluateSchema = z.object({ result: z.object({ value: z.unknown() }) });
const frameSchema = z.object({ response: z.object({ opcode: z.number(), payloadData: z.string() }) });

/** MQTT over WebSocket travels in binary frames: DevTools gives them base64. */
const frameBytes = (event: CdpEvent): Buffer | null => {
  const frame = frameSchema.safeParse(event.params);
  if (!frame.success) return null;
  const { opcode, payloadData } = frame.data.response;
  return opcode === 2 ? Buffer.from(payloadData, 'base64') : Buffer.from(payloadData, 'utf8');
};

/** Signs in, connects the player and starts a card, with Playwright; then lets the tab go. */
async function prepareTab(endpoint: string, options: SoakOptions, deviceName: string): Promise<void> {
  const browser = await chromium.connectOverCDP(endpoint);
  try {
    const page = browser.contexts()[0]?.pages()[0];
    if (!page) throw new Error('Chromium has no tab to use');
    await page.goto(options.appUrl);
    await signIn(page);
    await page.getByRole('tab', { name: /^Device Management/ }).click();
    const card = page.getByRole('article', { name: deviceName });
    await card.getByRole('button', { name: 'Connect MQTT' }).click();
    await card.getByRole('button', { name: 'Disconnect MQTT' }).waitFor();
    await card.getByRole('group', { name: 'Quick Play Favorites' }).getByRole('button').first().click();
  } finally {
    // Disconnects only: the tab stays open, and Playwright's focus emulation goes with it.
    await browser.close();
  }
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const deviceId = options.deviceId ?? 'demo-player-1';
  const deviceName = options.deviceName ?? 'Bedroom Player';
  await sandboxKnobs(options.sandboxUrl).setTokenLifetime(options.tokenLifetimeSeconds);
  const chromiumProcess = await startDebuggedChromium(options.chromiumPath);
  let session: CdpSession | undefined;
  try {
    const [tab] = await chromiumProcess.pages();
    if (!tab) throw new Error('Chromium opened no tab');
    // Listening from the start, so the MQTT WebSocket the app opens later is seen.
    session = await CdpSession.open(tab.webSocketDebuggerUrl);
    // An MQTT packet may span several WebSocket frames: what arrived, as one stream of bytes.
    const received = { stream: '' };
    let eventRequests = 0;
    session.onEvent((event) => {
      const bytes = frameBytes(event);
      if (!bytes) return;
      if (event.method === 'Network.webSocketFrameReceived') received.stream += bytes.toString('latin1');
      if (
        event.method === 'Network.webSocketFrameSent' &&
        bytes.includes(`${deviceId}/command/events/request`)
      )
        eventRequests += 1;
    });
    await session.send('Network.enable');

    await prepareTab(chromiumProcess.endpoint, options, deviceName);
    await waitForPlayer(options.sandboxUrl, deviceId, 'playing');
    await chromiumProcess.openTab('about:blank');

    const cdp = session;
    const visibility = async () =>
      evaluateSchema.parse(await cdp.send('Runtime.evaluate', { expression: 'document.visibilityState' }))
        .result.value;
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return heapSchema.parse(await cdp.send('Runtime.getHeapUsage')).usedSize / MB;
    };

    const refreshesBefore = (await sandboxKnobs(options.sandboxUrl).tokenStats()).refreshes;
    let alwaysHidden = (await visibility()) === 'hidden';
    const heapStartMb = await heapMb();
    let heapPeakMb = heapStartMb;
    const start = Date.now();
    let presses = 0;
    let delivered = 0;
    let nextHeapAt = start + 60_000;
    while (Date.now() - start < options.hiddenMs) {
      await sleep(Math.min(options.pressEveryMs, Math.max(0, options.hiddenMs - (Date.now() - start))));
      if (Date.now() - start >= options.hiddenMs) break;
      const action = presses % 2 === 0 ? 'pause' : 'resume';
      const expected = `"playbackStatus":"${action === 'pause' ? 'paused' : 'playing'}"`;
      const from = received.stream.length;
      await sandboxKnobs(options.sandboxUrl).player(deviceId).press(action);
      presses += 1;
      if (await arrives(received, from, deviceId, expected)) delivered += 1;
      alwaysHidden &&= (await visibility()) === 'hidden';
      if (Date.now() >= nextHeapAt) {
        heapPeakMb = Math.max(heapPeakMb, await heapMb());
        nextHeapAt += 60_000;
      }
    }
    const heapEndMb = await heapMb();
    const refreshesAfter = (await sandboxKnobs(options.sandboxUrl).tokenStats()).refreshes;
    return {
      hiddenMinutes: (Date.now() - start) / 60_000,
      alwaysHidden,
      presses,
      delivered,
      eventRequests,
      heapStartMb,
      heapEndMb,
      heapPeakMb: Math.max(heapPeakMb, heapEndMb),
      refreshes: refreshesAfter - refreshesBefore,
    };
  } finally {
    session?.close();
    await chromiumProcess.close();
    await sandboxKnobs(options.sandboxUrl)
      .setTokenLifetime(null)
      .catch(() => undefined);
  }
}

/**
 * Whether a PUBLISH on the player's `data/events` carrying `expected` arrives after offset `from`
 * of the stream within the wait. In a PUBLISH the payload follows the topic, after a 2-byte packet
 * id at QoS 1.
 */
async function arrives(
  received: { stream: string },
  from: number,
  deviceId: string,
  expected: string,
): Promise<boolean> {
  const topic = `device/${deviceId}/data/events`.replaceAll('/', '\\/');
  const pattern = new RegExp(`${topic}[\\s\\S]{0,2}\\{[^}]*${expected}`);
  const deadline = Date.now() + DELIVERY_WAIT_MS;
  while (Date.now() < deadline) {
    if (pattern.test(received.stream.slice(from))) return true;
    await sleep(100);
  }
  return false;
}

async function waitForPlayer(sandboxUrl: string, deviceId: string, status: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const player = await sandboxKnobs(sandboxUrl).player(deviceId).state();
    if (player.playbackStatus === status) return;
    await sleep(200);
  }
  throw new Error(`${deviceId} is not ${status} after the soak's quick play`);
}

/** What must hold; an empty list is a pass. */
export function soakFailures(report: SoakReport): string[] {
  const failures: string[] = [];
  if (!report.alwaysHidden) failures.push('the tab was not hidden throughout');
  if (report.presses === 0) failures.push('no button was pressed');
  if (report.delivered < report.presses)
    failures.push(`${report.presses - report.delivered} of ${report.presses} events did not reach the tab`);
  if (report.refreshes < 1) failures.push('the session was not renewed');
  // Garbage-collected both times: what stays is what the tab keeps. A little slack for caches.
  const allowedMb = Math.max(2, report.heapStartMb * 0.1);
  if (report.heapEndMb - report.heapStartMb > allowedMb)
    failures.push(
      `the heap grew ${(report.heapEndMb - report.heapStartMb).toFixed(1)} MB (allowed ${allowedMb.toFixed(1)})`,
    );
  return failures;
}

export function printSoak(report: SoakReport): void {
  console.log('\nHidden-tab soak');
  console.log(
    `  hidden for ${report.hiddenMinutes.toFixed(1)} min, visibility hidden throughout: ${report.alwaysHidden}`,
  );
  console.log(
    `  player events reaching the tab: ${report.delivered}/${report.presses} presses; events re-requested ${report.eventRequests}×`,
  );
  console.log(
    `  JS heap (after GC): ${report.heapStartMb.toFixed(1)} MB → ${report.heapEndMb.toFixed(1)} MB, peak ${report.heapPeakMb.toFixed(1)} MB`,
  );
  console.log(`  session renewals (refresh grants): ${report.refreshes}`);
  const failures = soakFailures(report);
  console.log(failures.length === 0 ? '  holds: yes' : `  DOES NOT HOLD: ${failures.join('; ')}`);
}

/** SOAK_MINUTES (default 10: the hidden time). */
export function soakMinutes(): number {
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error('SOAK_MINUTES must be a positive number');
  return minutes;
}

/** The hidden time, a press every 20 s, and tokens short enough to be renewed a few times within it. */
export function soakTimings(minutes: number) {
  const hiddenMs = minutes * 60_000;
  return {
    hiddenMs,
    pressEveryMs: Math.min(20_000, hiddenMs / 3),
    tokenLifetimeSeconds: Math.round(Math.max(15, Math.min(120, hiddenMs / 3000))),
  };
}
