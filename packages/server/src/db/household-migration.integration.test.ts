import { afterEach, beforeEach, expect, it } from 'vitest';
import { shareOf } from '@playlist-alarms/core/cloud/worker-roster';
import { describeOnDatabases } from '../../test/support/cloud-api';
import type { TestDatabase } from '../../test/support/test-databases';
import { listHouseholdAlarms, listersOfPlayer, recordPlayers } from './household-repository';
import { migrateTo, migrateToLatest } from './migrations';
import type { AlarmsTable } from './schema';

// Migration 0009 on a database that already holds a family's data: every row stays as it was,
// each alarm is still its creator's, and the household's other parent reaches it once the provider
// has listed the player for both.

const AT = '2026-06-01T08:00:00.000Z';
const CREATOR = 'auth0|first-parent';
const PARTNER = 'auth0|second-parent';

const alarmRow = (id: string, userId: string, device: string) => ({
  id,
  yoto_user_id: userId,
  yoto_device_id: device,
  device_name: 'Kids’ room',
  alarm_name: `Alarm ${id}`,
  alarm_type: 'wakeup' as const,
  playlist_id: 'card-1',
  playlist_name: 'Morning',
  hour: 7,
  minute: 0,
  days: '1111100',
  volume: 6,
  is_enabled: 1,
  mqtt_config: null,
  next_fire_at: '2026-06-02T06:00:00.000Z',
  last_fired_at: '2026-06-01T06:00:00.000Z',
  last_outcome: 'played' as const,
  last_outcome_at: '2026-06-01T06:00:02.000Z',
  claimed_by: null,
  claimed_until: null,
  skip_until: null,
  paused_through: '2026-06-03',
  fade_in_minutes: 5,
  sleep_timer_minutes: null,
  night_light: null,
  created_at: AT,
  updated_at: AT,
});

describeOnDatabases('migration 0009_household_players', (open) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it('keeps every row of a database that had data, and the alarms stay their creators’', async () => {
    const { db } = database;
    await migrateTo(db, '0008_device_alarm_holds');
    for (const userId of [CREATOR, PARTNER]) {
      await db
        .insertInto('users')
        .values({
          yoto_user_id: userId,
          email: null,
          name: userId === CREATOR ? 'First' : 'Second',
          timezone: 'Europe/London',
          access_token_enc: null,
          token_expires_at: null,
          refresh_token_enc: null,
          created_at: AT,
          updated_at: AT,
        })
        .execute();
    }
    // The table as it was then: without the share migration 0019 adds.
    const rows = [
      alarmRow('alarm-1', CREATOR, 'player-family'),
      alarmRow('alarm-2', CREATOR, 'player-elsewhere'),
    ];
    await db
      .insertInto('alarms')
      .values(rows as AlarmsTable[])
      .execute();
    const stored = await db.selectFrom('alarms').selectAll().orderBy('id').execute();
    // Every column kept; 0019 adds the account's share.
    const before = stored.map((row) => ({ ...row, share: shareOf(row.yoto_user_id) }));
    const usersBefore = await db.selectFrom('users').selectAll().orderBy('yoto_user_id').execute();

    expect(await migrateToLatest(db)).toContain('0009_household_players');

    expect(await db.selectFrom('alarms').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await db.selectFrom('users').selectAll().orderBy('yoto_user_id').execute()).toEqual(usersBefore);
    expect(await db.selectFrom('household_players').selectAll().execute()).toEqual([]);
    // Until the provider has been asked, each alarm is its creator's alone.
    expect((await listHouseholdAlarms(db, CREATOR, [])).map((row) => row.id)).toEqual(['alarm-1', 'alarm-2']);
    expect(await listHouseholdAlarms(db, PARTNER, ['player-family'])).toEqual([]);

    // The provider lists the family's player for both parents: the second reaches that alarm only.
    await recordPlayers(db, CREATOR, ['player-family'], AT);
    await recordPlayers(db, PARTNER, ['player-family'], AT);
    const shared = await listHouseholdAlarms(db, PARTNER, ['player-family']);
    expect(shared).toEqual([before[0]]);
    expect(await listersOfPlayer(db, 'player-family')).toEqual([CREATOR, PARTNER]);

    // A player no longer listed goes; one listed before keeps its first time.
    await recordPlayers(db, PARTNER, ['player-new'], '2026-06-05T00:00:00.000Z');
    await recordPlayers(db, CREATOR, ['player-family', 'player-new'], '2026-06-05T00:00:00.000Z');
    expect(await listersOfPlayer(db, 'player-family')).toEqual([CREATOR]);
    expect(
      await db
        .selectFrom('household_players')
        .selectAll()
        .orderBy('yoto_user_id')
        .orderBy('yoto_device_id')
        .execute(),
    ).toEqual([
      { yoto_user_id: CREATOR, yoto_device_id: 'player-family', listed_at: AT },
      { yoto_user_id: CREATOR, yoto_device_id: 'player-new', listed_at: '2026-06-05T00:00:00.000Z' },
      { yoto_user_id: PARTNER, yoto_device_id: 'player-new', listed_at: '2026-06-05T00:00:00.000Z' },
    ]);
  });
});
