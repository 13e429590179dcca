// Runs npm scripts one after another, as `a && b && c` would, and prints how long each took, so a
// phase that slows down shows in every CI log. Stops at the first that fails, with its exit code.
// `a+b` runs a and b at the same time (a's output as it comes, b's printed whole after).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface PhaseTime {
  name: string;
  ms: number;
  ok: boolean;
}

/** A table of phases and their times, with the total, for the end of a log. */
export function formatPhaseTimes(phases: readonly PhaseTime[], wallMs?: number): string {
  const width = Math.max(5, ...phases.map((p) => p.name.length));
  const clock = (ms: number) => {
    const s = Math.round(ms / 1000);
    return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  };
  const rows = phases.map(
    (p) => `  ${p.name.padEnd(width)}  ${clock(p.ms).padStart(7)}${p.ok ? '' : '  FAILED'}`,
  );
  // Phases of a group overlap, so the total is the clock's when given, not the sum.
  const total = wallMs ?? phases.reduce((sum, p) => sum + p.ms, 0);
  return ['== phase times', ...rows, `  ${'total'.padEnd(width)}  ${clock(total).padStart(7)}`].join('\n');
}

/** `lint+typecheck` names a group whose scripts run at the same time; a lone name runs alone. */
export const phaseGroups = (args: readonly string[]): string[][] =>
  args.map((arg) => arg.split('+').filter((name) => name.length > 0));

interface Finished extends PhaseTime {
  code: number;
  output: string;
}

/** One script, its output shown as it comes, or kept whole (`captured`) to be printed after. */
function runScript(name: string, captured: boolean): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', name], {
      stdio: ['ignore', captured ? 'pipe' : 'inherit', captured ? 'pipe' : 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (status) => {
      const code = status ?? 1;
      const output = Buffer.concat(chunks).toString();
      resolve({ name, ms: performance.now() - started, ok: code === 0, code, output });
    });
  });
}

/**
 * A group's scripts at once: the static checks each keep about one core busy, so on two cores two
 * at once take the time of one. The first one's output shows as it comes (a CI log that stops in
 * the middle still shows its progress); the others' is printed whole after it.
 */
async function runGroup(group: readonly string[]): Promise<Finished[]> {
  const finished = await Promise.all(group.map((name, index) => runScript(name, index > 0)));
  for (const phase of finished) process.stdout.write(phase.output);
  return finished;
}

async function main(args: readonly string[]): Promise<number> {
  const started = performance.now();
  const times: PhaseTime[] = [];
  for (const group of phaseGroups(args)) {
    const finished = await runGroup(group);
    times.push(...finished.map(({ name, ms, ok }) => ({ name, ms, ok })));
    const failed = finished.find((phase) => !phase.ok);
    if (failed) {
      console.log(formatPhaseTimes(times, performance.now() - started));
      return failed.code;
    }
  }
  console.log(formatPhaseTimes(times, performance.now() - started));
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await main(process.argv.slice(2)));
