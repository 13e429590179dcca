import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DeviceConfig } from '@playlist-alarms/provider/rest-schemas';
import type { Database } from './schema';

// Each player's own alarm list as the server last read its config (migration 0017): written
// wherever the server reads a config anyway, read by the player watch to know when a player's own
// alarms ring (docs/push-rules.md). The newest read wins; an older one arriving late changes nothing.
// A player no read has seen for OWN_ALARMS_KEEP_MS goes in the hourly retention pass.

type Db = Kysely<Database>;

export interface StoredOwnAlarms {
  deviceId: string;
  alarms: string[];
  timeZone: string | null;
  readAt: string;
}

const alarmsSchema = z.array(z.string());

/** The zone a config gives its player's own alarms; null lets the household's stand in. */
export function ownZoneOf(config: DeviceConfig): string | null {
  const zone = config.device.geoTimezone;
  return typeof zone === 'string' && zone !== '' ? zone : null;
}

/** Keeps the player's own alarms and zone from a config just read at `readAt`. */
export async function rememberOwnAlarms(
  db: Db,
  deviceId: string,
  config: DeviceConfig,
  readAt: Date,
): Promise<void> {
  const row = {
    yoto_device_id: deviceId,
    alarms: JSON.stringify(config.device.config.alarms),
    time_zone: ownZoneOf(config),
    read_at: readAt.toISOString(),
  };
  await db
    .insertInto('player_own_alarms')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('yoto_device_id')
        .doUpdateSet({ alarms: row.alarms, time_zone: row.time_zone, read_at: row.read_at })
        .where('player_own_alarms.read_at', '<=', row.read_at),
    )
    .execute();
}

/** The stored lists of these players read at or after `since`; a row that does not parse is skipped. */
export async function ownAlarmsOf(
  db: Db,
  deviceIds: readonly string[],
  since: Date,
): Promise<StoredOwnAlarms[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('player_own_alarms')
    .selectAll()
    .where('yoto_device_id', 'in', [...deviceIds])
    .where('read_at', '>=', since.toISOString())
    .orderBy('yoto_device_id')
    .execute();
  return rows.flatMap((row) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.alarms);
    } catch {
      return [];
    }
    const alarms = alarmsSchema.safeParse(parsed);
    return alarms.success
      ? [{ deviceId: row.yoto_device_id, alarms: alarms.data, timeZone: row.time_zone, readAt: row.read_at }]
      : [];
  });
}

/** Deletes the lists last read before `readBefore` (plain DELETE: replicas agree); returns how many. */
export async function purgeOwnAlarms(db: Db, readBefore: Date): Promise<number> {
  const result = await db
    .deleteFrom('player_own_alarms')
    .where('read_at', '<', readBefore.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
