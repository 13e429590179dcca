import { expect, it, vi } from 'vitest';
import { goalVerdict, printResults, summarize } from './stats';

it('a goal is judged on its own statistic', () => {
  const samples = [10, 12, 14, 16, 40];
  expect(goalVerdict(summarize('keys', samples, { goal: { ms: 16, of: 'medianMs' } }))).toBe(
    'goal ≤ 16 ms (median): within',
  );
  expect(goalVerdict(summarize('keys', samples, { goal: { ms: 16, of: 'worstMs' } }))).toBe(
    'goal ≤ 16 ms (worst): OVER',
  );
  expect(goalVerdict(summarize('keys', samples))).toBe('');
});

it('several goals are each judged on their own statistic (the same minute: median 250 ms, p99 1 s)', () => {
  const lateness = [200, 300, 400, 500, 900];
  const goal = [
    { ms: 250, of: 'medianMs' },
    { ms: 1_000, of: 'p99Ms' },
  ] as const;
  expect(goalVerdict(summarize('same minute', lateness, { goal }))).toBe(
    'goal ≤ 250 ms (median): OVER; goal ≤ 1000 ms (p99): within',
  );
});

it('the printout shows the goal beside the budget', () => {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  try {
    printResults([summarize('round trip', [30, 31, 45], { budgetMs: 100, goal: { ms: 33, of: 'p99Ms' } })]);
  } finally {
    log.mockRestore();
  }
  expect(lines[1]).toMatch(/100 ms: within \(worst\), within \(median\); goal ≤ 33 ms \(p99\): OVER$/);
});
