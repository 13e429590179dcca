// `npx tsx bench/run-transfer.ts`: only the bytes-on-the-wire part of `npm run bench` (same build
// and stack). Writes bench/results/transfer.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { buildWeb } from './build-web';
import { startBenchStack } from './stack';
import { printTransferReport, runTransferBench } from './transfer';
import type { TransferReport } from './transfer';

const webDist = buildWeb();
let report: TransferReport;
try {
  const stack = await startBenchStack(webDist);
  try {
    report = await runTransferBench(stack.server.url);
  } finally {
    await stack.close();
  }
} finally {
  rmSync(webDist, { recursive: true, force: true });
}
printTransferReport(report);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/transfer.json',
  JSON.stringify({ at: new Date().toISOString(), transfer: report }, null, 2),
);
console.log('written: bench/results/transfer.json');
