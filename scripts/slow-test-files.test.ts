import { describe, expect, it } from 'vitest';
import { slowFileLines } from './slow-test-files';

describe('the slowest test files', () => {
  const files = [
    { file: 'a.test.ts', ms: 20_000, tests: 3 },
    { file: 'b.test.ts', ms: 90_500, tests: 12 },
    { file: 'c.test.ts', ms: 4_000, tests: 1 },
    { file: 'd.test.ts', ms: 31_000, tests: 2 },
  ];

  it('lists those over the threshold, slowest first, at most max', () => {
    expect(slowFileLines(files, 2, 15_000)).toEqual([
      '== slowest test files (of 4; at least 15 s)',
      '    90.5 s  12 tests  b.test.ts',
      '    31.0 s  2 tests  d.test.ts',
    ]);
  });

  it('says nothing when no file is that slow', () => {
    expect(slowFileLines(files, 15, 100_000)).toEqual([]);
  });
});
