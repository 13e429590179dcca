// `npm run bench`: timings of the real stack on this machine, reported as medians and p99, never
// asserted (budgets are printed beside them). Results go to bench/results/latest.json so runs can
// be compared. Everything runs on free ports, so a demo or an e2e run can go on at the same time.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { cardUri } from '@playlist-alarms/core/device/card-uri';
import { parseDeviceEvents } from '@playlist-alarms/core/device/device-messages';
import { filterPlaylists, paginate } from '@playlist-alarms/core/library/playlist-browser';
import { MqttDeviceLink } from '@playlist-alarms/provider/device-link';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import { chromiumPath } from '../e2e/support/stack';
import { runBrowserBench } from './browser';
import { buildWeb } from './build-web';
import { printCloudApiRows, runCloudApiBench } from './cloud-api';
import type { ThroughputRow } from './cloud-api';
import { measureBundle, observedDownload, printBundleReport, printObservedReport } from './bundle-size';
import type { ObservedDownload } from './bundle-size';
import { runRoundTripBench } from './round-trip';
import { runLatenessBench } from './lateness';
import { printSameMinute, runSameMinuteBench } from './same-minute';
import type { SameMinuteReport } from './same-minute';
import { printWorkerPass, runWorkerPassBench } from './worker-pass';
import type { WorkerPassReport } from './worker-pass';
import { printSoak, runSoak, soakMinutes, soakTimings } from './soak';
import type { SoakReport } from './soak';
import { startBenchStack } from './stack';
import { currentLoad, finishLoad, printLoad, printResults, summarize } from './stats';
import { printLighthouseReport, runLighthouseBench } from './lighthouse';
import type { LighthouseReport } from './lighthouse';
import { printTransferReport, runTransferBench } from './transfer';
import type { TransferReport } from './transfer';
import type { Result } from './stats';

async function measure(name: string, runs: number, once: () => unknown, note?: string) {
  await once(); // warm-up: JIT, connections, caches
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  return summarize(name, times, note ? { note } : {});
}

// Timings on a busy machine (tests of other work, a build) are not comparable: say how busy it was.
const loadAtStart = currentLoad();

// The bench's own build of the current source, served by the server below.
const webDist = buildWeb();
const bundle = measureBundle(webDist);

