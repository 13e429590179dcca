// `npx tsx bench/run-round-trip.ts`: only the command round trip of `npm run bench` (same build,
// household and stack), for working on it. Writes bench/results/round-trip.json, so the complete
// results in latest.json stay as they were.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { buildWeb } from './build-web';
import { runRoundTripBench } from './round-trip';
import { startBenchStack } from './stack';
import { currentLoad, finishLoad, printLoad, printResults } from './stats';
import type { Result } from './stats';

const loadAtStart = currentLoad();
const webDist = buildWeb();
let results: Result[];
try {
  const stack = await startBenchStack(webDist);
  try {
    results = await runRoundTripBench(stack.server.url, stack.sandbox.url);
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
  'bench/results/round-trip.json',
  JSON.stringify({ at: new Date().toISOString(), node: process.version, load, results }, null, 2),
);
console.log('written: bench/results/round-trip.json');
