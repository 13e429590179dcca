// `npx tsx bench/run-cloud-api.ts`: only the cloud alarms API rows of `npm run bench` (no web build,
// no sandbox). Writes bench/results/cloud-api.json, so the complete results in latest.json stay.
import { mkdirSync, writeFileSync } from 'node:fs';
import { printCloudApiRows, runCloudApiBench } from './cloud-api';
import { currentLoad, finishLoad, printLoad } from './stats';

const loadAtStart = currentLoad();
const rows = await runCloudApiBench();
const load = finishLoad(loadAtStart);
printCloudApiRows(rows);
printLoad(load);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/cloud-api.json',
  JSON.stringify({ at: new Date().toISOString(), node: process.version, load, cloudApi: rows }, null, 2),
);
console.log('written: bench/results/cloud-api.json');
