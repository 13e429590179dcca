// Many households ringing on the same minute (docs/scale.md), shared by the bench (bench/same-minute.ts,
// which holds the timing budgets) and the CI-sized test (test/fleet/same-minute.integration.test.ts,
// which asserts only that every player heard one card/start). Given a sandbox with households (two
// players each; only integration tests and the bench may start one, so they hand it in:
// @playlist-alarms/sandbox/test/support/households-sandbox), `replicas` real server processes
// (src/main.ts) on one throwaway PostgreSQL database, one cloud alarm per player due on the same
// round minute, and what the players received read back from the sandbox's log.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { newAlarmRow } from '../../src/db/alarms-repository';
import { connectDatabase } from '../../src/db/connect';
import { createTokenCipher } from '../../src/sessions/token-cipher';
import { createFreshPostgresDatabase, type FreshPostgresDatabase } from './fresh-postgres-database';
import { idleShare, readCpuTimes } from './machine-cpu';
import { killAll, startServerProcess, type ServerProcess } from './server-process';

const COUNTER = fileURLToPath(new URL('./count-pg-statements.ts', import.meta.url));
/** The alarms are due on the first round minute at least this far ahead, so every replica arms them. */
const LEAD_MS = 45_000;
/** How long after the minute the players may still hear their card/start (the run stops earlier once all did). */
const SETTLE_MS = 30_000;
/** Idle statements are sampled over this long before the alarms exist (the replicas' own rhythm). */
const IDLE_SAMPLE_MS = 10_000;
/** The machine's idle share is read over this long from the minute: when the card/starts go and land. */
export const MINUTE_CPU_SPAN_MS = 1_500;

interface ReceivedCommands {
  commands: { deviceId: string; topic: string; at: number }[];
  overwritten: number;
}

/** The parts of the sandbox's test/support/households-sandbox.ts used here. */
export interface SameMinuteSandbox {
  url: string;
  households: number;
  issueTokens(
    household: number,
  ): Promise<{ access_token: string; refresh_token: string; expires_in: number }>;
  cardOf(household: number): string;
  playersOf(household: number): readonly string[];
  /** GET /_sandbox/commands?since= */
  commands(sinceMs: number): Promise<ReceivedCommands>;
  brokerStats(): Promise<{ connectionsOpened: number }>;
}

export interface SameMinuteOptions {
  sandbox: SameMinuteSandbox;
  replicas?: number;
  /** Progress lines (the bench prints them). */
  log?: (line: string) => void;
}

interface ReplicaSample {
  statements: number;
  heapUsed: number;
  rss: number;
  cpuMs: number;
}

export interface SameMinuteRun {
  households: number;
  replicas: number;
  /** One per player. */
  alarms: number;
  /** Epoch ms of the round minute every alarm was due on. */
  dueAt: number;
  /** Every player's card/start delivery moments (epoch ms), each player present. */
  cardStarts: Map<string, number[]>;
  /**
   * When the replicas sent each card/start, in ms after the minute (the firings' played_at): what
   * the lateness at the player adds to this is the sandbox's own broker and players.
   */
  sentAfterMs: number[];
  /** How many of the minute's firings each replica claimed (the roster's spread). */
  claimsPerReplica: number[];
  /** How many commands of each name the players received during the run. */
  commandCounts: Record<string, number>;
  /** Entries the sandbox's log let go (> 0: the counts above may be incomplete). */
  logOverwritten: number;
  /** MQTT logins the sandbox's broker accepted from the alarms being written to the end. */
  mqttConnectionsOpened: number;
  statements: {
    /** All replicas, from the alarms being written to the end. */
    duringRun: number;
    /** All replicas, per second, with no alarms (the worker's refresh and the like). */
    idlePerSecond: number;
    runSeconds: number;
  };
  /** Per replica: heap after GC with every alarm armed and prepared, minus before any existed. */
  heapGrowthBytes: number[];
  /** Per replica: resident set size with every alarm armed. */
  rssBytes: number[];
  /** Where the CPU went from the alarms being written to the end (ms): each replica, and this process (the sandbox, when it runs here). */
  cpuMs: { replicas: number[]; here: number };
  /** This process's event-loop delay over the same span (the sandbox's broker and players, when here): p99 and max, ms. */
  hereLoopDelayMs: { p99: number; max: number };
  /**
   * The whole machine's idle share (0–1) over MINUTE_CPU_SPAN_MS from the minute; null off Linux.
   * Near 0, every process (replicas, sandbox, PostgreSQL) waited for a core: the rig set the lateness.
   */
  machineIdleAfterMinute: number | null;
  /** Each replica's last output lines (its warnings and errors), for where the run went wrong. */
  replicaLogTails: string[][];
}

