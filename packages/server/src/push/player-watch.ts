import type { Kysely } from 'kysely';
import { parseAlarmList } from '@playlist-alarms/core/alarms/alarm-codec';
import { effectiveTimeZone } from '@playlist-alarms/core/cloud/cloud-next-fire';
import { localDateOf } from '@playlist-alarms/core/alarms/skip-pause';
import { ringingsBetween, type WatchedCloudAlarm } from '@playlist-alarms/core/notifications/alarm-ringings';
import { eveningRiskCheck, isEvening } from '@playlist-alarms/core/notifications/evening-risk';
import {
  LOW_BATTERY_LEAD_MS,
  lowBatteryBeforeBedtime,
} from '@playlist-alarms/core/notifications/low-battery';
import type { ParentNotification } from '@playlist-alarms/core/notifications/parent-notification';
import { PREPARE_WINDOW_MS } from '@playlist-alarms/core/cloud/alarm-firing';
import type { DeviceConfig } from '@playlist-alarms/provider/rest-schemas';
import { watchedPlayerFromConfig, type WatchedPlayer } from '@playlist-alarms/core/notifications/player-risk';
import { toCloudAlarm } from '../db/alarms-repository';
import { listHouseholdAlarms, playersListedFor } from '../db/household-repository';
import { recentSends, timeZoneOf } from '../db/pending-notifications-repository';
import { rememberOwnAlarms } from '../db/player-own-alarms-repository';
import type { Database } from '../db/schema';
import { providerClient, type PlayerConfigAccess } from '../alarm-holds/player-config';
import type { AccessTokenSource } from '../alarm-worker/access-token-source';
import type { DeliveryLog } from './notification-delivery';
import { ownAlarmsOffline } from './own-alarms-offline';

// One parent's players as the evening check and the low-battery rule see them (docs/push-rules.md).
// The provider is read only when a rule can say something: in the evening (from 19:00 on the
// parent's clock) for players not yet warned about this evening, and in the two hours before a
// bedtime alarm for that alarm's player; and at any hour for a player whose own alarm (as last
// read) rings within the pass's window (own-alarms-offline.ts). Each such player's config once per
// pass, shared by the rules (it holds its battery, power, switch-off timeout, online flag and own
// alarms, which are kept for the next pass); the device list at most once, for the evening rules.

/** The news the rules build for one parent at `now` (not yet through the delivery rules). */
export async function watchParent(p: {
  db: Kysely<Database>;
  players: PlayerConfigAccess;
  tokens: AccessTokenSource;
  userId: string;
  now: Date;
  /** How far ahead to look for a player's own alarms (core's watchWindowMs of the interval). */
  windowMs?: number;
  log?: DeliveryLog;
}): Promise<ParentNotification[]> {
  const { db, userId, now } = p;
  const timeZone = effectiveTimeZone(await timeZoneOf(db, userId));
  const client = providerClient(p.players, () => p.tokens.accessTokenFor(userId));
  const configs = new Map<string, Promise<DeviceConfig>>();
  const readConfig = (deviceId: string): Promise<DeviceConfig> => {
    let config = configs.get(deviceId);
    if (config === undefined) {
      config = client.getDeviceConfig(deviceId);
      configs.set(deviceId, config);
    }
    return config;
  };
  const offline = await ownAlarmsOffline({
    db,
    userId,
    now,
    timeZone,
    windowMs: p.windowMs ?? PREPARE_WINDOW_MS,
    readConfig,
    log: p.log,
  });

  // The household's cloud alarms, as the parent's list shows them: another parent's on a player of
  // theirs counts too (their players as last listed, so the rules need no provider call).
  const listed = await playersListedFor(db, userId);
  const cloudAlarms: WatchedCloudAlarm[] = (await listHouseholdAlarms(db, userId, listed)).map(toCloudAlarm);
  const bedtimeSoon = new Set(
    ringingsBetween(now, new Date(now.getTime() + LOW_BATTERY_LEAD_MS + 1), {
      players: [],
      cloudAlarms: cloudAlarms.filter((alarm) => alarm.alarm_type === 'bedtime'),
      timeZone,
    }).map((ringing) => ringing.deviceId),
  );
  const evening = isEvening(now, timeZone);
  if (!evening && bedtimeSoon.size === 0) return offline;

  // A player already warned this evening needs no read for the evening check.
  const sent = new Set((await recentSends(db, userId, now)).map((record) => record.dedupKey));
  const eveningDate = localDateOf(now, timeZone);
  const wanted = (deviceId: string) =>
    bedtimeSoon.has(deviceId) || (evening && !sent.has(`alarm-at-risk:${deviceId}:${eveningDate}`));

  const watched: WatchedPlayer[] = [];
  for (const device of await client.getDevices()) {
    if (!wanted(device.deviceId)) continue;
    const config = await readConfig(device.deviceId);
    await rememberOwnAlarms(db, device.deviceId, config, now);
    watched.push(
      watchedPlayerFromConfig({
        player: { deviceId: device.deviceId, name: device.name },
        config,
        alarms: parseAlarmList(config.device.config.alarms).alarms,
      }),
    );
  }
  const rules = { now, timeZone, players: watched, cloudAlarms };
  return [...offline, ...eveningRiskCheck(rules), ...lowBatteryBeforeBedtime(rules)];
}
