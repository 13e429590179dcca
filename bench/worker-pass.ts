// The alarm worker's pass at scale: 1,000,000 alarms of 100,000 users in PostgreSQL, spread over a
// week as households' alarms are (about a hundred come due each minute). One
// pass finds what is due and claims it, as the worker does (the real repository functions), and
// must take ≤ 20 ms through an index. The query plan is printed and checked for a scan.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CompiledQuery, type Kysely } from 'kysely';
import { FIRING_LEASE_MS } from '@playlist-alarms/core/cloud/firing-lease';
import { shareOf } from '@playlist-alarms/core/cloud/worker-roster';
import { dueAlarmsQuery, findDueInstants } from '@playlist-alarms/server/db/firings-repository';
import { claimFirings } from '@playlist-alarms/server/db/firing-claims-repository';
import { quoteIdentifier } from '@playlist-alarms/server/db/connect';
import { migrateToLatest } from '@playlist-alarms/server/db/migrations';
import type { Database } from '@playlist-alarms/server/db/schema';
import {
  createPostgresTestDatabase,
  isPostgresReachable,
  type TestDatabase,
} from '@playlist-alarms/server/test/support/test-databases';
import { DUE_INDEX, usesDueIndex } from './due-index';
import { summarize } from './stats';
import type { Result } from './stats';

export const USERS = 100_000;
export const ALARMS = 1_000_000;
export const PASS_BUDGET_MS = 20;
/** A replica's watch of the others' instants, at a minute a fifth of the alarms are due on. */
export const INSTANTS_BUDGET_MS = 5;
/** Alarms moved onto one instant for that figure: a zone's 07:00 at a million households. */
const BUSY_MINUTE_ALARMS = 200_000;
const WEEK_MS = 7 * 24 * 60 * 60_000;
const PASSES = 60;

export interface WorkerPassReport {
  result: Result;
  /** findDueInstants over a minute with BUSY_MINUTE_ALARMS due on one instant. */
  instants: Result;
  /** Alarms found and claimed per pass (median). */
  claimedPerPass: number;
  plan: string[];
  /** The plan reads the alarms through an index, with no sequential scan of the table. */
  usesIndex: boolean;
}

export async function runWorkerPassBench(): Promise<WorkerPassReport> {
  if (!(await isPostgresReachable()))
    throw new Error('the worker-pass bench needs PostgreSQL (TEST_DATABASE_URL)');
  const test = await createPostgresTestDatabase();
  try {
    const { db } = test;
    await migrateToLatest(db);
    const base = Date.UTC(2026, 10, 23, 0, 0, 0);
    // Users with zones; alarms every ~6 s of a week, one in ten switched off. On a connection of
    // its own: the app's pool cancels a statement after 10 s, and a million rows can take longer.
    const { location } = test;
    if (location.kind !== 'postgres') throw new Error('the worker-pass bench needs PostgreSQL');
    const seeder = await connectToSchema(location);
    try {
      await seeder.query(
        `insert into users (yoto_user_id, timezone, created_at, updated_at)
         select 'user-' || g, 'Europe/London', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'
         from generate_series(1, $1::integer) g`,
        [USERS],
      );
      await seeder.query(
        `insert into alarms (id, yoto_user_id, share, yoto_device_id, device_name, alarm_name, alarm_type,
           playlist_id, playlist_name, hour, minute, days, volume, is_enabled, next_fire_at,
           created_at, updated_at)
         select 'alarm-' || g, 'user-' || (g % $1::integer + 1), ($5::integer[])[g % $1::integer + 1],
           'player-' || (g % $1::integer + 1), 'Bedroom',
           'Alarm ' || g, case when g % 2 = 0 then 'wakeup' else 'bedtime' end, 'card-' || (g % 500),
           'Playlist', 7, 0, '1111111', 7, case when g % 10 = 0 then 0 else 1 end,
           to_char(to_timestamp($2::double precision + g * $3::double precision)
             at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'
         from generate_series(1, $4::integer) g`,
        [
          USERS,
          base / 1000,
          WEEK_MS / ALARMS / 1000,
          ALARMS,
          // Each user's share, as the app writes it: user-n's at index n (PostgreSQL arrays start at 1).
          Array.from({ length: USERS }, (_, i) => shareOf(`user-${i + 1}`)),
        ],
      );
      // As a long-lived table is: vacuumed (hint bits set, the visibility map written), so the passes
      // below neither write pages nor meet autovacuum, which a fresh million rows would start; and
      // checkpointed, so no pass has to write out the seeding's dirty pages to make room for its reads.
      await seeder.query('vacuum analyze');
      // CHECKPOINT needs a superuser or pg_checkpoint: without either, the bench goes on and says so.
      await seeder.query('checkpoint').catch((error: unknown) => {
        console.log(`worker pass: no checkpoint after seeding (${String(error)}); passes may write pages`);
      });
    } finally {
      await seeder.end();
    }

    // The plan of the pass's query, as PostgreSQL runs it.
    const query = dueAlarmsQuery(db, new Date(base + 60_000)).compile();
    const explained = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
    );
    const plan = explained.rows.map((row) => row['QUERY PLAN']);
    const usesIndex = usesDueIndex(plan);

    // Minute after minute of the week: find what is due by then, claim each at once (the worker's way).
    const times: number[] = [];
    // Each pass's two round trips apart, so a change to one shows in its own figure.
    const finds: number[] = [];
    const claimed: number[] = [];
    // The first pass (its own minute, with claims) warms the pool's connections and statements; it
    // is not counted, and its time is printed apart: a worker pays it once, at start-up.
    let firstPassMs = 0;
    for (let pass = 1; pass <= PASSES + 1; pass += 1) {
      const now = new Date(base + pass * 60_000);
      const start = performance.now();
      const due = await dueAlarmsQuery(db, now).execute();
      const found = performance.now();
      // One batch for the instant, as the worker's ClaimBatcher sends it.
      const won = await claimFirings(
        db,
        due.map((alarm) => ({
          alarmId: alarm.id,
          alarm,
          dueAt: alarm.next_fire_at ?? '',
          nextFireAt: new Date(Date.parse(alarm.next_fire_at ?? '') + WEEK_MS).toISOString(),
          claimedBy: 'bench',
          at: now.toISOString(),
          leaseUntil: new Date(now.getTime() + FIRING_LEASE_MS).toISOString(),
        })),
      );
      if (pass === 1) {
        firstPassMs = performance.now() - start;
        continue;
      }
      times.push(performance.now() - start);
      finds.push(found - start);
      claimed.push(won.size);
    }
    const instants = await timeBusyMinuteInstants(db, location, base + 2 * WEEK_MS);
    const sorted = [...claimed].sort((a, b) => a - b);
    const find = summarize('find', finds);
    const claim = summarize(
      'claim',
      times.map((total, index) => total - (finds[index] ?? 0)),
    );
    return {
      result: summarize(
        `worker pass: find + claim, ${ALARMS / 1000}k alarms of ${USERS / 1000}k users (PostgreSQL)`,
        times,
        {
          budgetMs: PASS_BUDGET_MS,
          note:
            `${sorted[Math.floor(sorted.length / 2)] ?? 0} due alarms claimed per pass (median); ` +
            `the find ${find.medianMs.toFixed(1)} ms and the claim ${claim.medianMs.toFixed(1)} ms at the median; ` +
            `the first pass, on cold connections: ${firstPassMs.toFixed(1)} ms`,
        },
      ),
      instants,
      claimedPerPass: sorted[Math.floor(sorted.length / 2)] ?? 0,
      plan,
      usesIndex,
    };
  } finally {
    await test.dispose();
  }
}

