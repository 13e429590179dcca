// The whole machine's CPU time (Linux's /proc/stat), so a bench can say whether a figure was set by
// the code or by a machine with no CPU left: two readings give the share of it that was idle.
import fs from 'node:fs';

export interface CpuTimes {
  /** Clock ticks idle (waiting on I/O included), summed over every core. */
  idle: number;
  /** Clock ticks of any kind, summed over every core. */
  total: number;
}

/** Parses the first (`cpu`, all cores) line of /proc/stat; null when it is not that line. */
export function parseCpuLine(line: string): CpuTimes | null {
  const [label, ...fields] = line.trim().split(/\s+/);
  const ticks = fields.map(Number);
  if (label !== 'cpu' || ticks.length < 4 || ticks.some((n) => !Number.isFinite(n))) return null;
  // user nice system idle iowait irq softirq steal [guest guest_nice: already counted in user/nice]
  const counted = ticks.slice(0, 8);
  return { idle: (ticks[3] ?? 0) + (ticks[4] ?? 0), total: counted.reduce((a, b) => a + b, 0) };
}

/** Now, or null where there is no /proc/stat (not Linux). */
export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuLine(fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '');
  } catch {
    return null;
  }
}

/** The idle share (0–1) between two readings; null when either is missing or no time passed. */
export function idleShare(from: CpuTimes | null, to: CpuTimes | null): number | null {
  if (from === null || to === null || to.total <= from.total) return null;
  return (to.idle - from.idle) / (to.total - from.total);
}