const sampleSchema = z.object({
  statements: z.number(),
  heapUsed: z.number(),
  rss: z.number(),
  cpuMs: z.number(),
});

/** Asks every replica for its counters (SIGUSR2 → count-pg-statements.ts) and reads them. */
async function sample(
  replicas: readonly ServerProcess[],
  files: readonly string[],
): Promise<ReplicaSample[]> {
  for (const file of files) fs.rmSync(file, { force: true });
  for (const replica of replicas) process.kill(replica.pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  const samples: ReplicaSample[] = [];
  for (const file of files) {
    while (!fs.existsSync(file)) {
      if (Date.now() > deadline) throw new Error(`no counters from a replica (${file})`);
      await sleep(50);
    }
    let parsed: ReplicaSample | null = null;
    while (parsed === null) {
      try {
        parsed = sampleSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(50); // written but not yet whole
      }
    }
    samples.push(parsed);
  }
  return samples;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Seeds, waits for the minute (and up to SETTLE_MS after it), and reports what the players heard. */
export async function runSameMinute(options: SameMinuteOptions): Promise<SameMinuteRun> {
  const log = options.log ?? (() => undefined);
  const { sandbox } = options;
  const households = sandbox.households;
  const replicaCount = options.replicas ?? 3;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-same-minute-'));
  const key = crypto.randomBytes(32);
  const replicas: ServerProcess[] = [];
  let database: FreshPostgresDatabase | undefined;
  const db = { current: undefined as ReturnType<typeof connectDatabase> | undefined };
  try {
    const startedAt = Date.now();
    database = await createFreshPostgresDatabase('same_minute');
    db.current = connectDatabase({ kind: 'postgres', url: database.url });
    const files = Array.from({ length: replicaCount }, (_, i) => path.join(workDir, `replica-${i}.json`));
    const env = (i: number) => ({
      SANDBOX_URL: sandbox.url,
      DATABASE_URL: database?.url ?? '',
      TOKEN_ENCRYPTION_KEY: key.toString('base64'),
      DATA_DIR: path.join(workDir, `data-${i}`),
      WEB_DIST: path.join(workDir, 'no-web-build'),
      // Warnings too: a firing that did not play, a prepare that failed (the bench prints them).
      LOG_LEVEL: 'warn',
      STATEMENT_COUNT_FILE: files[i] ?? '',
    });
    const nodeArgs = ['--import', COUNTER, '--expose-gc'];
    // One first, so the migrations run once; then the others on the migrated database.
    replicas.push(await startServerProcess(env(0), nodeArgs));
    replicas.push(
      ...(await Promise.all(
        Array.from({ length: replicaCount - 1 }, (_, i) => startServerProcess(env(i + 1), nodeArgs)),
      )),
    );
    log(
      `${replicaCount} replicas up beside the sandbox's ${households} households in ${Date.now() - startedAt} ms`,
    );

    // Each household's parent has signed in: their token pair sealed on the users row, as a session stores it.
    const cipher = createTokenCipher(key);
    const now = new Date();
    const users = [];
    for (let k = 1; k <= households; k += 1) {
      const tokens = await sandbox.issueTokens(k);
      users.push({
        yoto_user_id: decodeJwt(tokens.access_token).sub ?? '',
        email: null,
        name: null,
        timezone: 'UTC',
        access_token_enc: cipher.encrypt(tokens.access_token, 'token'),
        refresh_token_enc: tokens.refresh_token === '' ? null : cipher.encrypt(tokens.refresh_token, 'token'),
        token_expires_at: new Date(now.getTime() + tokens.expires_in * 1000).toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    }
    for (let i = 0; i < users.length; i += 500) {
      await db.current
        .insertInto('users')
        .values(users.slice(i, i + 500))
        .execute();
    }

    const idleStart = await sample(replicas, files);
    await sleep(IDLE_SAMPLE_MS);
    const idleEnd = await sample(replicas, files);
    const idlePerSecond =
      (sum(idleEnd.map((s) => s.statements)) - sum(idleStart.map((s) => s.statements))) /
      (IDLE_SAMPLE_MS / 1000);

    // One alarm per player, every one due on the same round minute.
    const dueAt = Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000;
    const due = new Date(dueAt);
    const alarms = [];
    const players: string[] = [];
    for (let k = 1; k <= households; k += 1) {
      for (const deviceId of sandbox.playersOf(k)) {
        players.push(deviceId);
        const row = newAlarmRow(
          `auth0|household-${k}`,
          {
            yoto_device_id: deviceId,
            device_name: deviceId,
            alarm_name: `Same minute ${deviceId}`,
            alarm_type: 'wakeup',
            playlist_id: sandbox.cardOf(k),
            playlist_name: '',
            hour: due.getUTCHours(),
            minute: due.getUTCMinutes(),
            days: '1111111',
            volume: 5,
            is_enabled: true,
          },
          'UTC',
          now,
        );
        alarms.push({ ...row, next_fire_at: due.toISOString() });
      }
    }
    const brokerBefore = await sandbox.brokerStats();
    const before = await sample(replicas, files);
    const runStart = Date.now();
    const hereCpu = process.cpuUsage();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    for (let i = 0; i < alarms.length; i += 500) {
      await db.current
        .insertInto('alarms')
        .values(alarms.slice(i, i + 500))
        .execute();
    }
    log(
      `${alarms.length} alarms due at ${due.toISOString()} (in ${Math.round((dueAt - Date.now()) / 1000)} s)`,
    );

    // Armed and prepared (the prepare window opened at once): the heap now, a few seconds before.
    await sleep(Math.max(0, dueAt - 8_000 - Date.now()));
    const armed = await sample(replicas, files);

    const heard = (answer: ReceivedCommands) =>
      new Set(answer.commands.filter((c) => c.topic.endsWith('/card/start')).map((c) => c.deviceId));
    // Two reads of /proc/stat (microseconds each) around the minute's busiest moments.
    await sleep(Math.max(0, dueAt - Date.now()));
    const atMinute = readCpuTimes();
    await sleep(MINUTE_CPU_SPAN_MS);
    const machineIdleAfterMinute = idleShare(atMinute, readCpuTimes());
    // Not asked during the minute itself: reading the log in this process (the sandbox's) would
    // hold up the very deliveries it times.
    await sleep(Math.max(0, dueAt + 2_000 - Date.now()));
    let answer = await sandbox.commands(runStart);
    while (Date.now() < dueAt + SETTLE_MS && heard(answer).size < players.length) {
      await sleep(1_000);
      answer = await sandbox.commands(runStart);
    }
    // A late second card/start from another replica would have come by now.
    await sleep(3_000);
    answer = await sandbox.commands(runStart);
    const after = await sample(replicas, files);
    const brokerAfter = await sandbox.brokerStats();
    loopDelay.disable();
    const hereUsed = process.cpuUsage(hereCpu);

    const firings = await db.current
      .selectFrom('alarm_firings')
      .select(['claimed_by', 'played_at'])
      .where('due_at', '=', due.toISOString())
      .execute();
    const sentAfterMs = firings.flatMap((f) =>
      f.played_at === null ? [] : [Date.parse(f.played_at) - dueAt],
    );
    const claims = new Map<string, number>();
    for (const f of firings) claims.set(f.claimed_by, (claims.get(f.claimed_by) ?? 0) + 1);

    const cardStarts = new Map<string, number[]>(players.map((p) => [p, []]));
    const commandCounts: Record<string, number> = {};
    for (const command of answer.commands) {
      const name = command.topic.split('/command/')[1] ?? command.topic;
      commandCounts[name] = (commandCounts[name] ?? 0) + 1;
      if (name === 'card/start') cardStarts.get(command.deviceId)?.push(command.at);
    }
    return {
      households,
      replicas: replicaCount,
      alarms: alarms.length,
      dueAt,
      cardStarts,
      sentAfterMs,
      claimsPerReplica: [...claims.values()].sort((a, b) => b - a),
      commandCounts,
      logOverwritten: answer.overwritten,
      mqttConnectionsOpened: brokerAfter.connectionsOpened - brokerBefore.connectionsOpened,
      statements: {
        duringRun: sum(after.map((s) => s.statements)) - sum(before.map((s) => s.statements)),
        idlePerSecond,
        runSeconds: (Date.now() - runStart) / 1000,
      },
      heapGrowthBytes: armed.map((s, i) => s.heapUsed - (before[i]?.heapUsed ?? 0)),
      rssBytes: armed.map((s) => s.rss),
      cpuMs: {
        replicas: after.map((s, i) => s.cpuMs - (before[i]?.cpuMs ?? 0)),
        here: (hereUsed.user + hereUsed.system) / 1000,
      },
      hereLoopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
      machineIdleAfterMinute,
      replicaLogTails: replicas.map((replica) => replica.output().trim().split('\n').slice(-15)),
    };
  } finally {
    await killAll(replicas);
    await db.current?.destroy();
    await database?.dispose();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
