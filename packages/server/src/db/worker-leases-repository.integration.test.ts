import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/support/cloud-api';
import type { TestDatabase } from '../../test/support/test-databases';
import { migrateToLatest } from './migrations';
import { claimLease } from './worker-leases-repository';

// The once-across-replicas turn on both dialects: of several connections asking at once one gets
// it; no one (the holder included) gets it again before it runs out; anyone may after.

const T0 = new Date('2026-11-02T06:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describeOnDatabases('worker leases', (open) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('gives a turn to one of five replicas asking at once, and to no one again until it runs out', async () => {
    const replicas = [test.db, ...Array.from({ length: 4 }, () => test.connectAgain())];
    const first = await Promise.all(
      replicas.map((db, index) => claimLease(db, 'job', `replica-${index}`, at(0), at(60))),
    );
    expect(first.filter(Boolean)).toHaveLength(1);
    const holder = `replica-${first.indexOf(true)}`;
    expect(await test.db.selectFrom('worker_leases').selectAll().execute()).toEqual([
      { name: 'job', held_by: holder, held_until: at(60).toISOString() },
    ]);

    const during = await Promise.all(
      replicas.map((db, index) => claimLease(db, 'job', `replica-${index}`, at(59), at(119))),
    );
    expect(during.filter(Boolean)).toHaveLength(0);

    const after = await Promise.all(
      replicas.map((db, index) => claimLease(db, 'job', `replica-${index}`, at(60), at(120))),
    );
    expect(after.filter(Boolean)).toHaveLength(1);
  });

  it('keeps each job’s turn apart', async () => {
    expect(await claimLease(test.db, 'one', 'r1', at(0), at(60))).toBe(true);
    expect(await claimLease(test.db, 'two', 'r1', at(0), at(60))).toBe(true);
    expect(await claimLease(test.db, 'one', 'r2', at(1), at(61))).toBe(false);
  });
});
