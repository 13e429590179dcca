import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
// One row of `npm run bench`: a timing's median and tail, never asserted; budgets only printed.

export interface Result {
  name: string;
  runs: number;
  medianMs: number;
  p99Ms: number;
  worstMs?: number;
  /** The budget for this timing; the printout compares, nothing fails. */
  budgetMs?: number;
  /**
   * A goal for one statistic (the scale issue's table), or several (the same minute's median and
   * p99); printed too.
   */
  goal?: Goal | readonly Goal[];
  note?: string;
  /** Every sample in the order taken (browser timings), to see which keystroke was slow. */
  samples?: number[];
}

export interface Goal {
  ms: number;
  of: 'medianMs' | 'p99Ms' | 'worstMs';
}

const GOAL_STAT: Record<Goal['of'], string> = { medianMs: 'median', p99Ms: 'p99', worstMs: 'worst' };

/** "goal ≤ 16 ms (worst): OVER", one for each goal, joined by "; "; '' without a goal. */
export function goalVerdict(r: Result): string {
  const goals: readonly Goal[] = r.goal === undefined ? [] : Array.isArray(r.goal) ? r.goal : [r.goal];
  return goals
    .map((goal) => {
      const value = r[goal.of] ?? Number.NaN;
      return `goal ≤ ${goal.ms} ms (${GOAL_STAT[goal.of]}): ${value <= goal.ms ? 'within' : 'OVER'}`;
    })
    .join('; ');
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export function summarize(
  name: string,
  samples: number[],
  extra: { budgetMs?: number; goal?: Result['goal']; note?: string; keepSamples?: boolean } = {},
): Result {
  const { keepSamples = false, ...rest } = extra;
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    runs: sorted.length,
    medianMs: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    worstMs: sorted.at(-1) ?? Number.NaN,
    ...rest,
    ...(keepSamples ? { samples } : {}),
  };
}

export function printResults(results: Result[]): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log(
    `${pad('benchmark', 78)} ${pad('median ms', 10)} ${pad('p99 ms', 9)} ${pad('worst', 9)} budget`,
  );
  for (const r of results) {
    const budget = [
      r.budgetMs === undefined
        ? ''
        : `${r.budgetMs} ms: ${(r.worstMs ?? r.p99Ms) <= r.budgetMs ? 'within' : 'OVER'} (worst)` +
          `, ${r.medianMs <= r.budgetMs ? 'within' : 'OVER'} (median)`,
      goalVerdict(r),
    ]
      .filter(Boolean)
      .join('; ');
    console.log(
      `${pad(r.name, 78)} ${pad(r.medianMs.toFixed(2), 10)} ${pad(r.p99Ms.toFixed(2), 9)} ` +
        `${pad(r.worstMs === undefined ? '' : r.worstMs.toFixed(2), 9)} ${budget}`,
    );
    if (r.note) console.log(`  ${r.note}`);
  }
}

/** The 1-minute load average: on this 2-core machine, above 2 means other work slowed the timings. */
export function currentLoad(): number {
  return loadavg()[0] ?? Number.NaN;
}

export interface Load {
  atStart: number;
  atEnd: number;
}

export function finishLoad(atStart: number): Load {
  return { atStart, atEnd: currentLoad() };
}

export function printLoad(load: Load): void {
  console.log(
    `\n1-minute load average ${load.atStart.toFixed(2)} at the start, ${load.atEnd.toFixed(2)} at the end ` +
      '(this machine has 2 cores: above 2, other work slowed these timings)',
  );
}

/**
 * Writes one part's results to bench/results/<name>.json, stamped with the time, so the whole
 * bench's latest.json stays as it was.
 */
export function writeBenchResults(name: string, fields: Record<string, unknown>): void {
  const file = `bench/results/${name}.json`;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...fields }, null, 2));
  console.log(`written: ${file}`);
}
