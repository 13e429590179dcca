import { expect, it } from 'vitest';
import { leaseUntil } from '@playlist-alarms/core/cloud/firing-lease';
import { describeOnDatabases, migratedDatabaseEach } from '../../test/support/cloud-api';
import { ManualClock } from '../../test/support/manual-clock';
import { HeldLeases } from './held-leases';

// How long a claimant keeps renewing its lease (docs/decisions/firing-leases.md), on both dialects.

const OWNER = 'worker-a';
const NOW = new Date('2026-06-10T07:09:58.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describeOnDatabases('held leases: renewal', (open) => {
  const test = migratedDatabaseEach(open);

  const firing = async (id: string, dueAt: string, claimedAt: string) => {
    await test.db
      .insertInto('alarm_firings')
      .values({
        alarm_id: id,
        due_at: dueAt,
        claimed_by: OWNER,
        claimed_at: claimedAt,
        lease_owner: OWNER,
        lease_until: new Date(Date.parse(claimedAt) + 2_000).toISOString(),
      })
      .execute();
    return { alarm_id: id, due_at: dueAt };
  };
  const leaseOf = async (id: string) =>
    (
      await test.db
        .selectFrom('alarm_firings')
        .select('lease_until')
        .where('alarm_id', '=', id)
        .executeTakeFirst()
    )?.lease_until;

  it('a firing claimed late (a pass after an outage) stays leased past its tenth minute while it rings', async () => {
    const clock = new ManualClock(NOW);
    const held = new HeldLeases(test.db, clock, OWNER);
    // Due 9 min 58 s ago, found by a pass 5 s ago: its ringing runs on past the tenth minute.
    const late = await firing('late', ago(9 * 60_000 + 58_000), ago(5_000));
    held.hold(late, new Date(NOW.getTime() - 3_000));
    await clock.advance(10_000); // the tenth minute passes while it rings
    await held.renew();
    expect(await leaseOf('late')).toBe(leaseUntil(clock.now()).toISOString());
    expect(await held.mayStart('late@' + late.due_at)).toBe(true);
  });

  it('a ringing stuck ten minutes after its claim is let go, for the sweep to settle', async () => {
    const clock = new ManualClock(NOW);
    const held = new HeldLeases(test.db, clock, OWNER);
    const stuck = await firing('stuck', ago(10 * 60_000 + 3_000), ago(10 * 60_000 + 1_000));
    held.hold(stuck, new Date(NOW.getTime() - 1_000));
    await held.renew();
    expect(await leaseOf('stuck')).toBe(new Date(Date.parse(ago(10 * 60_000 + 1_000)) + 2_000).toISOString());
  });
});
