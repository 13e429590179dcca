import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../src/db/schema';
import type { TestDatabase } from './test-databases';

// PostgreSQL tests of what a writer does while another transaction holds its rows: the holder runs
// on a connection of its own and stays open until the test lets it go, and the test can wait until
// a writer is queued behind it.

export interface HeldTransaction {
  /** The holder's backend, for waitUntilBlockedBy. */
  pid: number;
  /** Ends the holder's transaction: commits it, or rolls it back. */
  release(end?: 'commit' | 'rollback'): Promise<void>;
}

/** Thrown inside the holder to have Kysely roll its transaction back. */
class RollBack extends Error {}

/** Runs `hold` in a transaction on another connection, and keeps that transaction open. */
export async function holdTransaction(
  test: TestDatabase,
  hold: (trx: Transaction<Database>) => Promise<void>,
): Promise<HeldTransaction> {
  let letGo: (end: 'commit' | 'rollback') => void = () => {};
  const released = new Promise<'commit' | 'rollback'>((resolve) => (letGo = resolve));
  let started: (pid: number) => void = () => {};
  const pid = new Promise<number>((resolve) => (started = resolve));
  const done = test
    .connectAgain()
    .transaction()
    .execute(async (trx) => {
      await hold(trx);
      started((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? 0);
      if ((await released) === 'rollback') throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  const holder = await Promise.race([pid, done.then(() => 0)]);
  if (holder === 0) throw new Error('the holding transaction ended before it was held');
  return {
    pid: holder,
    release: async (end = 'commit') => {
      letGo(end);
      await done;
    },
  };
}

/** Resolves once some other backend waits for a lock that backend `pid` holds. */
export async function waitUntilBlockedBy(db: Kysely<Database>, pid: number): Promise<void> {
  for (let tries = 0; tries < 1_000; tries += 1) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where ${pid} = any(pg_blocking_pids(pid))`.execute(db);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await sleep(5);
  }
  throw new Error(`nothing ever waited for backend ${pid}`);
}
