import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit, component, integration and contract tests; e2e runs under Playwright.
export default defineConfig({
  test: {
    // Two files more than cores, not Vitest's cores − 1: most files wait on sockets, databases, MQTT
    // and timers. On the two-core CI machine, two workers kept the cores 53% busy and took 8.6 min;
    // four kept them 76% busy and took 6.8 min, every test passing (docs/testing.md).
    maxWorkers: availableParallelism() + 2,
    // Beside the usual report, the slowest files at the end (scripts/slow-test-files.ts).
    reporters: ['default', './scripts/slow-test-files.ts'],
    projects: [
      { test: { name: 'core', root: 'packages/core', environment: 'node' } },
      { test: { name: 'provider', root: 'packages/provider', environment: 'node', testTimeout: 20_000 } },
      { test: { name: 'sandbox', root: 'packages/sandbox', environment: 'node', testTimeout: 20_000 } },
      { test: { name: 'server', root: 'packages/server', environment: 'node', testTimeout: 20_000 } },
      'packages/web/vite.config.ts',
      // Checks across the repository (each package README against its code, the CI's phase times) and
      // the bench's own arithmetic.
      {
        test: {
          name: 'repo',
          root: '.',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
