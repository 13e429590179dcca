import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit, component, integration and contract tests; e2e runs under Playwright.
export default defineConfig({
  test: {
    // One file per core, not Vitest's cores − 1: most files wait on sockets, databases and MQTT, so
    // on a two-core CI machine two workers keep both cores busy where one left one idle.
    maxWorkers: availableParallelism(),
    // Beside the usual report, the slowest files at the end (scripts/slow-test-files.ts).
    reporters: ['default', './scripts/slow-test-files.ts'],
    projects: [
      { test: { name: 'core', root: 'packages/core', environment: 'node' } },
      { test: { name: 'provider', root: 'packages/provider', environment: 'node', testTimeout: 20_000 } },
      { test: { name: 'sandbox', root: 'packages/sandbox', environment: 'node', testTimeout: 20_000 } },
      { test: { name: 'server', root: 'packages/server', environment: 'node', testTimeout: 20_000 } },
      'packages/web/vite.config.ts',
      // Checks across the repository (each package README against its code, the CI's phase times).
      { test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