type SchemaLocation = Extract<TestDatabase['location'], { kind: 'postgres' }>;

/** A connection of its own to the bench's schema, with no statement timeout (a million rows take long). */
async function connectToSchema(location: SchemaLocation): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: location.url,
    options: `-c search_path=${quoteIdentifier(location.schema)}`,
  });
  await client.connect();
  return client;
}

/**
 * Moves BUSY_MINUTE_ALARMS enabled alarms onto `busyAt` (past the week the passes walk), then times
 * what every replica asks every 5 s through that minute: the instants due within it.
 */
async function timeBusyMinuteInstants(
  db: Kysely<Database>,
  location: SchemaLocation,
  busyAt: number,
): Promise<Result> {
  const mover = await connectToSchema(location);
  try {
    // alarm-n with n % 10 = 0 is switched off, so n % 5 = 1 picks enabled ones only.
    await mover.query(
      `update alarms set next_fire_at = $1
       where substr(id, 7)::integer % 5 = 1 and substr(id, 7)::integer <= $2::integer * 5`,
      [new Date(busyAt).toISOString(), BUSY_MINUTE_ALARMS],
    );
    await mover.query('vacuum analyze alarms');
  } finally {
    await mover.end();
  }
  const after = new Date(busyAt - 30_000);
  const until = new Date(busyAt + 30_000);
  const found = await findDueInstants(db, after, until);
  if (found.length !== 1) throw new Error(`the busy minute's instants: ${found.join(', ') || 'none'}`);
  const times: number[] = [];
  for (let look = 0; look < PASSES; look += 1) {
    const start = performance.now();
    await findDueInstants(db, after, until);
    times.push(performance.now() - start);
  }
  return summarize(
    `worker look: the instants of a minute ${BUSY_MINUTE_ALARMS / 1000}k alarms are due on (PostgreSQL)`,
    times,
    { budgetMs: INSTANTS_BUDGET_MS, note: 'one index probe per instant (a loose index scan)' },
  );
}

export function printWorkerPass(report: WorkerPassReport): void {
  console.log('\nWorker pass query plan (PostgreSQL, EXPLAIN ANALYZE):');
  for (const line of report.plan) console.log(`  ${line}`);
  console.log(
    `  through ${DUE_INDEX}, no sequential scan of alarms: ${report.usesIndex ? 'yes' : 'NO'}; ` +
      `pass median ${report.result.medianMs.toFixed(1)} ms, p99 ${report.result.p99Ms.toFixed(1)} ms ` +
      `(budget ${PASS_BUDGET_MS} ms: ${report.result.p99Ms <= PASS_BUDGET_MS ? 'within' : 'OVER'})`,
  );
}
