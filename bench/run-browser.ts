// `npx tsx bench/run-browser.ts [sign-in] [tab] [keystroke] [round-trip]`: only the page's timings
// of `npm run bench` (same build, household and stack): return from sign-in to the first cards,
// opening the Playlists tab, the search keystrokes, and the command round trip, so the latency
// figures can be worked on alone. Names pick some of them; none runs all four. Writes
// bench/results/browser.json.
import { BROWSER_PARTS, runBrowserBench } from './browser';
import type { BrowserPart } from './browser';
import { runRoundTripBench } from './round-trip';
import { onBuiltStack } from './stack';
import { currentLoad, finishLoad, printLoad, printResults, writeBenchResults } from './stats';

const PARTS: readonly string[] = [...BROWSER_PARTS, 'round-trip'];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !PARTS.includes(name));
if (unknown.length > 0) {
  console.error(`unknown part ${unknown.join(', ')}: choose from ${PARTS.join(', ')}`);
  process.exit(2);
}
const wanted = new Set(asked.length === 0 ? PARTS : asked);
const pageParts = new Set(BROWSER_PARTS.filter((part: BrowserPart) => wanted.has(part)));

const loadAtStart = currentLoad();
const results = await onBuiltStack(async ({ server, sandbox }) => [
  ...(pageParts.size > 0 ? (await runBrowserBench(server.url, pageParts)).results : []),
  ...(wanted.has('round-trip') ? await runRoundTripBench(server.url, sandbox.url) : []),
]);
const load = finishLoad(loadAtStart);
printResults(results);
printLoad(load);
writeBenchResults('browser', { node: process.version, load, results });
