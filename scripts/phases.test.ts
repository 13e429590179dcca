import { describe, expect, it } from 'vitest';
import { formatPhaseTimes, phaseGroups } from './phases';

describe('phase times', () => {
  it('lists each phase in minutes and seconds, then the total', () => {
    const table = formatPhaseTimes([
      { name: 'lint', ms: 41_400, ok: true },
      { name: 'test:e2e', ms: 605_000, ok: true },
    ]);
    expect(table.split('\n')).toEqual([
      '== phase times',
      '  lint       0m 41s',
      '  test:e2e  10m 05s',
      '  total     10m 46s',
    ]);
  });

  it('gives the clock’s total when phases overlapped', () => {
    const table = formatPhaseTimes(
      [
        { name: 'lint', ms: 60_000, ok: true },
        { name: 'typecheck', ms: 50_000, ok: true },
      ],
      61_000,
    );
    expect(table.split('\n').at(-1)).toBe('  total       1m 01s');
  });

  it('marks the phase that failed', () => {
    expect(formatPhaseTimes([{ name: 'typecheck', ms: 1_000, ok: false }])).toContain(
      'typecheck   0m 01s  FAILED',
    );
  });

  it('reads `a+b` as a group run at once, and a lone name as a phase of its own', () => {
    expect(phaseGroups(['lint+format:check+typecheck', 'test:unit'])).toEqual([
      ['lint', 'format:check', 'typecheck'],
      ['test:unit'],
    ]);
  });
});
