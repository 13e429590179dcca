import type { Kysely } from 'kysely';
import { parseAlarm } from '@playlist-alarms/core/alarms/alarm-codec';
import {
  ALARM_HOLD_TEXTS,
  heldAlarmString,
  planAlarmHold,
  switchHeldAlarmOn,
} from '@playlist-alarms/core/alarms/alarm-hold';
import type {
  AlarmHold,
  AlarmHoldBody,
  AlarmHoldChangeAnswer,
} from '@playlist-alarms/core/alarms/alarm-hold-schemas';
import { ALARM_GONE, editAlarmList } from '@playlist-alarms/core/alarms/alarm-list-edit';
import { SKIP_PAUSE_TEXTS } from '@playlist-alarms/core/texts/skip-pause-texts';
import type { ProviderClient } from '@playlist-alarms/provider/rest-client';
import type { DeviceConfig } from '@playlist-alarms/provider/rest-schemas';
import {
  deleteHold,
  findHold,
  holdsOfDevice,
  putHold,
  restoreHold,
  toAlarmHold,
} from '../db/alarm-holds-repository';
import type { Database } from '../db/schema';
import { recordHoldSilenced } from '../alarm-history/silenced-record';
import { HttpError } from '../errors';
import {
  playerZone,
  providerClient,
  providerFailure,
  sameList,
  type PlayerConfigAccess,
} from './player-config';
import { rememberOwnAlarms } from '../db/player-own-alarms-repository';

// "Skip next", "Pause until…" and "Resume" of an alarm the player keeps
// (docs/decisions/device-alarm-holds.md). The hold row is stored before the player's config is
// written and put back as it was when the write fails, so a failure leaves nothing half-done: at
// worst a hold whose alarm is still on, which the runner finds "already on" and deletes.

export interface HoldChangeDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** After a skipped ringing, how long until the alarm goes back on (DEVICE_ALARM_HOLD_MARGIN_S). */
  marginMs: number;
  players: PlayerConfigAccess;
}

export interface HoldCaller {
  sub: string;
  token: string;
}

const REFUSED_AS_BAD_INPUT = new Set<string>([SKIP_PAUSE_TEXTS.badDate, SKIP_PAUSE_TEXTS.pastDate]);

async function withProvider<T>(
  deps: HoldChangeDeps,
  caller: HoldCaller,
  work: (client: ProviderClient) => Promise<T>,
) {
  try {
    return await work(providerClient(deps.players, () => Promise.resolve(caller.token)));
  } catch (error) {
    throw providerFailure(error);
  }
}

/** The player's holds, once the provider has shown the caller may read the player. */
export const listHolds = (deps: HoldChangeDeps, caller: HoldCaller, deviceId: string): Promise<AlarmHold[]> =>
  withProvider(deps, caller, async (client) => {
    // Read anyway to ask the provider: the player watch keeps its own alarms from it.
    await rememberOwnAlarms(deps.db, deviceId, await client.getDeviceConfig(deviceId), deps.now());
    return (await holdsOfDevice(deps.db, deviceId)).map(toAlarmHold);
  });

/** Writes the alarm list `edit` gives on the fresh config (409 when the alarm is gone); none when unchanged. */
async function writeAlarms(
  client: ProviderClient,
  deviceId: string,
  read: DeviceConfig,
  edit: (alarms: readonly string[]) => string[] | null,
): Promise<DeviceConfig> {
  const first = edit(read.device.config.alarms);
  if (first === null) throw new HttpError(409, ALARM_GONE);
  if (sameList(first, read.device.config.alarms)) return read;
  return client.changeDeviceConfig(deviceId, (block) => {
    const alarms = edit(block.alarms);
    if (alarms === null) throw new HttpError(409, ALARM_GONE);
    return { ...block, alarms };
  });
}

export function changeHold(
  deps: HoldChangeDeps,
  caller: HoldCaller,
  deviceId: string,
  body: AlarmHoldBody,
): Promise<AlarmHoldChangeAnswer> {
  const { db } = deps;
  return deps.players.queue.run(deviceId, () =>
    withProvider(deps, caller, async (client) => {
      const parsed = parseAlarm(body.alarm, body.index);
      if (!parsed.ok) throw new HttpError(400, parsed.error);
      const config = await client.getDeviceConfig(deviceId);
      const answer = async (final: DeviceConfig) => {
        await rememberOwnAlarms(db, deviceId, final, deps.now());
        return {
          holds: (await holdsOfDevice(db, deviceId)).map(toAlarmHold),
          alarms: final.device.config.alarms,
        };
      };
      const asSent = { yoto_device_id: deviceId, alarm: body.alarm };
      const heldNow = await findHold(db, asSent);

      if (body.change.action === 'resume') {
        if (heldNow === undefined) throw new HttpError(404, ALARM_HOLD_TEXTS.notHeld);
        if (switchHeldAlarmOn(config.device.config.alarms, body.alarm).kind === 'gone') {
          await deleteHold(db, asSent); // edited or deleted since: the hold has nothing left to do
          throw new HttpError(409, ALARM_GONE);
        }
        const final = await writeAlarms(client, deviceId, config, (alarms) => {
          const on = switchHeldAlarmOn(alarms, body.alarm);
          return on.kind === 'write' ? on.alarms : on.kind === 'already-on' ? [...alarms] : null;
        });
        // What the hold kept silent so far stays in the history (a pause resumed half-way).
        await recordHoldSilenced(db, heldNow, deps.now());
        await deleteHold(db, asSent);
        return answer(final);
      }

      // A held alarm is planned as the alarm it was before the hold (switched on).
      const alarm = heldNow === undefined ? parsed.alarm : { ...parsed.alarm, enabled: true };
      const zone = await playerZone(db, config, caller.sub);
      const plan = planAlarmHold(alarm, body.change, deps.now(), zone, deps.marginMs);
      if (!plan.ok) throw new HttpError(REFUSED_AS_BAD_INPUT.has(plan.error) ? 400 : 409, plan.error);
      const held = heldAlarmString(parsed.alarm);
      const key = { yoto_device_id: deviceId, alarm: held };
      const previous = await findHold(db, key);
      await putHold(
        db,
        {
          ...key,
          yoto_user_id: caller.sub,
          ...plan.marks,
          time_zone: zone,
          switch_on_at: plan.switchOnAt.toISOString(),
        },
        deps.now(),
      );
      let final: DeviceConfig;
      try {
        final = await writeAlarms(client, deviceId, config, (alarms) =>
          editAlarmList(alarms, parsed.alarm, held),
        );
      } catch (error) {
        await restoreHold(db, previous, key);
        throw error;
      }
      return answer(final);
    }),
  );
}
