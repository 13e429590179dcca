// `npx tsx bench/run-soak.ts`: only the hidden-tab soak of `npm run bench` (SOAK_MINUTES, default
// 10), for working on it. Exits non-zero when what must hold does not.
import { chromiumPath } from '../e2e/support/stack';
import { printSoak, runSoak, soakFailures, soakMinutes, soakTimings } from './soak';
import { onBuiltStack } from './stack';

const report = await onBuiltStack(({ server, sandbox }) =>
  runSoak({
    appUrl: server.url,
    sandboxUrl: sandbox.url,
    chromiumPath: chromiumPath(),
    ...soakTimings(soakMinutes()),
  }),
);
printSoak(report);
if (soakFailures(report).length > 0) process.exitCode = 1;
