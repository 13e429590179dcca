// A whole zone waking on one minute (docs/scale.md): a sandbox with SAME_MINUTE_HOUSEHOLDS
// households (default 500, two players each), one cloud alarm per player due on the same round
// minute, three server processes on one throwaway PostgreSQL database (the server's
// test/support/same-minute-fleet.ts, which the CI-sized fleet test shares). The bar, printed and not
// asserted: every player hears exactly one card/start, and the lateness at the player (the broker's
// delivery moment minus the minute) is p50 ≤ 250 ms and p99 ≤ 1 s. Beside it: the statements sent
// to PostgreSQL per firing, the MQTT logins, and the heap per armed alarm.
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { startHouseholdsSandbox } from '@playlist-alarms/sandbox/test/support/households-sandbox';
import {
  MINUTE_CPU_SPAN_MS,
  runSameMinute,
  type SameMinuteRun,
} from '@playlist-alarms/server/test/support/same-minute-fleet';
import { summarize, type Result } from './stats';

export const SAME_MINUTE_P50_BUDGET_MS = 250;
export const SAME_MINUTE_P99_BUDGET_MS = 1_000;

/** SAME_MINUTE_HOUSEHOLDS: how many households (two players, two alarms each). */
export const sameMinuteHouseholds = (env: NodeJS.ProcessEnv = process.env): number =>
  z.coerce.number().int().min(1).max(1_000).default(500).parse(env.SAME_MINUTE_HOUSEHOLDS);

