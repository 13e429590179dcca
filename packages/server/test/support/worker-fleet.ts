import type { Kysely } from 'kysely';
import { afterEach, beforeEach } from 'vitest';
import { migrateToLatest } from '../../src/db/migrations';
import type { Database } from '../../src/db/schema';
import { AlarmWorker } from '../../src/alarm-worker/worker';
import { ManualClock } from './manual-clock';
import { RecordingRinger } from './recording-ringer';
import type { OpenDatabase } from './cloud-api';
import type { TestDatabase } from './test-databases';

/** A worker process of the scheduling tests: the real worker, the recording ringer. */
export interface WorkerProcess {
  worker: AlarmWorker;
  ringer: RecordingRinger;
}

/** What each test of a file gets afresh: a migrated database, a hand-driven clock, its processes. */
export interface WorkerFleet {
  readonly test: TestDatabase;
  readonly clock: ManualClock;
  readonly processes: WorkerProcess[];
  /** Resolves once every process is idle (what the clock's advance waits for). */
  idle(): Promise<void>;
  /** A worker process on `db` (the shared database, or another connection to it). */
  spawn(db: Kysely<Database>): WorkerProcess;
}

/**
 * Worker processes on one real database and a clock starting at `start`, made before each test
 * and stopped after it. The clock's advance waits for every process to be idle.
 */
export function useWorkerFleet(open: OpenDatabase, start: Date): WorkerFleet {
  let test: TestDatabase | undefined;
  let clock: ManualClock | undefined;
  const processes: WorkerProcess[] = [];
  const idle = () => Promise.all(processes.map((p) => p.worker.whenIdle())).then(() => undefined);
  const fleet: WorkerFleet = {
    get test() {
      if (test === undefined) throw new Error('no test database outside a test');
      return test;
    },
    get clock() {
      if (clock === undefined) throw new Error('no clock outside a test');
      return clock;
    },
    processes,
    idle,
    spawn(db) {
      const ringer = new RecordingRinger(fleet.clock);
      const process = { worker: new AlarmWorker({ db, ringer, clock: fleet.clock }), ringer };
      processes.push(process);
      return process;
    },
  };
  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
    processes.length = 0;
    clock = new ManualClock(start, idle);
  });
  afterEach(async () => {
    await Promise.all(processes.map((p) => p.worker.stop()));
    await test?.dispose();
  });
  return fleet;
}
