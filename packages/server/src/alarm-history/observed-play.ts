import type { Kysely } from 'kysely';
import { deviceAlarmName } from '@playlist-alarms/core/alarms/alarm-hold-view';
import type {
  ObservedPlayAnswer,
  ObservedPlayBody,
} from '@playlist-alarms/core/alarms/observed-play-schemas';
import { checkObservedPlay, observationZone } from '@playlist-alarms/core/alarms/observed-play';
import type { HoldCaller } from '../alarm-holds/hold-change';
import { playerZone } from '../alarm-holds/player-config';
import { recordPlay } from '../db/alarm-history-repository';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import { configIfMaySee, type PlayerAccessDeps } from './player-access';

// A page saw a player's own alarm play (docs/decisions/alarm-history.md): the player's config, read
// with the caller's token (the history's access rule), must hold the alarm, and the instant must
// be one of its ringings in the player's zone within the hour, the card started in its window.

export interface ObservedPlayDeps extends PlayerAccessDeps {
  db: Kysely<Database>;
  now: () => Date;
}

export async function recordObservedPlay(
  deps: ObservedPlayDeps,
  caller: HoldCaller,
  deviceId: string,
  body: ObservedPlayBody,
): Promise<ObservedPlayAnswer> {
  const config = await configIfMaySee(deps, caller, deviceId);
  const now = deps.now();
  const checked = checkObservedPlay({
    list: config.device.config.alarms,
    alarm: body.alarm,
    dueAt: new Date(body.due_at),
    startedAt: new Date(body.started_at),
    now,
    timeZone: await observationZone({
      player: config.device.geoTimezone,
      page: body.time_zone,
      parent: () => playerZone(deps.db, config, caller.sub),
    }),
  });
  if (!checked.ok) throw new HttpError(400, checked.error);
  const recorded = await recordPlay(deps.db, {
    yoto_device_id: deviceId,
    alarm: body.alarm,
    due_at: checked.dueAt.toISOString(),
    yoto_user_id: caller.sub,
    alarm_name: deviceAlarmName(checked.alarm),
    started_at: new Date(body.started_at).toISOString(),
    recorded_at: now.toISOString(),
  });
  return { recorded };
}
