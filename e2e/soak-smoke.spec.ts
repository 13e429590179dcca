import { expect, test } from './support/test';
import { printSoak, runSoak, soakFailures, soakTimings } from '../bench/soak';
import { appUrl, chromiumPath, sandbox, sandboxUrl } from './support/stack';

// The hidden-tab soak of `npm run bench` (10 minutes there), smoke-run: under a minute hidden,
// with tokens short enough to be renewed. Its own Chromium, not Playwright's: Playwright keeps
// the pages it drives visible.

test.beforeEach(async () => {
  await sandbox.reset();
});

test('a hidden tab keeps its player events, its memory and its session (soak, smoke run)', async () => {
  test.setTimeout(150_000);
  const report = await runSoak({
    appUrl,
    sandboxUrl,
    chromiumPath: chromiumPath(),
    ...soakTimings(0.75),
  });
  printSoak(report);
  expect(report.alwaysHidden).toBe(true);
  expect(report.presses).toBeGreaterThanOrEqual(2);
  expect(report.refreshes).toBeGreaterThanOrEqual(1);
  expect(soakFailures(report)).toEqual([]);
});
