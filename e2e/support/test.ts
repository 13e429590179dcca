import { test as base, expect } from '@playwright/test';
import { appUrl } from './stack';

// Every journey imports `test` from here, never from @playwright/test (the linter says so): its
// automatic `csp` fixture fails the test on any Content-Security-Policy violation in any page of
// the test's browser context, so a policy too tight for the app, or app code that needs inline
// script, cannot pass the suite unnoticed.

export interface CspWatch {
  /** Violations seen so far, one line each. */
  readonly violations: string[];
  /** Returns the violations seen so far and forgets them (for a test that provokes one on purpose). */
  take(): string[];
}

const BINDING = '__e2eCspViolation';

export const test = base.extend<{ csp: CspWatch }>({
  // This worker's own stack (e2e/support/stack.ts): the config cannot know which worker runs a test.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from its pattern
  baseURL: async ({}, use) => {
    await use(appUrl);
  },
  csp: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding(BINDING, (_source, line: unknown) => {
        violations.push(String(line));
      });
      // Registered before any page script runs (init scripts are not subject to the page's CSP).
      await context.addInitScript((binding) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const report = (window as unknown as Record<string, (line: string) => void>)[binding];
            report?.(
              `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}` +
                ` (${event.sourceFile || 'page'}:${event.lineNumber})`,
            );
          },
          { capture: true },
        );
      }, BINDING);
      // The console catches what the event misses (a violation before the listener, in a worker).
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) {
          violations.push(`console: ${message.text()}`);
        }
      });
      const watch: CspWatch = {
        violations,
        take: () => violations.splice(0),
      };
      await use(watch);
      expect(violations, 'Content-Security-Policy violations during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { BrowserContext, CDPSession, Locator, Page, TestInfo, Worker } from '@playwright/test';
