// `npm run bench:bundle`: builds the web app, reports the JavaScript each view imports (Vite's
// manifest) and checks the budgets against what Chromium requests before each view paints, with
// the app served by the real server over a small sandbox household. Exits 1 over a budget.
import { rmSync } from 'node:fs';
import { buildWeb } from './build-web';
import {
  measureBundle,
  observedDownload,
  printBundleReport,
  printObservedReport,
  withinBudget,
} from './bundle-size';
import { measureFirstPaintScripts } from './first-paint-scripts';
import { startBenchStack } from './stack';
import { writeBenchResults } from './stats';

/** Enough playlists for a page of cards: the scripts do not depend on the household's size. */
const PLAYLISTS = 60;

const dist = buildWeb();
try {
  const report = measureBundle(dist);
  const stack = await startBenchStack(dist, PLAYLISTS);
  let requested;
  try {
    requested = await measureFirstPaintScripts(stack.server.url);
  } finally {
    await stack.close();
  }
  const observed = [
    observedDownload(dist, 'logged-out', requested.loggedOut),
    observedDownload(dist, 'logged-in', requested.loggedIn),
  ];
  printBundleReport(report);
  printObservedReport(report, observed);
  writeBenchResults('bundle', { bundle: report, observed });
  if (!observed.every(withinBudget)) process.exitCode = 1;
} finally {
  rmSync(dist, { recursive: true, force: true });
}
