import type { Kysely } from 'kysely';
import { parseAlarmList } from '@playlist-alarms/core/alarms/alarm-codec';
import { ringingsBetween, type PlayerAlarmList } from '@playlist-alarms/core/notifications/alarm-ringings';
import {
  OWN_ALARMS_TRUSTED_MS,
  offlineInPrepareWindow,
} from '@playlist-alarms/core/notifications/player-offline';
import type { ParentNotification } from '@playlist-alarms/core/notifications/parent-notification';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { playersListedFor } from '../db/household-repository';
import { ownAlarmsOf } from '../db/player-own-alarms-repository';
import type { Database } from '../db/schema';

// A player off in the minutes before one of its own alarms (docs/push-rules.md): the worker's
// prepare probe sees only cloud alarms, so each watch pass looks at the parent's players' own
// alarms as last read (player_own_alarms), and only when one rings within the pass's window asks
// the provider's device list, once, which of them is off. No config is read here.

export async function ownAlarmsOffline(p: {
  db: Kysely<Database>;
  userId: string;
  now: Date;
  /** The household's zone (a player without its own keeps it). */
  timeZone: string;
  /** How far ahead this pass looks (core's watchWindowMs of the pass interval). */
  windowMs: number;
  /** The parent's device list, asked at most once per pass across the rules. */
  deviceList: () => Promise<readonly Device[]>;
}): Promise<ParentNotification[]> {
  const { db, now, timeZone, windowMs } = p;
  const stored = await ownAlarmsOf(
    db,
    await playersListedFor(db, p.userId),
    new Date(now.getTime() - OWN_ALARMS_TRUSTED_MS),
  );
  const lists = new Map<string, PlayerAlarmList>(
    stored.map((row) => [
      row.deviceId,
      { deviceId: row.deviceId, timeZone: row.timeZone, alarms: parseAlarmList(row.alarms).alarms },
    ]),
  );
  const ringing = new Set(
    ringingsBetween(now, new Date(now.getTime() + windowMs + 1), {
      players: [...lists.values()],
      cloudAlarms: [],
      timeZone,
    }).map((found) => found.deviceId),
  );
  if (ringing.size === 0) return [];
  const news: ParentNotification[] = [];
  for (const device of await p.deviceList()) {
    const list = lists.get(device.deviceId);
    if (list === undefined || !ringing.has(device.deviceId) || device.online) continue;
    news.push(
      ...offlineInPrepareWindow({
        player: { ...list, name: device.name },
        offlineAt: now,
        timeZone,
        cloudAlarms: [],
        windowMs,
      }),
    );
  }
  return news;
}
