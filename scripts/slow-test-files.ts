// A Vitest reporter: the slowest test files, printed after the run (so at the end of the unit
// phase in a CI log), as Playwright's reportSlowTests does for the journeys. Where the unit phase's
// time goes shows in every log, and so does the next regression.
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  ms: number;
  tests: number;
}

/** The `max` slowest files over `thresholdMs`, slowest first, one line each. */
export function slowFileLines(files: readonly FileTime[], max: number, thresholdMs: number): string[] {
  const slow = files
    .filter((file) => file.ms >= thresholdMs)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, max);
  if (slow.length === 0) return [];
  return [
    `== slowest test files (of ${files.length}; at least ${Math.round(thresholdMs / 1000)} s)`,
    ...slow.map(
      (file) => `  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.tests} tests  ${file.file}`,
    ),
  ];
}

export default class SlowTestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((module) => {
      const { collectDuration, setupDuration, duration } = module.diagnostic();
      return {
        file: module.relativeModuleId,
        ms: collectDuration + setupDuration + duration,
        tests: [...module.children.allTests()].length,
      };
    });
    const lines = slowFileLines(files, 15, 15_000);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}`);
  }
}
