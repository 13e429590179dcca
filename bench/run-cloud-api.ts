// `npx tsx bench/run-cloud-api.ts`: only the cloud alarms API rows of `npm run bench` (no web build,
// no sandbox). Writes bench/results/cloud-api.json, so the complete results in latest.json stay.
import { printCloudApiRows, runCloudApiBench } from './cloud-api';
import { currentLoad, finishLoad, printLoad, writeBenchResults } from './stats';

const loadAtStart = currentLoad();
const rows = await runCloudApiBench();
const load = finishLoad(loadAtStart);
printCloudApiRows(rows);
printLoad(load);
writeBenchResults('cloud-api', { node: process.version, load, cloudApi: rows });
