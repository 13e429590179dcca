// Runs npm scripts one after another, as `a && b && c` would, and prints how long each took, so a
// phase that slows down shows in every CI log. Stops at the first that fails, with its exit code.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface PhaseTime {
  name: string;
  ms: number;
  ok: boolean;
}

/** A table of phases and their times, with the total, for the end of a log. */
export function formatPhaseTimes(phases: readonly PhaseTime[]): string {
  const width = Math.max(5, ...phases.map((p) => p.name.length));
  const clock = (ms: number) => {
    const s = Math.round(ms / 1000);
    return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  };
  const rows = phases.map(
    (p) => `  ${p.name.padEnd(width)}  ${clock(p.ms).padStart(7)}${p.ok ? '' : '  FAILED'}`,
  );
  const total = phases.reduce((sum, p) => sum + p.ms, 0);
  return ['== phase times', ...rows, `  ${'total'.padEnd(width)}  ${clock(total).padStart(7)}`].join('\n');
}

function main(names: readonly string[]): number {
  const times: PhaseTime[] = [];
  let code = 0;
  for (const name of names) {
    const started = performance.now();
    const result = spawnSync('npm', ['run', name], { stdio: 'inherit' });
    const ok = result.status === 0;
    times.push({ name, ms: performance.now() - started, ok });
    if (!ok) {
      code = result.status ?? 1;
      break;
    }
  }
  console.log(formatPhaseTimes(times));
  return code;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2)));