export interface SameMinuteReport {
  result: Result;
  /** Players that heard no card/start, and those that heard more than one. */
  unheard: string[];
  repeated: string[];
  latenessMs: number[];
  p50Ms: number;
  p99Ms: number;
  statementsPerFiring: number;
  run: Omit<SameMinuteRun, 'cardStarts'>;
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export async function runSameMinuteBench(households = sameMinuteHouseholds()): Promise<SameMinuteReport> {
  const sandbox = await startHouseholdsSandbox(households);
  const run = await runSameMinute({
    sandbox,
    replicas: 3,
    log: (line) => console.log(line),
  }).finally(() => sandbox.close());
  const { cardStarts, ...rest } = run;
  const unheard = [...cardStarts].filter(([, times]) => times.length === 0).map(([p]) => p);
  const repeated = [...cardStarts].filter(([, times]) => times.length > 1).map(([p]) => p);
  // Each player's first card/start: the one that woke it.
  const latenessMs = [...cardStarts.values()].flatMap((times) =>
    times.length === 0 ? [] : [Math.min(...times) - run.dueAt],
  );
  const sorted = [...latenessMs].sort((a, b) => a - b);
  const idle = run.statements.idlePerSecond * run.statements.runSeconds;
  const statementsPerFiring = (run.statements.duringRun - idle) / run.alarms;
  return {
    result: summarize(
      `same minute: ${run.alarms} players, 3 replicas, due minute → card/start delivered`,
      latenessMs,
      {
        // Two bars, each on its own statistic: a budget would hold the median to the p99's 1 s.
        goal: [
          { ms: SAME_MINUTE_P50_BUDGET_MS, of: 'medianMs' },
          { ms: SAME_MINUTE_P99_BUDGET_MS, of: 'p99Ms' },
        ],
        note:
          `${latenessMs.length}/${run.alarms} heard` +
          (run.machineIdleAfterMinute === null
            ? ''
            : `; machine ${Math.round(run.machineIdleAfterMinute * 100)}% idle in the minute's first ${MINUTE_CPU_SPAN_MS / 1000} s`),
      },
    ),
    unheard,
    repeated,
    latenessMs,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    statementsPerFiring,
    run: rest,
  };
}

/** Lateness in 100 ms buckets (the last one open-ended), one line each. */
function histogram(latenessMs: readonly number[]): string[] {
  const edges = [0, 100, 200, 300, 400, 500, 750, 1_000, 2_000, 5_000];
  const lines: string[] = [];
  const early = latenessMs.filter((ms) => ms < 0).length;
  if (early > 0) lines.push(`  before the minute  ${early}`);
  for (const [i, low] of edges.entries()) {
    const high = edges[i + 1];
    const count = latenessMs.filter((ms) => ms >= low && (high === undefined || ms < high)).length;
    const label = high === undefined ? `≥ ${low} ms` : `${low}–${high} ms`;
    lines.push(
      `  ${label.padEnd(17)} ${String(count).padStart(5)} ${'#'.repeat(Math.ceil((count / Math.max(1, latenessMs.length)) * 60))}`,
    );
  }
  return lines;
}

export function printSameMinute(report: SameMinuteReport): void {
  const { run } = report;
  const sorted = [...report.latenessMs].sort((a, b) => a - b);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const verdict = (value: number, budget: number) => (value <= budget ? 'within' : 'OVER');
  console.log(
    `\n== same minute: ${run.households} households, ${run.alarms} players, ${run.replicas} replicas`,
  );
  console.log(
    `exactly one card/start: ${run.alarms - report.unheard.length - report.repeated.length}/${run.alarms} players` +
      ` (none: ${report.unheard.length}, more than one: ${report.repeated.length})`,
  );
  console.log(
    `lateness at the player: min ${sorted[0] ?? NaN} ms, p50 ${report.p50Ms} ms (${verdict(report.p50Ms, SAME_MINUTE_P50_BUDGET_MS)} ${SAME_MINUTE_P50_BUDGET_MS}),` +
      ` p90 ${quantile(sorted, 0.9)} ms, p99 ${report.p99Ms} ms (${verdict(report.p99Ms, SAME_MINUTE_P99_BUDGET_MS)} ${SAME_MINUTE_P99_BUDGET_MS}),` +
      ` max ${sorted.at(-1) ?? NaN} ms`,
  );
  for (const line of histogram(report.latenessMs)) console.log(line);
  const sent = [...run.sentAfterMs].sort((a, b) => a - b);
  console.log(
    `card/start sent by the replicas (the firings' played_at): p50 ${quantile(sent, 0.5)} ms, p99 ${quantile(sent, 0.99)} ms,` +
      ` max ${sent.at(-1) ?? NaN} ms after the minute; the rest of the lateness is the sandbox's broker and players` +
      ` (one process, on the same two cores)`,
  );
  if (run.machineIdleAfterMinute !== null) {
    const idlePercent = Math.round(run.machineIdleAfterMinute * 100);
    console.log(
      `the machine from the minute to ${MINUTE_CPU_SPAN_MS / 1000} s after: ${idlePercent}% idle of ${availableParallelism()} cores` +
        (idlePercent < 10
          ? ' (no core to spare: every process waited its turn, so the rig set the lateness)'
          : ''),
    );
  }
  console.log(`firings claimed per replica (the worker roster): ${run.claimsPerReplica.join(', ')}`);
  console.log(`commands the players received: ${JSON.stringify(run.commandCounts)}`);
  const idle = run.statements.idlePerSecond * run.statements.runSeconds;
  console.log(
    `PostgreSQL statements (all replicas, counted in each process's pg client): ${run.statements.duringRun} over` +
      ` ${run.statements.runSeconds.toFixed(0)} s, of which ~${idle.toFixed(0)} idle rhythm` +
      ` (${run.statements.idlePerSecond.toFixed(1)}/s with no alarms): ${report.statementsPerFiring.toFixed(1)} per firing`,
  );
  console.log(
    `MQTT logins the broker accepted: ${run.mqttConnectionsOpened} (${(run.mqttConnectionsOpened / run.alarms).toFixed(2)} per player)`,
  );
  console.log(
    // Each replica arms only its own players' alarms: about an equal share of them each.
    `heap per armed alarm (after GC, its player link included; a replica's growth over its share of ${Math.round(run.alarms / run.replicas)}): ` +
      run.heapGrowthBytes.map((b) => `${(b / (run.alarms / run.replicas) / 1024).toFixed(1)} KB`).join(', ') +
      `; RSS with all armed: ${run.rssBytes.map((b) => `${mb(b)} MB`).join(', ')}`,
  );
  console.log(
    `CPU from the alarms being written to the end (${run.statements.runSeconds.toFixed(0)} s, 2 cores shared): replicas ` +
      run.cpuMs.replicas.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ') +
      `; the sandbox's process ${(run.cpuMs.here / 1000).toFixed(1)} s (its event loop delayed p99 ` +
      `${run.hereLoopDelayMs.p99.toFixed(0)} ms, max ${run.hereLoopDelayMs.max.toFixed(0)} ms)`,
  );
  for (const [i, lines] of run.replicaLogTails.entries()) {
    console.log(`replica ${i + 1}, last lines of its log:`);
    for (const line of lines) console.log(`  ${line.slice(0, 300)}`);
  }
  if (run.logOverwritten > 0)
    console.log(`WARNING: the sandbox's command log let ${run.logOverwritten} entries go`);
}

/** The bar of the issue: every player once, p50 and p99 within budget. */
export const sameMinuteMet = (report: SameMinuteReport): boolean =>
  report.unheard.length === 0 &&
  report.repeated.length === 0 &&
  report.p50Ms <= SAME_MINUTE_P50_BUDGET_MS &&
  report.p99Ms <= SAME_MINUTE_P99_BUDGET_MS;
