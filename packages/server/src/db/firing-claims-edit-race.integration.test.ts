import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { alarmBody, describeOnPostgres } from '../../test/support/cloud-api';
import { holdTransaction, waitUntilBlockedBy } from '../../test/support/held-transaction';
import type { TestDatabase } from '../../test/support/test-databases';
import { createAlarm } from './alarms-repository';
import { claimFirings, firingKey, type Claim } from './firing-claims-repository';
import { migrateToLatest } from './migrations';
import type { AlarmsTable } from './schema';

// PostgreSQL's claim is one statement (firing-claims-repository.ts): it locks the alarms it finds
// still due, inserts their firings and moves them on. An edit of an alarm can be under way when the
// claim reads it: the claim then waits for the edit's lock, and must judge the alarm as the edit
// left it, never ring the old playlist or write the old next_fire_at over the edit's.

const USER = 'auth0|claim-edit-race';
const CREATED = new Date('2026-06-09T12:00:00.000Z');
const DUE = '2026-06-10T07:00:00.000Z';
const NEXT = '2026-06-11T07:00:00.000Z';
const EDITED_AT = '2026-06-10T06:59:59.000Z';

describeOnPostgres('a claim meeting an edit under way', (open) => {
  let test: TestDatabase;
  let edited: AlarmsTable;
  let other: AlarmsTable;

  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
    const body = cloudAlarmCreateSchema.parse(alarmBody({ hour: 7, minute: 0, days: '1111111' }));
    edited = await createAlarm(test.db, USER, body, CREATED);
    other = await createAlarm(test.db, USER, body, CREATED);
    expect([edited.next_fire_at, other.next_fire_at]).toEqual([DUE, DUE]);
  });
  afterEach(() => test.dispose());

  const claimOf = (alarm: AlarmsTable): Claim => ({
    alarmId: alarm.id,
    alarm,
    dueAt: DUE,
    nextFireAt: NEXT,
    claimedBy: 'replica-a',
    at: '2026-06-10T06:59:59.350Z',
    leaseUntil: '2026-06-10T07:00:01.350Z',
  });
  const stored = (id: string) =>
    test.db.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const firings = () => test.db.selectFrom('alarm_firings').select('alarm_id').execute();

  /**
   * Starts the claim of both alarms while another transaction has written `edit` to the first and
   * not committed it; once the claim waits for that row, the edit commits (or rolls back).
   */
  async function claimDuring(edit: string, end: 'commit' | 'rollback'): Promise<Set<string>> {
    const holder = await holdTransaction(test, async (trx) => {
      await sql`update alarms set ${sql.raw(edit)}, updated_at = ${EDITED_AT} where id = ${edited.id}`.execute(
        trx,
      );
    });
    const claimed = claimFirings(test.db, [claimOf(edited), claimOf(other)]);
    try {
      await waitUntilBlockedBy(test.db, holder.pid);
    } finally {
      // Let go whatever happened, so the claim ends too.
      await holder.release(end);
    }
    return claimed;
  }

  it('an alarm moved to another time meanwhile is not claimed; the rest of the batch is', async () => {
    const won = await claimDuring(`hour = 8, next_fire_at = '2026-06-10T08:00:00.000Z'`, 'commit');

    expect([...won]).toEqual([firingKey(other.id, DUE)]);
    expect(await firings()).toEqual([{ alarm_id: other.id }]);
    expect(await stored(edited.id)).toMatchObject({
      hour: 8,
      next_fire_at: '2026-06-10T08:00:00.000Z',
      last_fired_at: null,
      updated_at: EDITED_AT,
    });
    expect(await stored(other.id)).toMatchObject({ next_fire_at: NEXT, last_fired_at: DUE });
  });

  it('an alarm switched off meanwhile is not claimed', async () => {
    const won = await claimDuring('is_enabled = 0', 'commit');

    expect([...won]).toEqual([firingKey(other.id, DUE)]);
    expect(await firings()).toEqual([{ alarm_id: other.id }]);
    expect(await stored(edited.id)).toMatchObject({ is_enabled: 0, next_fire_at: DUE, last_fired_at: null });
  });

  it('an alarm given another playlist at the same time is not rung with the old one', async () => {
    const won = await claimDuring(`playlist_id = 'card-new'`, 'commit');

    expect([...won]).toEqual([firingKey(other.id, DUE)]);
    expect(await stored(edited.id)).toMatchObject({ playlist_id: 'card-new', next_fire_at: DUE });
  });

  it('an edit that is rolled back leaves the alarm to the claim', async () => {
    const won = await claimDuring(`hour = 8, next_fire_at = '2026-06-10T08:00:00.000Z'`, 'rollback');

    expect(won).toEqual(new Set([firingKey(edited.id, DUE), firingKey(other.id, DUE)]));
    expect(await stored(edited.id)).toMatchObject({ hour: 7, next_fire_at: NEXT, last_fired_at: DUE });
  });
});
