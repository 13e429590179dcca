// `npx tsx bench/run-transfer.ts`: only the bytes-on-the-wire part of `npm run bench` (same build
// and stack). Writes bench/results/transfer.json.
import { onBuiltStack } from './stack';
import { writeBenchResults } from './stats';
import { printTransferReport, runTransferBench } from './transfer';

const report = await onBuiltStack(({ server }) => runTransferBench(server.url));
printTransferReport(report);
writeBenchResults('transfer', { transfer: report });
