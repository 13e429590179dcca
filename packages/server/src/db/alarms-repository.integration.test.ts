import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { describeOnDatabases, migratedDatabaseEach } from '../../test/support/cloud-api';
import { AlarmLimitError, createAlarm, deleteAlarms, listAlarms, updateAlarm } from './alarms-repository';
import { saveUserProfile } from './users-repository';
import { findAlarm, findUser } from '../../test/support/stored-rows';

const now = new Date('2026-06-10T06:00:00.000Z'); // Wednesday
const input = cloudAlarmCreateSchema.parse({
  yoto_device_id: 'player-1',
  alarm_type: 'wakeup',
  playlist_id: 'card-1',
  hour: 7,
  minute: 30,
  days: '1111100',
});

describeOnDatabases('alarms repository', (open) => {
  const test = migratedDatabaseEach(open);

  it('indexes alarms by user, and by next_fire_at only where enabled (a partial index)', async () => {
    const rows = await sql<{ definition: string }>`
      select sql as definition from sqlite_master where name = 'alarms_enabled_next_fire_idx'
    `
      .execute(test.db)
      .catch(() =>
        sql<{ definition: string }>`
          select indexdef as definition from pg_indexes where indexname = 'alarms_enabled_next_fire_idx'
        `.execute(test.db),
      );
    expect(rows.rows[0]?.definition.replace(/[()"]/g, '')).toMatch(
      /on .*alarms.*next_fire_at.* where is_enabled = 1/i,
    );
  });

  it('scopes every read and write by the user id', async () => {
    const alarm = await createAlarm(test.db, 'auth0|a', input, now);
    expect(await findAlarm(test.db, 'auth0|b', alarm.id)).toBeNull();
    expect(await updateAlarm(test.db, 'auth0|b', alarm.id, { hour: 1 }, now)).toBeNull();
    expect(await deleteAlarms(test.db, 'auth0|b', { id: alarm.id })).toBe(0);
    expect(await deleteAlarms(test.db, 'auth0|b')).toBe(0);
    expect(await listAlarms(test.db, 'auth0|b')).toEqual([]);
    expect(await findAlarm(test.db, 'auth0|a', alarm.id)).toEqual(alarm);
  });

  it('refuses the eleventh alarm of an account, not another account’s first', async () => {
    for (let i = 0; i < 10; i += 1) await createAlarm(test.db, 'auth0|a', input, now);
    await expect(createAlarm(test.db, 'auth0|a', input, now)).rejects.toBeInstanceOf(AlarmLimitError);
    await expect(createAlarm(test.db, 'auth0|b', input, now)).resolves.toMatchObject({
      yoto_user_id: 'auth0|b',
    });
  });

  it('a time zone change moves every alarm’s next_fire_at, and the profile keeps no token', async () => {
    const alarm = await createAlarm(test.db, 'auth0|a', input, now);
    expect(alarm.next_fire_at).toBe('2026-06-10T07:30:00.000Z');
    await saveUserProfile(test.db, 'auth0|a', { timezone: 'America/New_York', name: 'A' }, now);
    expect((await findAlarm(test.db, 'auth0|a', alarm.id))?.next_fire_at).toBe('2026-06-10T11:30:00.000Z');
    expect(await findUser(test.db, 'auth0|a')).toMatchObject({
      timezone: 'America/New_York',
      name: 'A',
      access_token_enc: null,
      refresh_token_enc: null,
    });
  });
});
