// `npx tsx bench/run-browser.ts`: only the page's timings of `npm run bench` (same build, household
// and stack): return from sign-in to the first cards, opening the Playlists tab, the search
// keystrokes, and the command round trip, so the latency figures can be worked on alone. Writes
// bench/results/browser.json, so the complete results in latest.json stay as they were.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { runBrowserBench } from './browser';
import { buildWeb } from './build-web';
import { runRoundTripBench } from './round-trip';
import { startBenchStack } from './stack';
import { currentLoad, finishLoad, printLoad, printResults } from './stats';
import type { Result } from './stats';

const loadAtStart = currentLoad();
const webDist = buildWeb();
const results: Result[] = [];
try {
  const stack = await startBenchStack(webDist);
  try {
    results.push(...(await runBrowserBench(stack.server.url)).results);
    results.push(...(await runRoundTripBench(stack.server.url, stack.sandbox.url)));
  } finally {
    await stack.close();
  }
} finally {
  rmSync(webDist, { recursive: true, force: true });
}

const load = finishLoad(loadAtStart);
printResults(results);
printLoad(load);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/browser.json',
  JSON.stringify({ at: new Date().toISOString(), node: process.version, load, results }, null, 2),
);
console.log('written: bench/results/browser.json');
