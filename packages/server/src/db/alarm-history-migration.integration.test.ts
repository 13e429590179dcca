import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnDatabases } from '../../test/support/cloud-api';
import type { TestDatabase } from '../../test/support/test-databases';
import { migrateTo, migrateToLatest } from './migrations';

// Migration 0010 on a database with firings in it (both dialects): a firing of an alarm that still
// exists gets its player, owner, name and type from the alarm; one whose alarm is gone keeps nulls
// (nothing to copy from) and the rest of every row stays as it was.

const AT = '2026-07-01T06:00:00.000Z';

describeOnDatabases('migration 0010_alarm_history with data', (open) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('backfills firings from their alarms and adds the silenced ringings table', async () => {
    await migrateTo(test.db, '0008_device_alarm_holds');
    // Raw SQL: the typed schema already has the columns this migration adds.
    await sql`insert into alarms (id, yoto_user_id, yoto_device_id, device_name, alarm_name, alarm_type,
      playlist_id, playlist_name, hour, minute, days, volume, is_enabled, created_at, updated_at)
      values ('alarm-1', 'auth0|a', 'player-1', 'Bedroom', 'School days', 'wakeup', 'card-1', 'Songs',
      7, 0, '1111100', 6, 1, ${AT}, ${AT})`.execute(test.db);
    for (const [alarmId, outcome] of [
      ['alarm-1', 'played'],
      ['alarm-gone', 'missed'],
    ])
      await sql`insert into alarm_firings (alarm_id, due_at, claimed_by, claimed_at, outcome, outcome_at, detail)
        values (${alarmId}, ${AT}, 'worker-1', ${AT}, ${outcome}, ${AT}, 'kept')`.execute(test.db);

    const applied = await migrateToLatest(test.db);
    expect(applied).toContain('0010_alarm_history');

    const firings = await test.db.selectFrom('alarm_firings').selectAll().orderBy('alarm_id').execute();
    expect(firings).toEqual([
      {
        alarm_id: 'alarm-1',
        due_at: AT,
        claimed_by: 'worker-1',
        claimed_at: AT,
        outcome: 'played',
        outcome_at: AT,
        detail: 'kept',
        yoto_user_id: 'auth0|a',
        yoto_device_id: 'player-1',
        alarm_name: 'School days',
        alarm_type: 'wakeup',
        played_at: null,
        faded: 0,
        // Migration 0015's lease: a firing claimed before it has none.
        lease_owner: null,
        lease_until: null,
        // Migration 0018's card: not known for a firing claimed before it.
        playlist_id: null,
      },
      {
        alarm_id: 'alarm-gone',
        due_at: AT,
        claimed_by: 'worker-1',
        claimed_at: AT,
        outcome: 'missed',
        outcome_at: AT,
        detail: 'kept',
        yoto_user_id: null,
        yoto_device_id: null,
        alarm_name: null,
        alarm_type: null,
        played_at: null,
        faded: 0,
        // Migration 0015's lease: a firing claimed before it has none.
        lease_owner: null,
        lease_until: null,
        // Migration 0018's card: not known for a firing claimed before it.
        playlist_id: null,
      },
    ]);
    // The new table takes a silenced ringing once, and refuses an outcome it does not keep.
    const ringing = {
      yoto_device_id: 'player-1',
      alarm: '1111100,0700,card-1,,,6,0',
      due_at: AT,
      yoto_user_id: 'auth0|a',
      alarm_name: 'alarm at 07:00',
      outcome: 'skipped' as const,
      recorded_at: AT,
    };
    await test.db.insertInto('device_alarm_ringings').values(ringing).execute();
    await expect(test.db.insertInto('device_alarm_ringings').values(ringing).execute()).rejects.toThrow();
    await expect(
      sql`insert into device_alarm_ringings (yoto_device_id, alarm, due_at, yoto_user_id, alarm_name, outcome, recorded_at)
        values ('p', 'a', ${AT}, 'u', 'n', 'played', ${AT})`.execute(test.db),
    ).rejects.toThrow();
    expect(await migrateToLatest(test.db)).toEqual([]);
  });
});