const stack = await startBenchStack(webDist).catch((error: unknown) => {
  rmSync(webDist, { recursive: true, force: true });
  throw error;
});
const { sandbox, server } = stack;
const results: Result[] = [];
let cloudApi: ThroughputRow[] = [];
let workerPass: WorkerPassReport | null = null;
let sameMinute: SameMinuteReport | null = null;
let soak: SoakReport | null = null;
let transfer: TransferReport | null = null;
let lighthouseReport: LighthouseReport | null = null;
let observed: ObservedDownload[] | null = null;
const link = new MqttDeviceLink({ brokerUrl: sandbox.wsUrl, log: () => undefined });
try {
  const { access_token: token } = await sandbox.issueTokens('demo');
  const client = new ProviderClient({
    apiBase: sandbox.url,
    getAccessToken: () => Promise.resolve(token),
  });

  results.push(
    await measure('server GET /api/config', 200, () =>
      fetch(`${server.url}/api/config`).then((r) => r.text()),
    ),
  );
  results.push(
    await measure('server GET /api/health', 50, () =>
      fetch(`${server.url}/api/health`).then((r) => r.text()),
    ),
  );

  const playlists = await client.getPlaylists();
  results.push(
    await measure(`provider getPlaylists (${playlists.length} playlists: fetch, validate, map)`, 10, () =>
      client.getPlaylists(),
    ),
  );

  // One keystroke of a search over the whole household: filter, then cut the first page.
  const queries = ['s', 'so', 'son', 'song', 'songs', 'songs f', 'songs fo'];
  let q = 0;
  results.push(
    await measure(`core filter + page per keystroke (${playlists.length} playlists)`, 500, () => {
      const query = queries[q++ % queries.length] ?? '';
      return paginate(filterPlaylists(playlists, query), 1);
    }),
  );

  // Command round trip: card/start sent → the player's `playing` event back over the broker.
  const cardId = playlists.find((p) => p.cardId !== null && p.category !== 'restricted')?.cardId;
  if (!cardId) throw new Error('the demo household has no playable card');
  if (!(await link.connect('demo-player-1', token))) throw new Error('could not connect to demo-player-1');
  const awaitStatus = (status: string) =>
    new Promise<void>((resolve) => {
      const off = link.onMessage((message) => {
        if (message.kind !== 'events') return;
        if (parseDeviceEvents(message.payload)?.playbackStatus === status) {
          off();
          resolve();
        }
      });
    });
  results.push(
    await measure(
      'device round trip: card/start → playing event',
      50,
      async () => {
        const playing = awaitStatus('playing');
        link.send('card/start', { uri: cardUri('https://yoto.io', cardId) });
        await playing;
        const stopped = awaitStatus('stopped');
        link.send('card/stop', null);
        await stopped;
      },
      'includes the card/stop → stopped leg, so one run is two round trips',
    ),
  );

  const browser = await runBrowserBench(server.url);
  results.push(...browser.results);
  observed = [
    observedDownload(webDist, 'logged-out', browser.downloads.loggedOut),
    observedDownload(webDist, 'logged-in', browser.downloads.loggedIn),
  ];
  transfer = await runTransferBench(server.url);
  lighthouseReport = await runLighthouseBench(server.url);
  results.push(...(await runRoundTripBench(server.url, sandbox.url)));
  // Minutes of wall time (SOAK_MINUTES, default 10): a tab hidden with a player connected.
  soak = await runSoak({
    appUrl: server.url,
    sandboxUrl: sandbox.url,
    chromiumPath: chromiumPath(),
    ...soakTimings(soakMinutes()),
  });
  // Its own servers (one per database) and token issuer, after the stack's work is done.
  cloudApi = await runCloudApiBench();
  workerPass = await runWorkerPassBench();
  results.push(workerPass.result, workerPass.instants);
  // Wall time: about four minutes (alarms armed, then rung over 2.5 minutes).
  results.push((await runLatenessBench()).result);
  // Wall time: about two minutes (1,000 players on one minute, three replicas; SAME_MINUTE_HOUSEHOLDS).
  sameMinute = await runSameMinuteBench();
  results.push(sameMinute.result);
} finally {
  await link.dispose();
  try {
    await stack.close();
  } finally {
    rmSync(webDist, { recursive: true, force: true });
  }
}

const load = finishLoad(loadAtStart);
printResults(results);
printCloudApiRows(cloudApi);
if (workerPass) printWorkerPass(workerPass);
if (sameMinute) printSameMinute(sameMinute);
if (soak) printSoak(soak);
printLoad(load);
printBundleReport(bundle);
if (!observed) throw new Error('the browser benchmark gave no downloads');
printObservedReport(bundle, observed);
if (transfer) printTransferReport(transfer);
if (lighthouseReport) printLighthouseReport(lighthouseReport);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/latest.json',
  JSON.stringify(
    {
      at: new Date().toISOString(),
      node: process.version,
      load,
      results,
      cloudApi,
      workerPlan: workerPass?.plan ?? null,
      sameMinute:
        sameMinute === null
          ? null
          : {
              p50Ms: sameMinute.p50Ms,
              p99Ms: sameMinute.p99Ms,
              unheard: sameMinute.unheard.length,
              repeated: sameMinute.repeated.length,
              statementsPerFiring: sameMinute.statementsPerFiring,
              ...sameMinute.run,
            },
      soak,
      bundle,
      observedDownloads: observed,
      transfer,
      lighthouse: lighthouseReport,
    },
    null,
    2,
  ),
);
console.log('written: bench/results/latest.json');
