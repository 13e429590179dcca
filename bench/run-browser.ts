// `npx tsx bench/run-browser.ts`: only the page's timings of `npm run bench` (same build, household
// and stack): return from sign-in to the first cards, opening the Playlists tab, the search
// keystrokes, and the command round trip, so the latency figures can be worked on alone. Writes
// bench/results/browser.json.
import { runBrowserBench } from './browser';
import { runRoundTripBench } from './round-trip';
import { onBuiltStack } from './stack';
import { currentLoad, finishLoad, printLoad, printResults, writeBenchResults } from './stats';

const loadAtStart = currentLoad();
const results = await onBuiltStack(async ({ server, sandbox }) => [
  ...(await runBrowserBench(server.url)).results,
  ...(await runRoundTripBench(server.url, sandbox.url)),
]);
const load = finishLoad(loadAtStart);
printResults(results);
printLoad(load);
writeBenchResults('browser', { node: process.version, load, results });
