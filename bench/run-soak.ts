// `npx tsx bench/run-soak.ts`: only the hidden-tab soak of `npm run bench` (SOAK_MINUTES, default
// 10), for working on it. Exits non-zero when what must hold does not.
import { rmSync } from 'node:fs';
import { chromiumPath } from '../e2e/support/stack';
import { buildWeb } from './build-web';
import { printSoak, runSoak, soakFailures, soakMinutes, soakTimings } from './soak';
import { startBenchStack } from './stack';

const webDist = buildWeb();
try {
  const stack = await startBenchStack(webDist);
  try {
    const report = await runSoak({
      appUrl: stack.server.url,
      sandboxUrl: stack.sandbox.url,
      chromiumPath: chromiumPath(),
      ...soakTimings(soakMinutes()),
    });
    printSoak(report);
    if (soakFailures(report).length > 0) process.exitCode = 1;
  } finally {
    await stack.close();
  }
} finally {
  rmSync(webDist, { recursive: true, force: true });
}
