import { expect, it } from 'vitest';
import { describeOnDatabases, migratedDatabaseEach } from '../../test/support/cloud-api';
import {
  claimDueHolds,
  deleteLeasedHold,
  findHold,
  holdsOfDevice,
  putHold,
  releaseHold,
  type NewHold,
} from './alarm-holds-repository';

const NOW = new Date('2026-08-04T06:02:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const hold = (alarm: string, switchOnAt: Date): NewHold => ({
  yoto_device_id: 'player-1',
  alarm,
  yoto_user_id: 'auth0|holder',
  skip_until: '2026-08-04T06:00:00.000Z',
  paused_through: null,
  time_zone: 'Europe/London',
  switch_on_at: switchOnAt.toISOString(),
});

describeOnDatabases('alarm holds repository', (open) => {
  const test = migratedDatabaseEach(open);

  it('a second hold of the same string replaces the first (a pause over a skip), unleased', async () => {
    await putHold(test.db, hold('1111111,0700,c,,,6,0', NOW), NOW);
    await claimDueHolds(test.db, 'one', NOW, later(60_000));
    const paused = { ...hold('1111111,0700,c,,,6,0', later(86_400_000)), skip_until: null };
    await putHold(test.db, { ...paused, paused_through: '2026-08-05' }, later(1_000));
    const rows = await holdsOfDevice(test.db, 'player-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      paused_through: '2026-08-05',
      skip_until: null,
      state: 'held',
      lease_owner: null,
      next_attempt_at: later(86_400_000).toISOString(),
    });
  });

  it('claims a due hold once across two connections, and again only when the lease is over', async () => {
    await putHold(test.db, hold('1111111,0700,c,,,6,0', NOW), NOW);
    await putHold(test.db, hold('1111100,0800,c,,,6,0', later(60_000)), NOW);
    const other = test.connectAgain();
    const [a, b] = await Promise.all([
      claimDueHolds(test.db, 'a', NOW, later(60_000)),
      claimDueHolds(other, 'b', NOW, later(60_000)),
    ]);
    expect([...a, ...b].map((row) => row.alarm)).toEqual(['1111111,0700,c,,,6,0']);
    // Before the lease ends nobody else gets it; after, another may (its owner died).
    expect(await claimDueHolds(other, 'b', later(30_000), later(90_000))).toEqual([]);
    const again = await claimDueHolds(other, 'b', later(60_000), later(120_000));
    expect(again.map((row) => [row.alarm, row.lease_owner]).sort()).toEqual([
      ['1111100,0800,c,,,6,0', 'b'],
      ['1111111,0700,c,,,6,0', 'b'],
    ]);
  });

  it('only the lease’s owner releases or deletes the hold', async () => {
    const key = { yoto_device_id: 'player-1', alarm: '1111111,0700,c,,,6,0' };
    await putHold(test.db, hold(key.alarm, NOW), NOW);
    await claimDueHolds(test.db, 'a', NOW, later(60_000));
    await deleteLeasedHold(test.db, key, 'b');
    await releaseHold(test.db, key, 'b', { attempts: 9 }, NOW);
    expect(await findHold(test.db, key)).toMatchObject({ lease_owner: 'a', attempts: 0 });
    await releaseHold(test.db, key, 'a', { attempts: 1, next_attempt_at: later(10_000).toISOString() }, NOW);
    expect(await findHold(test.db, key)).toMatchObject({ lease_owner: null, attempts: 1 });
    await claimDueHolds(test.db, 'a', later(10_000), later(70_000));
    await deleteLeasedHold(test.db, key, 'a');
    expect(await findHold(test.db, key)).toBeUndefined();
  });
});
