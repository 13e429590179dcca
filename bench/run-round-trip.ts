// `npx tsx bench/run-round-trip.ts`: only the command round trip of `npm run bench` (same build,
// household and stack), for working on it. Writes bench/results/round-trip.json.
import { runRoundTripBench } from './round-trip';
import { onBuiltStack } from './stack';
import { currentLoad, finishLoad, printLoad, printResults, writeBenchResults } from './stats';

const loadAtStart = currentLoad();
const results = await onBuiltStack(({ server, sandbox }) => runRoundTripBench(server.url, sandbox.url));
const load = finishLoad(loadAtStart);
printResults(results);
printLoad(load);
writeBenchResults('round-trip', { node: process.version, load, results });
