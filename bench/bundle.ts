// `npm run bench:bundle`: builds the web app and reports the JavaScript each view downloads.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { buildWeb } from './build-web';
import { measureBundle, printBundleReport } from './bundle-size';

const dist = buildWeb();
try {
  const report = measureBundle(dist);
  printBundleReport(report);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/bundle.json',
    JSON.stringify({ at: new Date().toISOString(), bundle: report }, null, 2),
  );
  console.log('written: bench/results/bundle.json');
} finally {
  rmSync(dist, { recursive: true, force: true });
}
