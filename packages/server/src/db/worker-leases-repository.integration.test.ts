import { expect, it } from 'vitest';
import { describeOnDatabases, migratedDatabaseEach } from '../../test/support/cloud-api';
import { beatRoster, claimLease, leaveRoster } from './worker-leases-repository';

// The once-across-replicas turn on both dialects: of several connections asking at once one gets
// it; no one (the holder included) gets it again before it runs out; anyone may after.

const T0 = new Date('2026-11-02T06:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describeOnDatabases('worker leases', (open) => {
  const test = migratedDatabaseEach(open);

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

  it('lists the replicas whose beat has not lapsed, forgets a row stale for an hour, and lets one leave', async () => {
    const other = test.connectAgain();
    // Jobs' turns share the table and are never listed as replicas.
    await claimLease(test.db, 'job', 'r9', at(0), at(600));
    expect(await beatRoster(test.db, 'worker-b', at(0), at(0.25))).toEqual(['worker-b']);
    expect(await beatRoster(other, 'worker-a', at(0.1), at(0.35))).toEqual(['worker-a', 'worker-b']);
    // worker-b beats no more: at 0.25 min its row has lapsed.
    expect(await beatRoster(other, 'worker-a', at(0.25), at(0.5))).toEqual(['worker-a']);
    expect(await beatRoster(other, 'worker-c', at(0.3), at(0.55))).toEqual(['worker-a', 'worker-c']);
    const names = async () =>
      (await test.db.selectFrom('worker_leases').select('name').orderBy('name').execute()).map((r) => r.name);
    expect(await names()).toEqual([
      'alarm-worker:worker-a',
      'alarm-worker:worker-b',
      'alarm-worker:worker-c',
      'job',
    ]);
    // An hour after it lapsed, the next beat deletes worker-b's row; the job's turn stays.
    expect(await beatRoster(other, 'worker-a', at(60.4), at(60.65))).toEqual(['worker-a']);
    expect(await names()).toEqual(['alarm-worker:worker-a', 'alarm-worker:worker-c', 'job']);
    await leaveRoster(test.db, 'worker-a');
    expect(await beatRoster(other, 'worker-c', at(60.5), at(60.75))).toEqual(['worker-c']);
  });
});
