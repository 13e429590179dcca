import type { Kysely } from 'kysely';
import { parseAlarmList } from '@playlist-alarms/core/alarms/alarm-codec';
import { ringingsBetween, type PlayerAlarmList } from '@playlist-alarms/core/notifications/alarm-ringings';
import {
  OWN_ALARMS_TRUSTED_MS,
  offlineInPrepareWindow,
} from '@playlist-alarms/core/notifications/player-offline';
import type { ParentNotification } from '@playlist-alarms/core/notifications/parent-notification';
import type { DeviceConfig } from '@playlist-alarms/provider/rest-schemas';
import { isOnline } from '../alarm-holds/player-config';
import { playersListedFor } from '../db/household-repository';
import { ownAlarmsOf, ownZoneOf, rememberOwnAlarms } from '../db/player-own-alarms-repository';
import type { Database } from '../db/schema';
import type { DeliveryLog } from './notification-delivery';

// A player off in the minutes before one of its own alarms (docs/push-rules.md): the worker's
// prepare probe sees only cloud alarms, so each watch pass looks at the parent's players' own
// alarms as last read (player_own_alarms). The stored list only says whom to ask: the web app
// changes a player's alarms straight at the provider, so an alarm deleted or switched off since
// the read would still "ring". So for each player whose stored list rings within the pass's window,
// its config is read once, kept, and only its fresh list and online flag decide the news.

/** One player's own alarms, zone and name as a config says. */
function freshList(deviceId: string, config: DeviceConfig): PlayerAlarmList & { name: string } {
  return {
    deviceId,
    name: config.device.name ?? deviceId,
    timeZone: ownZoneOf(config),
    alarms: parseAlarmList(config.device.config.alarms).alarms,
  };
}

export async function ownAlarmsOffline(p: {
  db: Kysely<Database>;
  userId: string;
  now: Date;
  /** The household's zone (a player without its own keeps it). */
  timeZone: string;
  /** How far ahead this pass looks (core's watchWindowMs of the pass interval). */
  windowMs: number;
  /** The player's config with the parent's token, read at most once per pass across the rules. */
  readConfig: (deviceId: string) => Promise<DeviceConfig>;
  log?: DeliveryLog;
}): Promise<ParentNotification[]> {
  const { db, now, timeZone, windowMs } = p;
  const stored = await ownAlarmsOf(
    db,
    await playersListedFor(db, p.userId),
    new Date(now.getTime() - OWN_ALARMS_TRUSTED_MS),
  );
  const until = new Date(now.getTime() + windowMs + 1);
  const ringing = new Set(
    ringingsBetween(now, until, {
      players: stored.map((row) => ({
        deviceId: row.deviceId,
        timeZone: row.timeZone,
        alarms: parseAlarmList(row.alarms).alarms,
      })),
      cloudAlarms: [],
      timeZone,
    }).map((found) => found.deviceId),
  );
  const news: ParentNotification[] = [];
  for (const deviceId of [...ringing].sort()) {
    let config: DeviceConfig;
    try {
      config = await p.readConfig(deviceId);
    } catch (error) {
      // A provider down, or a player the parent may no longer read: no news this pass, the others go on.
      p.log?.(
        'warn',
        `own alarms: reading a player's config failed, skipped this pass: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    await rememberOwnAlarms(db, deviceId, config, now);
    if (isOnline(config)) continue;
    news.push(
      ...offlineInPrepareWindow({
        player: freshList(deviceId, config),
        offlineAt: now,
        timeZone,
        cloudAlarms: [],
        windowMs,
      }),
    );
  }
  return news;
}
