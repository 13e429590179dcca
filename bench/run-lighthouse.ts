// `npx tsx bench/run-lighthouse.ts`: only the Lighthouse part of `npm run bench` (same build and
// stack). Writes bench/results/lighthouse.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { buildWeb } from './build-web';
import { printLighthouseReport, runLighthouseBench } from './lighthouse';
import type { LighthouseReport } from './lighthouse';
import { startBenchStack } from './stack';

const webDist = buildWeb();
let report: LighthouseReport;
try {
  const stack = await startBenchStack(webDist);
  try {
    report = await runLighthouseBench(stack.server.url);
  } finally {
    await stack.close();
  }
} finally {
  rmSync(webDist, { recursive: true, force: true });
}
printLighthouseReport(report);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/lighthouse.json',
  JSON.stringify({ at: new Date().toISOString(), lighthouse: report }, null, 2),
);
console.log('written: bench/results/lighthouse.json');
