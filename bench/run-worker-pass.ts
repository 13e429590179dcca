// `npx tsx bench/run-worker-pass.ts`: only the worker-pass bench of `npm run bench`.
import { printResults } from './stats';
import { printWorkerPass, runWorkerPassBench } from './worker-pass';

const report = await runWorkerPassBench();
printResults([report.result, report.instants]);
printWorkerPass(report);
if (!report.usesIndex) process.exitCode = 1;
