import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './test';

// axe-core (Deque's engine, the field's reference) against the page as it is now: the WCAG 2.1 A
// and AA rules. A serious or critical violation fails the test, named with the elements it hit.
// The engine goes in through Playwright's evaluate (DevTools), which the page's CSP does not
// govern; a script tag would be refused by it.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

const SETTLE_LIMIT_MS = 5_000;

/**
 * Waits for the page's finite animations and transitions to end: a dialog fading in has
 * half-transparent text, whose contrast axe would measure against what shows through. Looks again
 * after each round, for an animation that started meanwhile (a snackbar after the dialog).
 */
async function settle(page: Page): Promise<void> {
  const settled = await page.evaluate(async (limitMs) => {
    const deadline = performance.now() + limitMs;
    for (;;) {
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .filter((animation) => animation.playState !== 'finished');
      if (running.length === 0) return true;
      const left = deadline - performance.now();
      if (left <= 0) return false;
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
      // A frame for what the end of those starts (a transition that follows another).
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    }
  }, SETTLE_LIMIT_MS);
  // A paused or endless animation would otherwise hold the scan until the test's time-out.
  expect(settled, `the page's animations end within ${SETTLE_LIMIT_MS} ms`).toBe(true);
}

export async function expectNoSeriousViolations(page: Page, view: string): Promise<void> {
  await settle(page);
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run(o: unknown): Promise<AxeResults> } }).axe.run(options),
    OPTIONS,
  );
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? '?'}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          // The element and axe's reason (for contrast: the colours and the ratio found).
          .map((node) => `${node.html.slice(0, 160)} (${(node.failureSummary ?? '').replace(/\s+/g, ' ')})`)
          .join(' | ')}`,
    );
  expect(serious, `axe on ${view}`).toEqual([]);
}
