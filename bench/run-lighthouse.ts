// `npx tsx bench/run-lighthouse.ts`: only the Lighthouse part of `npm run bench` (same build and
// stack). Writes bench/results/lighthouse.json.
import { printLighthouseReport, runLighthouseBench } from './lighthouse';
import { onBuiltStack } from './stack';
import { writeBenchResults } from './stats';

const report = await onBuiltStack(({ server }) => runLighthouseBench(server.url));
printLighthouseReport(report);
writeBenchResults('lighthouse', { lighthouse: report });
